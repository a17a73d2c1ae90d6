import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCurrency, formatNumber } from '@/lib/format';
import { paymentsDomain, type PaymentPoint } from '../lib/payments';

type Props = { points: readonly PaymentPoint[]; currency: string };

// Theme colours from index.css, so the chart follows the app's palette.
const POSITIVE = 'var(--color-success)';
const NEGATIVE = 'var(--color-destructive)';

/** Net payment per date as bars above (received) or below (paid) zero. Default export: loaded lazily. */
export default function PaymentsChart({ points, currency }: Props) {
  return (
    <div className="h-64 w-full" role="img" aria-label={`Cash flows over time in ${currency}`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...points]} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={{ fontSize: 11 }} minTickGap={24} />
          <YAxis
            tick={{ fontSize: 11 }}
            width={72}
            domain={paymentsDomain(points)}
            tickFormatter={(value: number) => formatNumber(value, 0)}
          />
          <Tooltip formatter={(value) => [formatCurrency(Number(value), currency), 'Net payment']} />
          <ReferenceLine y={0} stroke="currentColor" strokeOpacity={0.3} />
          <Bar dataKey="amount" isAnimationActive={false}>
            {points.map((point) => (
              <Cell key={point.date} fill={point.amount >= 0 ? POSITIVE : NEGATIVE} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
