import { describe, expect, it } from 'vitest';
import { brentRoot } from './root';

describe('brentRoot', () => {
  it('solves cos(x) = x (Dottie number 0.7390851332)', () => {
    const root = brentRoot((x) => Math.cos(x) - x, 0, 1);
    expect(root.ok && root.value).toBeCloseTo(0.7390851332151607, 12);
  });
  it('solves a polynomial with a nearby double root safely', () => {
    const root = brentRoot((x) => (x - 1) ** 3 * (x + 2), 0, 5);
    expect(root.ok && root.value).toBeCloseTo(1, 4);
  });
  it('reports a bracket without a sign change', () => {
    expect(brentRoot((x) => x * x + 1, -1, 1)).toEqual({ ok: false, reason: 'NO_SIGN_CHANGE' });
  });
});
