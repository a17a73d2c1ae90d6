export { getCustodyAssets, getCustodySettlements, processSettlements } from './api';
export { useCustodyAssets, useCustodySettlements, useProcessSettlements } from './hooks';
export { custodyKeys } from './keys';
