import type { Router } from 'express';
import { notificationCountResponse, notificationPageResponse, notificationQuery } from '../../contracts/notifications.js';
import type { AppContext } from '../../context.js';
import { ForbiddenError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { readPage, unreadCount } from '../../projections/notifications/queries.js';
import { defineRoute } from '../route.js';

/** Routes of the notifications module (spec 7): only the caller's own notifications. */
export function registerNotificationsRoutes(router: Router, ctx: AppContext) {
  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/notification',
      summary: 'Notificaciones: update=false cuenta las no leídas; update=true devuelve una página y la marca leída',
      tag: 'notifications',
      auth: 'user',
      query: notificationQuery,
      response: notificationCountResponse.or(notificationPageResponse),
    },
    async ({ query, user }) => {
      const userId = user!._id;
      if (query._notificationUser && query._notificationUser !== userId) {
        throw new ForbiddenError('NOTIFICATIONS_NOT_OWN', messages.notifications.notOwn);
      }
      if (!query.update) return { notificationCountUnRead: await unreadCount(ctx.db, userId, query.query) };
      const page = await readPage(ctx.db, userId, { skip: query.skip, limit: query.limit, type: query.query });
      return { ...page, notificationCountUnRead: await unreadCount(ctx.db, userId) };
    },
  );
}
