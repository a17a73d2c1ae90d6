import { lifecycleModule } from '../engine/lifecycle.js';
import { amortizerLifecycle } from './common/amortizer.js';

/** ANN: annuity (constant instalment recomputed after each rate reset). */
export const ann = lifecycleModule('ANN', amortizerLifecycle('ANN'));
