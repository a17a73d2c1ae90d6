import { zodResolver } from '@hookform/resolvers/zod';
import { INSTRUMENT_MESSAGES, instrumentFormDefaults, instrumentFormSchema } from '@meridian/schemas';
import { describe, expect, it } from 'vitest';

// The wizard validates through react-hook-form's zod resolver, which reports a failed union by
// its first branch's first issue: the notional (number or decimal string) must still say why.
describe('wizard resolver messages', () => {
  const resolve = (notionalAmount: unknown) =>
    zodResolver(instrumentFormSchema)(
      { ...instrumentFormDefaults('2026-11-24'), contractType: 'PAM', name: 'Notes', notionalAmount } as never,
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );

  it('an empty notional says it is required', async () => {
    const { errors } = await resolve(null);
    expect(errors.notionalAmount?.message).toBe(INSTRUMENT_MESSAGES.notionalRequired);
  });

  it('a decimal-string notional is accepted as the number', async () => {
    const { errors } = await resolve('1000000.00');
    expect(errors.notionalAmount).toBeUndefined();
  });
});
