/**
 * What the notifier makes of other modules' events: pure mapping from a domain fact to the notifications it
 * causes (recipient, type, text, url). The notifier (src/projections/notifications/notifier.ts) records them on
 * the receiver's inbox (./inbox.ts); the inbox projection stores and pushes them.
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

/**
 * Everyone told that an event went public: the owner (their congratulation, also when they published it
 * themselves, as before) and each collaborator of the team recorded on the event (`team`: who held a role in
 * any module at that moment), with a text of their own and the same link to the public page.
 *
 * The collaborator who pressed "publish" gets nothing: organizers used to pretix or Hi.Events (and to team tools
 * in general) expect to hear about what others did, not about their own action, which the UI already confirmed.
 * The owner's notification stays whoever published: for an owner whose collaborator published it is the news,
 * and for an owner who published it is the existing congratulation.
 */
export function eventPublishedNotifications(
  data: { eventId: string; eventCode: string; eventName: string; ownerId: string; team?: readonly string[] },
  publishedBy: string | undefined,
): PlannedNotification[] {
  const owner = data.ownerId ? [eventPublishedNotification(data)] : [];
  const team = [...new Set(data.team ?? [])].filter((userId) => userId && userId !== data.ownerId && userId !== publishedBy);
  return [
    ...owner,
    ...team.map((userId) => ({
      userId,
      type: 'eventPublished' as const,
      model: 'event',
      modelId: data.eventId,
      message: messages.notifications.eventPublishedTeam(data.eventName),
      url: `/e/${encodeURIComponent(data.eventCode)}`,
    })),
  ];
}

/**
 * A published event was cancelled: the owner and the team recorded on `events.EventCancelled`, except whoever
 * cancelled it (the UI confirmed it to them). No tickets were sold yet, so nobody else holds a ticket to tell;
 * buyers join this list once the sales module exists.
 */
export function eventCancelledNotifications(
  data: { eventId: string; eventCode: string; eventName: string; ownerId: string; team: readonly string[] },
  cancelledBy: string | undefined,
): PlannedNotification[] {
  const receivers = [...new Set([data.ownerId, ...data.team])].filter((userId) => userId && userId !== cancelledBy);
  return receivers.map((userId) => ({
    userId,
    type: 'eventCancelled' as const,
    model: 'event',
    modelId: data.eventId,
    message: messages.notifications.eventCancelled(data.eventName),
    url: `/e/${encodeURIComponent(data.eventCode)}`,
  }));
}
