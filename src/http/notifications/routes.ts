import type { Router } from 'express';
import {
  markNotificationsReadRequest,
  markNotificationsReadResponse,
  notificationCountResponse,
  notificationPageResponse,
  notificationQuery,
} from '../../contracts/notifications.js';
import { markAllNotificationsRead, markNotificationsRead } from '../../commands/notifications/inbox.js';
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
      summary: 'Notificaciones: update=false cuenta las no leídas; update=true devuelve una página (sin marcarla leída)',
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
      // A read is side-effect free: marking what the user saw is the explicit PUT notification/read.
      const [{ data, docs }, unread] = await Promise.all([
        readPage(ctx.db, userId, { skip: query.skip, limit: query.limit, type: query.query }),
        unreadCount(ctx.db, userId),
      ]);
      return { data, docs, notificationCountUnRead: unread };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/notification/read',
      summary: 'Marca leídas las notificaciones indicadas (las de la página que se mostró); repetirlo no cambia nada',
      tag: 'notifications',
      auth: 'user',
      body: markNotificationsReadRequest,
      response: markNotificationsReadResponse,
    },
    async ({ body, user }) => answerMarked(ctx, user!._id, await markNotificationsRead(ctx, user!._id, body.ids)),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/notification/read-all',
      summary: 'Marca leídas todas las notificaciones no leídas del usuario; repetirlo no cambia nada',
      tag: 'notifications',
      auth: 'user',
      response: markNotificationsReadResponse,
    },
    async ({ user }) => answerMarked(ctx, user!._id, await markAllNotificationsRead(ctx, user!._id)),
  );
}

/** The answer of both read commands: what was marked and the unread count after it. */
async function answerMarked(ctx: AppContext, userId: string, read: { marked: string[]; position: string | null }) {
  // The count answered includes this command when the projection catches up in time (it normally does).
  const projected = read.position === null || (await waitForPosition(ctx.db, ctx.store, read.position));
  const unread = await unreadCount(ctx.db, userId);
  return {
    data: { marked: read.marked },
    notificationCountUnRead: projected ? unread : Math.max(0, unread - read.marked.length),
    position: read.position,
  };
}
