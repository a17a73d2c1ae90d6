import type { Share } from '@/entities/portfolio';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { Badge } from '@/components/ui/badge';
import { formatCurrency, formatPercent } from '@/lib/format';

// Theme colours from index.css (charts follow the theme's variables).
const COLOURS = [
  'var(--color-brand)',
  'var(--color-info)',
  'var(--color-warning)',
  'var(--color-destructive)',
  'var(--color-primary)',
  'var(--color-success)',
  'var(--color-muted-foreground)',
  'var(--color-accent-foreground)',
];

/** A donut of shares with a legend listing each name, percent and value in `currency`. */
export function ShareDonut({ shares, currency, label }: { shares: Share[]; currency: string; label: string }) {
  return (
    <div className="grid items-center gap-4 sm:grid-cols-[10rem_1fr]">
      <div className="h-40 w-40" role="img" aria-label={label}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={shares}
              dataKey="value"
              nameKey="name"
              innerRadius="58%"
              outerRadius="95%"
              isAnimationActive={false}
              stroke="none"
            >
              {shares.map((s, i) => (
                <Cell key={s.name} fill={COLOURS[i % COLOURS.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(value, name) => [formatCurrency(Number(value), currency), String(name)]} />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul className="grid gap-1.5 text-sm" aria-label={`${label} legend`}>
        {shares.map((s, i) => (
          <li key={s.name} className="flex items-center gap-2">
            <span
              className="size-2.5 shrink-0 rounded-full"
              style={{ background: COLOURS[i % COLOURS.length] }}
              aria-hidden
            />
            <span className="min-w-0 flex-1 truncate" title={s.name}>
              {s.name}
            </span>
            {s.defaulted ? (
              <Badge variant="destructive" title="The issuer missed a payment: no further payments expected">
                Defaulted
              </Badge>
            ) : null}
            <span className="tabular-nums text-muted-foreground">
              {s.percent < 0.1 ? '<0.1%' : formatPercent(s.percent, { digits: 1 })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
