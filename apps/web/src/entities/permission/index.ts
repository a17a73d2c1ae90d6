export { getMyPermissions } from './api';
export { useMyPermissions } from './hooks';
export { permissionKeys } from './keys';
