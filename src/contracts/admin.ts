import { z } from 'zod';
import { gridQuerySchema } from './events.js';

/** Platform administration (routes in src/http/accounts/admin-routes.ts, all for platform administrators). */

/** The grids' query plus `search`: the quick search over name and e-mail (accent- and case-insensitive). */
export const adminGridQuerySchema = gridQuerySchema.extend({ search: z.string().max(200).optional() });
export type AdminGridQuery = z.infer<typeof adminGridQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  administrator: z.boolean(),
  suspended: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** Events the user owns. */
  events: z.number().int(),
});
/** GET /admin/users: sortable/filterable fields displayName, email, administrator, suspended, emailVerified, createdAt, events. */
export const adminUsersResponseSchema = z.object({ rows: z.array(adminUserRowSchema), rowCount: z.number().int() });

export const adminOrganizerRowSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  suspended: z.boolean(),
  events: z.number().int(),
  publishedEvents: z.number().int(),
  lastEventAt: z.string().nullable(),
  createdAt: z.string(),
});
/** GET /admin/organizers: fields displayName, email, events, publishedEvents, lastEventAt, createdAt. */
export const adminOrganizersResponseSchema = z.object({ rows: z.array(adminOrganizerRowSchema), rowCount: z.number().int() });

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(['suspended', 'reactivated', 'administratorGranted', 'administratorRevoked']),
  at: z.string(),
  /** The administrator who acted (null: the command line, or an account deleted since). */
  by: z.object({ id: z.string(), displayName: z.string() }).nullable(),
});

/** GET /admin/users/:id: one account with its administration history ("Actividad"). */
export const adminUserDetailResponseSchema = z.object({
  data: adminUserRowSchema.omit({ events: true }).extend({ activity: z.array(adminAuditEntrySchema) }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailResponseSchema>['data'];

/** POST /admin/users/:id/{suspend,reactivate,administrator} and DELETE .../administrator answer the account. */
export const adminUserActionResponseSchema = z.object({ data: adminUserRowSchema.omit({ events: true }), message: z.string(), position: z.string().nullable() });

/** GET /admin/organizers/:id/events: the organizer and the events they own, newest first. */
export const adminOrganizerEventsResponseSchema = z.object({
  data: z.object({
    organizer: z.object({ id: z.string(), displayName: z.string(), email: z.string() }),
    events: z.array(
      z.object({
        id: z.string(),
        eventCode: z.string(),
        eventName: z.string(),
        startDate: z.string(),
        published: z.boolean(),
      }),
    ),
  }),
});
