import { caseDetailSchema, caseListSchema, type CaseDetail, type CaseList, type CaseStatus } from '@meridian/schemas';
import { apiRequest, urlFromQueryKey } from '@/lib/api';
import { caseKeys } from './keys';

/** GET /api/surveillance/cases. */
export async function getCases(params: { status?: CaseStatus | 'open'; limit?: number }): Promise<CaseList> {
  return caseListSchema.parse(await apiRequest('GET', urlFromQueryKey(caseKeys.list(params))));
}

/** GET /api/surveillance/cases/:id — evidence and notes. */
export async function getCase(id: string): Promise<CaseDetail> {
  return caseDetailSchema.parse(await apiRequest('GET', urlFromQueryKey(caseKeys.detail(id))));
}

/** POST /api/surveillance/cases/:id/transition. */
export async function transitionCase(input: { id: string; status: CaseStatus; note: string }): Promise<CaseDetail> {
  const { id, ...body } = input;
  return caseDetailSchema.parse(await apiRequest('POST', `/api/surveillance/cases/${id}/transition`, body));
}

/** POST /api/surveillance/cases/:id/notes. */
export async function addCaseNote(input: { id: string; body: string }): Promise<CaseDetail> {
  return caseDetailSchema.parse(
    await apiRequest('POST', `/api/surveillance/cases/${input.id}/notes`, { body: input.body }),
  );
}

/** POST /api/surveillance/cases/:id/assign — to the caller. */
export async function assignCaseToMe(id: string): Promise<CaseDetail> {
  return caseDetailSchema.parse(await apiRequest('POST', `/api/surveillance/cases/${id}/assign`, {}));
}
