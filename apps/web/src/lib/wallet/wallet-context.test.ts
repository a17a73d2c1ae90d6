import { describe, expect, it } from 'vitest';
import { simulatedAccountAddress } from './wallet-context';

describe('simulatedAccountAddress', () => {
  it('is stable per user, distinct between users and marked simulated', () => {
    const a = simulatedAccountAddress('5f0c3a9e-1111-4e2b-9c1d-000000000001');
    expect(a).toBe(simulatedAccountAddress('5f0c3a9e-1111-4e2b-9c1d-000000000001'));
    expect(a).not.toBe(simulatedAccountAddress('5f0c3a9e-1111-4e2b-9c1d-000000000002'));
    expect(a).toMatch(/^account_sim_[0-9a-f]{8}/);
  });
});
