import type { InstrumentDetail } from '@meridian/schemas';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency, formatNumber, formatPercent } from '@/lib/format';

const PRICE_SOURCE_NOTES = {
  last: 'Last traded price',
  model: 'Model price: cash flows discounted on the risk-free curve plus the rating spread',
  issue: 'Issue price (never traded)',
} as const;

function Figure({ title, value, note }: { title: string; value: ReactNode; note: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="text-2xl font-semibold tabular-nums">{value}</div>
        <p className="text-xs text-muted-foreground">{note}</p>
      </CardContent>
    </Card>
  );
}

const years = (value: number | null) => (value === null ? '—' : `${formatNumber(value, 2, 2)} years`);

/** Price, yield, duration and DV01 of one unit, as computed by the server's risk package. */
export function PricingCards({ instrument }: { instrument: InstrumentDetail }) {
  const { currency } = instrument;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        title="Price per unit"
        value={instrument.price === null ? '—' : formatCurrency(instrument.price, currency)}
        note={instrument.priceSource ? PRICE_SOURCE_NOTES[instrument.priceSource] : 'No trade and no model price'}
      />
      <Figure
        title="Yield to maturity"
        value={instrument.yield === null ? '—' : formatPercent(instrument.yield)}
        note={`24h change ${formatPercent(instrument.priceChange, { signed: true })}`}
      />
      <Figure
        title="Duration"
        value={years(instrument.duration)}
        note={`Modified: ${years(instrument.modifiedDuration)}`}
      />
      <Figure
        title="DV01"
        value={instrument.dv01 === null ? '—' : formatCurrency(instrument.dv01, currency)}
        note="Price change per unit for 1 bp lower yields"
      />
    </div>
  );
}
