import { lifecycleModule } from '../engine/lifecycle.js';
import { applyOpenEndedEvent, openEndedInitialState, openEndedSchedule } from './common/open-ended.js';

/** CLM: call money, capitalizing interest until maturity or an exercise (call) plus notice period. */
export const clm = lifecycleModule('CLM', {
  schedule: (terms, conv, ctx) => openEndedSchedule(terms, conv, ctx),
  initialState: (terms) => openEndedInitialState(terms),
  apply: applyOpenEndedEvent,
});
