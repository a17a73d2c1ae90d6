import { fxConversionSchema, type FxConversion, type FxConversionRequest } from '@meridian/schemas';
import { apiRequest } from '@/lib/api';

/** POST /api/fx/conversions: converts the user's own cash at the latest ECB reference rate. */
export async function convertCash(input: FxConversionRequest): Promise<FxConversion> {
  return fxConversionSchema.parse(await apiRequest('POST', '/api/fx/conversions', input));
}
