export {
  decideCustodyApproval,
  getCustodyApprovals,
  getCustodyAssets,
  getCustodySettlements,
  processSettlements,
} from './api';
export {
  useCustodyApprovals,
  useCustodyAssets,
  useCustodySettlements,
  useDecideCustodyApproval,
  useProcessSettlements,
} from './hooks';
export { custodyKeys } from './keys';
