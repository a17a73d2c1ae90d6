import { generateEvents, parseTerms, type ContractEvent, type TermProblem } from '@meridian/actus';
import {
  buildActusObservations,
  buildActusTerms,
  DIVIDEND_PROJECTION_YEARS,
  instrumentFormSchema,
  type InstrumentFormInput,
  type RawActusTerms,
} from '@meridian/schemas';

export type CashFlowPreview =
  /** The form itself does not validate yet: nothing to build terms from. */
  | { status: 'invalid' }
  /** Terms were built but the ACTUS engine refused them (the server would answer 422 with the same problems). */
  | { status: 'rejected'; terms: RawActusTerms; problems: TermProblem[] }
  | { status: 'ok'; terms: RawActusTerms; events: ContractEvent[] };

/** ACTUS contractID of a new instrument: the contract type plus a UTC timestamp (SPEC §3), e.g. 'PAM-20260101T120000Z'. */
export function previewContractId(contractType: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').slice(0, 15);
  return `${contractType}-${stamp}Z`;
}

/** Instruments without a maturity (stocks) are projected as far as their dividend projection reaches. */
function horizonFor(issueDate: string, maturityDate: string | null | undefined): string | undefined {
  if (maturityDate) return undefined;
  const year = Number(issueDate.slice(0, 4)) + DIVIDEND_PROJECTION_YEARS;
  return `${year}${issueDate.slice(4, 10)}T00:00`;
}

/**
 * What the issuer is about to issue, computed in the browser with the same pure builders the
 * server uses (buildActusTerms, buildActusObservations) and the ACTUS engine. The server never
 * trusts this result: it rebuilds and re-checks the terms on POST.
 */
export function previewCashFlows(values: InstrumentFormInput, now: Date): CashFlowPreview {
  const parsed = instrumentFormSchema.safeParse(values);
  if (!parsed.success) return { status: 'invalid' };
  const form = parsed.data;
  const contractId = previewContractId(form.contractType, now);
  const terms = buildActusTerms(form, { contractId });
  try {
    const contract = parseTerms(terms);
    if (!contract.ok) return { status: 'rejected', terms, problems: contract.error };
    const to = horizonFor(form.issueDate, form.maturityDate);
    const events = generateEvents(contract.value, {
      observations: buildActusObservations(form, { contractId }),
      ...(to ? { to } : {}),
    });
    if (!events.ok) return { status: 'rejected', terms, problems: events.error };
    return { status: 'ok', terms, events: events.value };
  } catch (error) {
    // An engine bug must not take the wizard down: show it like any other refusal.
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'rejected', terms, problems: [{ term: 'contract', code: 'ENGINE_ERROR', message }] };
  }
}
