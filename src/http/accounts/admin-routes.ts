import type { Router } from 'express';
import { z } from 'zod';
import {
  adminGridQuerySchema,
  adminOrganizerEventsResponseSchema,
  adminOrganizersResponseSchema,
  adminUserActionResponseSchema,
  adminUserDetailResponseSchema,
  adminUsersResponseSchema,
} from '../../contracts/admin.js';
import { adminDashboardResponseSchema } from '../../contracts/events.js';
import type { AppContext } from '../../context.js';
import { ADMIN_ACTION_MESSAGES, administerAccount } from '../../commands/accounts/admin.js';
import { messages } from '../../messages/es.js';
import { adminActivity, adminOrganizers, adminUser, adminUsers, countUsers } from '../../projections/accounts/admin.js';
import { eventTotals, myEvents } from '../../projections/events/queries.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';

const TAG = 'admin';
const userParams = z.object({ id: z.string().min(1).max(100) });

/** Platform administration (spec: the admin area, guarded by validateadmin): every route is `auth: 'admin'`. */
export function registerAdminRoutes(router: Router, ctx: AppContext) {
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/admin/dashboard', summary: 'Cifras de la plataforma', tag: TAG, auth: 'admin', response: adminDashboardResponseSchema },
    async () => {
      const [users, totals] = await Promise.all([countUsers(ctx.db), eventTotals(ctx.db)]);
      return { data: { users, ...totals } };
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/admin/organizers', summary: 'Organizadores (búsqueda, paginado, orden y filtro en el servidor)', tag: TAG, auth: 'admin', query: adminGridQuerySchema, response: adminOrganizersResponseSchema },
    async ({ query }) => adminOrganizers(ctx.db, query),
  );
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/admin/organizers/:id/events', summary: 'Eventos de un organizador', tag: TAG, auth: 'admin', params: userParams, response: adminOrganizerEventsResponseSchema },
    async ({ params }) => {
      const organizer = await adminUser(ctx.db, params.id);
      if (!organizer) throw new HttpError(404, messages.accounts.accountNotFound);
      const events = (await myEvents(ctx.db, params.id, 'all', undefined, ctx.clock()))
        .filter((e) => e.owner)
        .sort((a, b) => b.startDate.localeCompare(a.startDate))
        .map((e) => ({ id: e._id, eventCode: e.eventCode, eventName: e.eventName, startDate: e.startDate, published: e.published }));
      return { data: { organizer: { id: organizer.id, displayName: organizer.displayName, email: organizer.email }, events } };
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/admin/users', summary: 'Usuarios (búsqueda, paginado, orden y filtro en el servidor)', tag: TAG, auth: 'admin', query: adminGridQuerySchema, response: adminUsersResponseSchema },
    async ({ query }) => adminUsers(ctx.db, query),
  );
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/admin/users/:id', summary: 'Una cuenta y su actividad de administración', tag: TAG, auth: 'admin', params: userParams, response: adminUserDetailResponseSchema },
    async ({ params }) => {
      const [account, activity] = await Promise.all([adminUser(ctx.db, params.id), adminActivity(ctx.db, params.id)]);
      if (!account) throw new HttpError(404, messages.accounts.accountNotFound);
      return { data: { ...account, activity } };
    },
  );

  const actions = [
    { method: 'post', path: '/admin/users/:id/suspend', action: 'suspend', summary: 'Suspende una cuenta (sus sesiones terminan)' },
    { method: 'post', path: '/admin/users/:id/reactivate', action: 'reactivate', summary: 'Reactiva una cuenta suspendida' },
    { method: 'put', path: '/admin/users/:id/administrator', action: 'grant', summary: 'Hace administrador de la plataforma' },
    { method: 'delete', path: '/admin/users/:id/administrator', action: 'revoke', summary: 'Quita el rol de administrador de la plataforma (nunca al último ni a uno mismo)' },
  ] as const;
  for (const a of actions) {
    defineRoute(
      router,
      ctx,
      { method: a.method, path: a.path, summary: a.summary, tag: TAG, auth: 'admin', params: userParams, response: adminUserActionResponseSchema },
      async ({ params, user, req }) => {
        const { account, position } = await administerAccount(ctx, user!._id, params.id, a.action, req.get('Idempotency-Key') ? `admin:${a.action}:${req.get('Idempotency-Key')}` : undefined);
        return { data: account, message: ADMIN_ACTION_MESSAGES[a.action], position };
      },
    );
  }
}
