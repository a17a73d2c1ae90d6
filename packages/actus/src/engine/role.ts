/** +1 when the contract creator holds the asset side, -1 for the liability side. */
export const ROLE_SIGNS: Readonly<Record<string, number>> = {
  RPA: 1,
  RPL: -1,
  RFL: 1,
  PFL: -1,
  RF: 1,
  PF: -1,
  BUY: 1,
  SEL: -1,
  COL: 1,
  CNO: 1,
  UDL: 1,
  UDLP: 1,
  UDLM: -1,
  LG: 1,
  ST: -1,
};

/**
 * The sign of a role ({@link ROLE_SIGNS}; absent or unknown: +1). A switch over the
 * liability-side roles rather than a table lookup with a variable key (a megamorphic keyed
 * load, paid several times per event by the amortizers and once per call by every type).
 */
export function roleSign(role: string | undefined): number {
  switch (role) {
    case 'RPL':
    case 'PFL':
    case 'PF':
    case 'SEL':
    case 'UDLM':
    case 'ST':
      return -1;
    default:
      return 1;
  }
}
