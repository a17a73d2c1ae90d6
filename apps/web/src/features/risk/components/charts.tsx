import type { RiskMetrics } from '@meridian/schemas';
import { Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCurrency, formatNumber } from '@/lib/format';

// Theme colours from index.css.
const COLOURS = [
  'var(--color-brand)',
  'var(--color-info)',
  'var(--color-warning)',
  'var(--color-destructive)',
  'var(--color-primary)',
];

/** Portfolio Exposure donut from real positions (USD, gross). Default export: loaded lazily. */
export function ExposureDonut({ exposure, currency }: { exposure: RiskMetrics['exposure']; currency: string }) {
  return (
    <div className="h-64 w-full" role="img" aria-label="Portfolio exposure by asset class">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie
            data={exposure.map((e) => ({ ...e, amount: Number(e.value) }))}
            dataKey="amount"
            nameKey="category"
            innerRadius="55%"
            outerRadius="80%"
            isAnimationActive={false}
          >
            {exposure.map((e, i) => (
              <Cell key={e.category} fill={COLOURS[i % COLOURS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(value, name) => [formatCurrency(Number(value), currency), String(name)]} />
          <Legend
            formatter={(value: string) => `${value} ${exposure.find((e) => e.category === value)?.percent ?? 0}%`}
          />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

/** VaR Historical Trend: the stored daily 95 % and 99 % 1-day VaR. */
export function VarTrend({ history, currency }: { history: RiskMetrics['history']; currency: string }) {
  const data = history.map((h) => ({ date: h.date, var95: Number(h.var95), var99: Number(h.var99) }));
  return (
    <div className="h-64 w-full" role="img" aria-label="VaR historical trend, 95% and 99%">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <XAxis dataKey="date" tick={{ fontSize: 11 }} minTickGap={32} />
          <YAxis tick={{ fontSize: 11 }} width={72} tickFormatter={(v: number) => formatNumber(v, 0)} />
          <Tooltip
            formatter={(value, name) => [
              formatCurrency(Number(value), currency),
              name === 'var95' ? 'VaR 95%' : 'VaR 99%',
            ]}
          />
          <Legend formatter={(value: string) => (value === 'var95' ? '95%' : '99%')} />
          <Line type="monotone" dataKey="var95" stroke={COLOURS[0]} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="var99" stroke={COLOURS[3]} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
