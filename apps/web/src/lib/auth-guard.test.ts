import { describe, expect, it } from 'vitest';
import { signedOutResponse } from './auth-guard';

describe('signedOutResponse', () => {
  it('standard screens: destructive Unauthorized toast, redirect after 500 ms', () => {
    expect(signedOutResponse('standard')).toEqual({
      toast: { title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' },
      redirectDelayMs: 500,
    });
  });

  it('trading: Please log in again, immediate redirect', () => {
    expect(signedOutResponse('trading')).toEqual({
      toast: { title: 'Unauthorized', description: 'Please log in again', variant: 'destructive' },
      redirectDelayMs: 0,
    });
  });
});
