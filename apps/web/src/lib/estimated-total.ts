import { minorToDecimal, parseUnits, toSignedMinor } from './decimal';

/**
 * SPEC §4: Estimated Total = quantity x entered price, or x the current price when no price
 * was entered. Computed exactly on hundredths; null when there is nothing sound to multiply.
 * For display only: the server computes what the order reserves and pays.
 */
export function estimatedTotal(quantity: string, enteredPrice: string, currentPrice: string | null): string | null {
  const units = parseUnits(quantity);
  if (units === null) return null;
  const price = enteredPrice.trim() === '' ? toSignedMinor(currentPrice) : toSignedMinor(enteredPrice);
  if (price === null) return null;
  return minorToDecimal(units * price);
}
