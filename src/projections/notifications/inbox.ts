import { NOTIFICATION_SOCKET_EVENT, type Notification } from '../../contracts/notifications.js';
import type { InboxEvent, NotificationCreated } from '../../domain/notifications/inbox.js';
import { userRoom } from '../../realtime/realtime.js';
import { defineProjection, type ProjectionContext } from '../projection.js';

/**
 * `notifications.inbox`: the `notifications` read model, built from the inbox streams' events alone (what the
 * notifier decided, what each user read), then pushed as `notification` after commit. A rebuild therefore gives
 * the same rows, read flags included.
 *
 * A chat notification for a room whose previous one is still unread refreshes that one (its date and text)
 * instead of adding one per message; decided here, in log order, so a replay refreshes the very same rows.
 * Rows are keyed by (source event, recipient), so a replay never doubles them.
 */
export const inboxProjection = defineProjection<InboxEvent>({
  name: 'notifications.inbox',
  eventTypes: ['notifications.NotificationCreated', 'notifications.NotificationsRead'],
  async handle(events, ctx) {
    for (const event of events) {
      switch (event.type) {
        case 'notifications.NotificationCreated':
          await onCreated(ctx, event.data);
          break;
        case 'notifications.NotificationsRead':
          await ctx.trx
            .updateTable('notifications')
            .set({ unread: false })
            .where('user_id', '=', event.data.userId)
            .where('id', 'in', event.data.notificationIds)
            .execute();
          break;
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('notifications').execute();
  },
});

async function onCreated(ctx: ProjectionContext, d: NotificationCreated['data']) {
  if (d.notificationType === 'chatMessage' && d.modelId) {
    const refreshed = await ctx.trx
      .updateTable('notifications')
      .set({ save_date: d.saveDate, message: d.message })
      .where('user_id', '=', d.userId)
      .where('type', '=', 'chatMessage')
      .where('model_id', '=', d.modelId)
      .where('unread', '=', true)
      .returningAll()
      .executeTakeFirst();
    if (refreshed) {
      const n = toNotification(refreshed);
      ctx.afterCommit(({ realtime }) => realtime.emit(userRoom(d.userId), NOTIFICATION_SOCKET_EVENT, n));
      return;
    }
  }
  const row = await ctx.trx
    .insertInto('notifications')
    .values({
      id: d.notificationId,
      user_id: d.userId,
      type: d.notificationType,
      model: d.model,
      model_id: d.modelId,
      message: d.message,
      url: d.url,
      unread: true,
      save_date: d.saveDate,
      source_event_id: d.sourceEventId,
    })
    .onConflict((oc) => oc.columns(['source_event_id', 'user_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return;
  const n = toNotification(row);
  ctx.afterCommit(({ realtime }) => realtime.emit(userRoom(d.userId), NOTIFICATION_SOCKET_EVENT, n));
}

export function toNotification(r: {
  id: string;
  message: string;
  save_date: Date | string;
  unread: boolean;
  url: string;
  model: string;
  type: string;
}): Notification {
  return {
    _id: r.id,
    detail: { message: r.message },
    saveDate: new Date(r.save_date).toISOString(),
    unread: r.unread,
    url: r.url,
    model: r.model,
    typeNotification: r.type as Notification['typeNotification'],
  };
}
