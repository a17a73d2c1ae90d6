export { adjustSpreads, getLiquidityPools } from './api';
export { useAdjustSpreads, useLiquidityPools } from './hooks';
export { liquidityKeys } from './keys';
