import type { LiquidityPool } from '@meridian/schemas';
import { Info } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatPercent } from '@/lib/format';
import { APY_DEFINITION } from '../constants';

const STATUS_VARIANT = { active: 'success', paused: 'warning', idle: 'secondary' } as const;

/** Liquidity Positions (SPEC §2): one row per quoting programme. */
export function LiquidityPositionsTable({ pools }: { pools: LiquidityPool[] }) {
  if (pools.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">No quoting programmes yet</p>;
  return (
    <Table data-testid="liquidity-positions">
      <TableHeader>
        <TableRow>
          <TableHead>Pair</TableHead>
          <TableHead className="text-right">Liquidity</TableHead>
          <TableHead className="text-right">Spread</TableHead>
          <TableHead className="text-right">Volume 24h</TableHead>
          <TableHead className="text-right">
            <span className="inline-flex items-center gap-1" title={APY_DEFINITION}>
              APY <Info className="size-3" aria-label={APY_DEFINITION} />
            </span>
          </TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {pools.map((pool) => (
          <TableRow key={pool.instrumentId} data-instrument-id={pool.instrumentId}>
            <TableCell className="font-medium">{pool.pair}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCurrency(pool.liquidity, pool.currency)}</TableCell>
            <TableCell
              className="text-right tabular-nums"
              data-testid="pool-spread"
              title={`Programme spread ${pool.targetSpreadBp} bp`}
            >
              {pool.quotedSpreadBp === null ? '—' : `${pool.quotedSpreadBp.toFixed(1)} bp`}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatCurrency(pool.volume24h, pool.currency)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {pool.apy === null ? '—' : formatPercent(pool.apy, { signed: true })}
            </TableCell>
            <TableCell>
              <Badge variant={STATUS_VARIANT[pool.status]}>{pool.status}</Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
