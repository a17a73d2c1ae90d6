import { lifecycleModule } from '../engine/lifecycle.js';
import { applyOpenEndedEvent, openEndedInitialState, openEndedSchedule } from './common/open-ended.js';

/** UMP: undefined maturity profile (e.g. savings accounts) capitalizing interest on its cycle. */
export const ump = lifecycleModule('UMP', {
  schedule: (terms, conv, ctx) => openEndedSchedule(terms, conv, ctx),
  initialState: (terms) => openEndedInitialState(terms),
  apply: applyOpenEndedEvent,
});
