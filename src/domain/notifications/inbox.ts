/**
 * A user's notification inbox (stream `notifications-<userId>`): the notifications the notifier decided to
 * send and the ones the user read. Both are recorded facts, so the `notifications` read model is rebuilt from
 * the log alone: the notifier's decisions depend on things the log does not hold (whether the receiver of a
 * chat message had a connected socket at that moment), and reading a page marks it read.
 *
 * Pure decider. The state a command needs is small and, like the chat's receipts, is loaded from the read
 * model by the command handler (the unread notifications of the page being read), never by folding the whole
 * inbox; `evolve` builds the same shape, so the specifications fold history to set it up.
 */
import type { NotificationType } from '../../contracts/notifications.js';
import type { Decider, DecideContext } from '../shared/types.js';
import type { PlannedNotification } from './notification.js';

export const inboxStream = (userId: string) => `notifications-${userId}`;

// ----------------------------------------------------------------------------------------------- events
export type NotificationCreated = {
  type: 'notifications.NotificationCreated';
  data: {
    notificationId: string;
    userId: string;
    notificationType: NotificationType;
    model: string;
    modelId: string | null;
    message: string;
    url: string;
    /** The notification's date (the source fact's time). */
    saveDate: string;
    /** The event of another module that caused it. */
    sourceEventId: string;
  };
};
export type NotificationsRead = {
  type: 'notifications.NotificationsRead';
  data: { userId: string; notificationIds: string[]; readAt: string };
};
export type InboxEvent = NotificationCreated | NotificationsRead;

// --------------------------------------------------------------------------------------------- commands
export type Notify = {
  type: 'notifications.Notify';
  data: { notificationId: string; planned: PlannedNotification; saveDate: string; sourceEventId: string };
};
export type MarkRead = {
  type: 'notifications.MarkRead';
  data: { userId: string; notificationIds: string[] };
};
export type InboxCommand = Notify | MarkRead;

// ------------------------------------------------------------------------------------------------ state
export interface InboxState {
  /** Known notifications of the inbox (all when folded; the page's ones when loaded from the read model). */
  notifications: Record<string, { unread: boolean }>;
}

export const initialState = (): InboxState => ({ notifications: {} });

export function decide(command: InboxCommand, state: InboxState, ctx: DecideContext): InboxEvent[] {
  switch (command.type) {
    case 'notifications.Notify': {
      const { notificationId, planned, saveDate, sourceEventId } = command.data;
      // Already recorded (a retried reaction): nothing new.
      if (state.notifications[notificationId]) return [];
      return [
        {
          type: 'notifications.NotificationCreated',
          data: {
            notificationId,
            userId: planned.userId,
            notificationType: planned.type,
            model: planned.model,
            modelId: planned.modelId,
            message: planned.message,
            url: planned.url,
            saveDate,
            sourceEventId,
          },
        },
      ];
    }
    case 'notifications.MarkRead': {
      // Only unread notifications of this inbox: ids of someone else's inbox are simply not in the state, and
      // reading a page twice records nothing the second time.
      const ids = [...new Set(command.data.notificationIds)].filter((id) => state.notifications[id]?.unread);
      if (ids.length === 0) return [];
      return [{ type: 'notifications.NotificationsRead', data: { userId: command.data.userId, notificationIds: ids, readAt: ctx.now.toISOString() } }];
    }
  }
}

export function evolve(state: InboxState, event: InboxEvent): InboxState {
  switch (event.type) {
    case 'notifications.NotificationCreated':
      return { notifications: { ...state.notifications, [event.data.notificationId]: { unread: true } } };
    case 'notifications.NotificationsRead': {
      const notifications = { ...state.notifications };
      for (const id of event.data.notificationIds) if (notifications[id]) notifications[id] = { unread: false };
      return { notifications };
    }
  }
}

export const inboxDecider: Decider<InboxCommand, InboxEvent, InboxState> = { decide, evolve, initialState };
