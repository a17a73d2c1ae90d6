/** One point of a zero curve: annually compounded zero rate (0.04 = 4 %) for a tenor in years. */
export interface CurvePoint {
  tenor: number;
  rate: number;
}

/** A zero-coupon curve, points sorted by tenor (see `makeCurve`). */
export type ZeroCurve = readonly CurvePoint[];

/** Sorts and checks curve points: at least one, finite, positive distinct tenors. */
export function makeCurve(points: readonly CurvePoint[]): ZeroCurve {
  if (points.length === 0) throw new RangeError('A curve needs at least one point');
  const sorted = [...points].sort((a, b) => a.tenor - b.tenor);
  sorted.forEach((point, index) => {
    if (!Number.isFinite(point.tenor) || !Number.isFinite(point.rate) || point.tenor <= 0) {
      throw new RangeError(`Invalid curve point ${JSON.stringify(point)}`);
    }
    if (index > 0 && sorted[index - 1]!.tenor === point.tenor) throw new RangeError(`Duplicate tenor ${point.tenor}`);
  });
  return sorted;
}

/** Zero rate at `time` years: linear between tenors, flat before the first and after the last. */
export function zeroRate(curve: ZeroCurve, time: number): number {
  const first = curve[0]!;
  const last = curve[curve.length - 1]!;
  if (time <= first.tenor) return first.rate;
  if (time >= last.tenor) return last.rate;
  let upper = 1;
  while (curve[upper]!.tenor < time) upper += 1;
  const lo = curve[upper - 1]!;
  const hi = curve[upper]!;
  return lo.rate + ((hi.rate - lo.rate) * (time - lo.tenor)) / (hi.tenor - lo.tenor);
}

/** Discount factor `(1 + z(t) + spread)^-t` with annual compounding; `spread` in decimal (0.01 = 100 bp). */
export function discountFactor(curve: ZeroCurve, time: number, spread = 0): number {
  return (1 + zeroRate(curve, time) + spread) ** -time;
}

/** The curve moved in parallel by `shift` (decimal), for scenario and sensitivity work. */
export function shiftCurve(curve: ZeroCurve, shift: number): ZeroCurve {
  return curve.map((point) => ({ tenor: point.tenor, rate: point.rate + shift }));
}

/**
 * Annually compounded forward rate between `from` and `to` years implied by the curve:
 * ((1 + z(to))^to / (1 + z(from))^from)^(1 / (to - from)) - 1.
 */
export function forwardRate(curve: ZeroCurve, from: number, to: number): number {
  if (!(to > from)) throw new RangeError(`Forward period must end after it starts: ${from} -> ${to}`);
  const start = Math.max(0, from);
  const growth = (1 + zeroRate(curve, to)) ** to / (1 + zeroRate(curve, start)) ** start;
  return growth ** (1 / (to - start)) - 1;
}
