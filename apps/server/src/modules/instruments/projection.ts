import { forwardRate, yearFraction, type ZeroCurve } from '@meridian/risk';
import { referenceRateCode, type ActusObservations } from '@meridian/schemas';

/**
 * Market data for valuing a floating-rate instrument today: the reference-rate fixings still
 * ahead are replaced by the forward rates the currency curve implies for each reset period
 * (fixings already past keep their value). The issue-time projection kept every fixing at the
 * first one, which is right for a preview but not for a price. Null when nothing floats.
 */
export function forwardProjection(
  observations: ActusObservations,
  currency: string,
  curve: ZeroCurve,
  valuationDay: string,
): ActusObservations | null {
  const code = referenceRateCode(currency);
  const series = observations[code];
  if (!series || series.length === 0) return null;
  const fixings = series.map((point, i) => {
    const start = yearFraction(valuationDay, point.timestamp);
    if (start <= 0) return point;
    const next = series[i + 1] ?? series[i - 1];
    const period = next ? Math.abs(yearFraction(point.timestamp, next.timestamp)) : 0.5;
    return { timestamp: point.timestamp, value: forwardRate(curve, start, start + (period || 0.5)) };
  });
  return { ...observations, [code]: fixings };
}
