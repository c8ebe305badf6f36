import type { Router } from 'express';
import { notificationCountResponse, notificationPageResponse, notificationQuery } from '../../contracts/notifications.js';
import { markNotificationsRead } from '../../commands/notifications/inbox.js';
import type { AppContext } from '../../context.js';
import { ForbiddenError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { readPage, unreadCount } from '../../projections/notifications/queries.js';
import { waitForPosition } from '../../projections/wait.js';
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
      const { rows, data, docs } = await readPage(ctx.db, userId, { skip: query.skip, limit: query.limit, type: query.query });
      // The page answers as it was before this read; the read itself is recorded on the user's inbox stream.
      const read = await markNotificationsRead(ctx, userId, rows.filter((r) => r.unread).map((r) => r.id));
      const projected = read.position === null || (await waitForPosition(ctx.db, ctx.store, read.position));
      const unread = await unreadCount(ctx.db, userId);
      return { data, docs, notificationCountUnRead: projected ? unread : Math.max(0, unread - read.marked.length) };
    },
  );
}
