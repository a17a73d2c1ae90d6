/** Outcome of a root search: the root, or why none was found (result codes, no exceptions). */
export type RootResult =
  | { ok: true; value: number; iterations: number }
  | { ok: false; reason: 'NO_SIGN_CHANGE' | 'NOT_CONVERGED' | 'NOT_FINITE' };

export interface RootOptions {
  /** Absolute tolerance on x. */
  tolerance?: number;
  maxIterations?: number;
}

/**
 * Brent's method on [a, b]: bisection's guarantee with secant/inverse-quadratic speed.
 * `f(a)` and `f(b)` must have opposite signs (or one of them be zero).
 */
export function brentRoot(f: (x: number) => number, a: number, b: number, options: RootOptions = {}): RootResult {
  const tolerance = options.tolerance ?? 1e-12;
  const maxIterations = options.maxIterations ?? 200;
  let fa = f(a);
  let fb = f(b);
  if (!Number.isFinite(fa) || !Number.isFinite(fb)) return { ok: false, reason: 'NOT_FINITE' };
  if (fa === 0) return { ok: true, value: a, iterations: 0 };
  if (fb === 0) return { ok: true, value: b, iterations: 0 };
  if (Math.sign(fa) === Math.sign(fb)) return { ok: false, reason: 'NO_SIGN_CHANGE' };
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iteration = 1; iteration <= maxIterations; iteration += 1) {
    if (Math.sign(fb) === Math.sign(fc)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      [a, b, c] = [b, c, b];
      [fa, fb, fc] = [fb, fc, fb];
    }
    const tol = 2 * Number.EPSILON * Math.abs(b) + tolerance / 2;
    const m = (c - b) / 2;
    if (Math.abs(m) <= tol || fb === 0) return { ok: true, value: b, iterations: iteration };
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      // Try interpolation: secant when only two points are distinct, inverse quadratic otherwise.
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const r = fb / fc;
        const t = fa / fc;
        p = s * (2 * m * t * (t - r) - (b - a) * (r - 1));
        q = (t - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      // Accept the interpolated step only while it shrinks fast enough; else bisect.
      if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = f(b);
    if (!Number.isFinite(fb)) return { ok: false, reason: 'NOT_FINITE' };
  }
  return { ok: false, reason: 'NOT_CONVERGED' };
}
