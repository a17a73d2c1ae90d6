import { lifecycleModule } from '../engine/lifecycle.js';
import { amortizerLifecycle } from './common/amortizer.js';

/** LAM: linear amortizer (fixed principal redemptions). */
export const lam = lifecycleModule('LAM', amortizerLifecycle('LAM'));
