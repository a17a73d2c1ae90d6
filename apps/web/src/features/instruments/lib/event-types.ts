/** Readable names of ACTUS event types (data dictionary "eventType"). */
const EVENT_TYPE_NAMES: Record<string, string> = {
  AD: 'Analysis',
  IED: 'Initial exchange',
  PRD: 'Purchase',
  TD: 'Termination',
  MD: 'Maturity',
  IP: 'Interest payment',
  IPCI: 'Interest capitalisation',
  PR: 'Principal redemption',
  PI: 'Principal increase',
  PP: 'Prepayment',
  PY: 'Penalty',
  FP: 'Fee payment',
  RR: 'Rate reset',
  RRF: 'Rate reset (fixed)',
  SC: 'Scaling',
  DV: 'Dividend',
  XD: 'Exercise',
  STD: 'Settlement',
  CE: 'Credit event',
  IPFX: 'Fixed leg interest',
  IPFL: 'Floating leg interest',
  IPCB: 'Interest base fixing',
  PRF: 'Principal redemption fixing',
};

export function eventTypeName(eventType: string): string {
  return EVENT_TYPE_NAMES[eventType] ?? eventType;
}
