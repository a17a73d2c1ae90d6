/** +1 when the contract creator holds the asset side, -1 for the liability side. */
const ROLE_SIGNS: Readonly<Record<string, number>> = {
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

export function roleSign(role: string | undefined): number {
  return ROLE_SIGNS[role ?? 'RPA'] ?? 1;
}
