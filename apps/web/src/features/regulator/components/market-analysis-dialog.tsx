import type { MarketOverview } from '@meridian/schemas';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatNumber, formatPercent, formatPrice } from '@/lib/format';

type Props = { data: MarketOverview; open: boolean; onOpenChange: (open: boolean) => void };

/** Market Analysis: the market health figures of every listed instrument. */
export function MarketAnalysisDialog({ data, open, onOpenChange }: Props) {
  const rows = [...data.instruments].sort((a, b) => b.trades24h - a.trades24h || a.name.localeCompare(b.name));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>Market Analysis</DialogTitle>
          <DialogDescription>
            Per instrument: resting book spread and depth (±2% of mid, {data.reportingCurrency}), 24h realised
            volatility of hourly closes (annualised) and trading.
          </DialogDescription>
        </DialogHeader>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Instrument</TableHead>
              <TableHead className="text-right">Last</TableHead>
              <TableHead className="text-right">Spread</TableHead>
              <TableHead className="text-right">Depth</TableHead>
              <TableHead className="text-right">Volatility</TableHead>
              <TableHead className="text-right">Trades (24h)</TableHead>
              <TableHead className="text-right">Volume (24h)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((i) => (
              <TableRow key={i.instrumentId} data-testid="analysis-row">
                <TableCell className="font-medium">{i.name}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {i.lastPrice ? formatPrice(i.lastPrice, i.currency) : '–'}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {i.spreadBps === null ? '–' : `${formatNumber(i.spreadBps, 1)} bps`}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCurrency(i.depth, data.reportingCurrency)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {i.volatilityPct === null ? '–' : formatPercent(i.volatilityPct, { digits: 1 })}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(i.trades24h)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCurrency(i.volume24h, data.reportingCurrency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
}
