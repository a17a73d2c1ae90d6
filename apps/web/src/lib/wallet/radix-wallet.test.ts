import { describe, expect, it } from 'vitest';
import { walletErrorMessage, WALLET_FAILURES } from './radix-wallet';
import { WALLET_ERRORS } from './wallet-context';

describe('wallet error texts (SPEC §8)', () => {
  it('maps the wallet answers to the SPEC wording', () => {
    expect(walletErrorMessage({ error: 'invalidRequest', message: 'Invalid request: bad item' })).toBe(
      WALLET_FAILURES.invalidRequest,
    );
    expect(walletErrorMessage(new Error('User rejected the request'))).toBe('Connection cancelled by user.');
    expect(walletErrorMessage({ error: 'rejectedByUser' })).toBe('Connection cancelled by user.');
    expect(walletErrorMessage(new Error(WALLET_ERRORS.timeout))).toBe('Request timeout after 10 seconds');
    expect(walletErrorMessage(new Error('socket closed'))).toBe('Connection failed: socket closed');
    expect(walletErrorMessage(42)).toBe('Failed to connect wallet. Please try again.');
  });
});
