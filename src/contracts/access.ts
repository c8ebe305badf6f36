import { z } from 'zod';

/**
 * Contracts of the access module: the access matrix (roles, actions, pages, menus, grant rules) for the web app
 * (`@contracts/access`), so its drawers read the same table as the server's checks, and the socket guard's payloads.
 */
export {
  ACCESS_ACTIONS,
  ACCESS_MATRIX,
  ACCESS_ROLES,
  OWNER_ROLES,
  actionsFor,
  grantableTeamRoles,
  isMenuGroup,
  mayGrant,
  normalizePage,
  pageAllowed,
  pagesOf,
  permissionOf,
  rolesOfModule,
  type AccessAction,
  type AccessRole,
  type MatrixMenuEntry,
  type MatrixMenuGroup,
  type MatrixMenuItem,
  type RolePermission,
  type RolesByModule,
} from '../domain/access/matrix.js';
import { ACCESS_ACTIONS } from '../domain/access/matrix.js';

export const accessActionSchema = z.enum(ACCESS_ACTIONS);

/**
 * Socket events of the access module. `event:subscribe` joins the socket to the event's room (`event:<id>`) once
 * the socket guard allows it (same matrix and read model as the HTTP guard); the ack is `{ ok: true, eventId }`
 * or `{ ok: false, status, code, message }`.
 */
export const ACCESS_SOCKET_EVENTS = { subscribe: 'event:subscribe', unsubscribe: 'event:unsubscribe' } as const;
export const eventSubscribePayloadSchema = z.object({
  event: z.string().min(1).max(100),
  module: z.string().max(50).optional(),
  page: z.string().max(300).optional(),
  action: accessActionSchema.optional(),
});
export type EventSubscribePayload = z.infer<typeof eventSubscribePayloadSchema>;
