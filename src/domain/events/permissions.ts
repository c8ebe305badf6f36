/**
 * The events module's view of the access matrix. The matrix itself (roles, actions, pages, grant rules) lives in
 * the access module (src/domain/access/matrix.ts); this file only re-exports what the events module uses.
 */
export {
  ACCESS_MATRIX as PERMISSION_MATRIX,
  actionsFor,
  isModule,
  mayGrant,
  normalizePage,
  pageAllowed,
  pagesOf,
  permissionOf,
  type RolePermission,
  type RolesByModule,
} from '../access/matrix.js';
