import { lifecycleModule } from '../engine/lifecycle.js';
import { amortizerLifecycle } from './common/amortizer.js';

/** NAM: negative amortizer (fixed instalment including interest; principal may grow). */
export const nam = lifecycleModule('NAM', amortizerLifecycle('NAM'));
