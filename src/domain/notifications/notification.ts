/**
 * What the notifier makes of other modules' events: pure mapping from a domain fact to the notifications it
 * causes (recipient, type, text, url). The projection (src/projections/notifications/notifier.ts) stores and
 * pushes them.
 */
import type { NotificationType } from '../../contracts/notifications.js';
import { messages } from '../../messages/es.js';

export interface PlannedNotification {
  userId: string;
  type: NotificationType;
  model: string;
  modelId: string | null;
  message: string;
  url: string;
}

export function chatMessageNotification(args: {
  receiverId: string;
  senderName: string;
  roomId: string;
  roomType: 'individual' | 'group';
  roomName: string;
}): PlannedNotification {
  return {
    userId: args.receiverId,
    type: 'chatMessage',
    model: 'chatRoom',
    modelId: args.roomId,
    message:
      args.roomType === 'group'
        ? messages.notifications.chatMessageGroup(args.senderName, args.roomName)
        : messages.notifications.chatMessage(args.senderName),
    url: '/chat',
  };
}

export function collaboratorInvitationNotification(data: { eventId: string; eventName: string; inviteeUserId: string }): PlannedNotification {
  return {
    userId: data.inviteeUserId,
    type: 'collaboratorInvitation',
    model: 'event',
    modelId: data.eventId,
    message: messages.notifications.collaboratorInvitation(data.eventName),
    url: '/module',
  };
}

export function eventPublishedNotification(data: { eventId: string; eventCode: string; eventName: string; ownerId: string }): PlannedNotification {
  return {
    userId: data.ownerId,
    type: 'eventPublished',
    model: 'event',
    modelId: data.eventId,
    message: messages.notifications.eventPublished(data.eventName),
    url: `/e/${encodeURIComponent(data.eventCode)}`,
  };
}
