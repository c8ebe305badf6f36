import { z } from 'zod';

/** In-app notification contracts shared by the API and the web app (spec sections 3, 4, 7, 9). */

/** Spec 9: 10 notifications per page. */
export const NOTIFICATION_PAGE_SIZE = 10;
/** Spec 9: the notification snackbar stays 120000 ms. */
export const NOTIFICATION_SNACKBAR_TIMEOUT_MS = 120000;

export const notificationTypes = ['chatMessage', 'collaboratorInvitation', 'eventPublished', 'eventCancelled', 'poll', 'businessConferenceMeeting', 'contactsTask'] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** A notification (spec 3). `saveDate` is ISO 8601; the web formats it (relative under 36 h). */
export const notificationSchema = z.object({
  _id: z.string(),
  detail: z.object({ message: z.string() }),
  saveDate: z.string(),
  unread: z.boolean(),
  /** Web route to open (e.g. /chat). */
  url: z.string(),
  /** What the notification is about: 'chatRoom', 'event', ... */
  model: z.string(),
  typeNotification: notificationTypeSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

const boolString = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/**
 * GET notification?_notificationUser=&update=false -> { notificationCountUnRead }
 * GET notification?_notificationUser=&skip=&limit=&update=true -> { data, docs, notificationCountUnRead }.
 * Reading changes nothing: the client marks what it showed with PUT notification/read.
 * `_notificationUser`, when given, must be the caller's own id.
 */
export const notificationQuery = z.object({
  _notificationUser: z.string().max(100).optional(),
  update: boolString.default(false),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_SIZE).default(NOTIFICATION_PAGE_SIZE),
  /** Optional type filter. */
  query: notificationTypeSchema.optional(),
});
export const notificationCountResponse = z.object({ notificationCountUnRead: z.number().int() });
export const notificationPageResponse = z.object({
  /** Newest first. */
  data: z.array(notificationSchema),
  /** Total number of the caller's notifications (of the filtered type). */
  docs: z.number().int(),
  /** The caller's unread count. */
  notificationCountUnRead: z.number().int(),
});
/**
 * PUT notification/read { ids }: marks those notifications of the caller read (the page the menu showed).
 * Idempotent: ids already read, or not the caller's, record nothing.
 */
export const markNotificationsReadRequest = z.object({ ids: z.array(z.string().max(100)).min(1).max(100) });
export const markNotificationsReadResponse = z.object({
  /** The ids this call marked (unread until now). */
  data: z.object({ marked: z.array(z.string()) }),
  /** Unread count after marking. */
  notificationCountUnRead: z.number().int(),
  position: z.string().nullable(),
});
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequest>;
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponse>;
export type NotificationCountResponse = z.infer<typeof notificationCountResponse>;
export type NotificationPageResponse = z.infer<typeof notificationPageResponse>;

/** Server -> client socket event `notification`: one new Notification (unread), after commit. */
export const NOTIFICATION_SOCKET_EVENT = 'notification';
export const notificationEventSchema = notificationSchema;
/** Server -> client notifications events (assembled with the other modules' in ./realtime.ts). */
export type NotificationsServerToClientEvents = { [NOTIFICATION_SOCKET_EVENT]: (payload: Notification) => void };
