export { addCaseNote, assignCaseToMe, getCase, getCases, transitionCase } from './api';
export { useAddCaseNote, useAssignCaseToMe, useCase, useCases, useTransitionCase } from './hooks';
export { caseKeys } from './keys';
