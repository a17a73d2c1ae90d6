export { convertCash } from './api';
export { useConvertCash } from './hooks';
export { fxKeys } from './keys';
