import { describe, it } from 'vitest';
import { inboxDecider, type InboxEvent } from '../../src/domain/notifications/inbox.js';
import { chatMessageNotification } from '../../src/domain/notifications/notification.js';
import { DeciderSpecification, SPEC_NOW } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(inboxDecider);
const at = SPEC_NOW.toISOString();
const planned = chatMessageNotification({ receiverId: 'dani', senderName: 'Carla', roomId: 'room-1', roomType: 'individual', roomName: '' });
const notify = (notificationId: string) => ({
  type: 'notifications.Notify' as const,
  data: { notificationId, planned, saveDate: at, sourceEventId: `source-${notificationId}` },
});
const created = (notificationId: string): InboxEvent => ({
  type: 'notifications.NotificationCreated',
  data: {
    notificationId,
    userId: 'dani',
    notificationType: 'chatMessage',
    model: 'chatRoom',
    modelId: 'room-1',
    message: 'Carla te envió un mensaje.',
    url: '/chat',
    saveDate: at,
    sourceEventId: `source-${notificationId}`,
  },
});
const markRead = (...notificationIds: string[]) => ({ type: 'notifications.MarkRead' as const, data: { userId: 'dani', notificationIds } });

describe('notification inbox decider', () => {
  it('records what the notifier decided, once', () => {
    spec.given([]).when(notify('n1')).then([created('n1')]);
    spec.given([created('n1')]).when(notify('n1')).then([]);
  });

  it('marks read only unread notifications of this inbox, each once', () => {
    spec
      .given([created('n1'), created('n2')])
      .when(markRead('n2', 'n2', 'elsewhere'))
      .then([{ type: 'notifications.NotificationsRead', data: { userId: 'dani', notificationIds: ['n2'], readAt: at } }]);
    const read: InboxEvent = { type: 'notifications.NotificationsRead', data: { userId: 'dani', notificationIds: ['n2'], readAt: at } };
    spec.given([created('n1'), created('n2'), read]).when(markRead('n2')).then([]);
    spec.given([created('n1'), created('n2')]).when(markRead('n1')).thenState({ notifications: { n1: { unread: false }, n2: { unread: true } } });
    spec.given([]).when(markRead('n1')).then([]);
  });
});
