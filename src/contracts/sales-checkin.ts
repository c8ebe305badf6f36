import { z } from 'zod';
import { clientId, nonEmpty, uuid } from './common.js';

/**
 * The door (check-in) contracts shared by the API and the web app: scans (one, or an offline queue at once), a
 * ticket's state for the door, the door's search, and the event's rooms (manage/auditorium,
 * manageAttendees/rooms).
 */

export const SCAN_DIRECTIONS = ['in', 'out'] as const;
export const scanDirectionSchema = z.enum(SCAN_DIRECTIONS);
export type ScanDirection = z.infer<typeof scanDirectionSchema>;

/**
 * What a scan came to. Accepted: admitted, exited. Refused (nothing recorded): conflict (already in: the
 * admission's door and time come along), unknown (no such code), cancelled (cancelled or refunded ticket),
 * wrong_event, room_not_allowed (its type may not enter the room), not_inside (an exit without an entry),
 * unknown_room.
 */
export const SCAN_RESULTS = ['admitted', 'exited', 'conflict', 'unknown', 'cancelled', 'wrong_event', 'room_not_allowed', 'not_inside', 'unknown_room'] as const;
export const scanResultSchema = z.enum(SCAN_RESULTS);
export type ScanResult = z.infer<typeof scanResultSchema>;

/** Longest text a scanner may send as a code (a QR may hold a whole link to /tickets/verify/{code}). */
export const MAX_CODE_LENGTH = 300;
/** Most scans one offline queue may sync in one request. */
export const MAX_BATCH_SCANS = 500;

/**
 * The ticket code in what a scanner read: the code itself, or a link whose last path segment is the code
 * (/tickets/verify/{code}, /validateTicket/{code}). Query and fragment are ignored. Codes are upper-case hex
 * (src/domain/sales/order.ts), so a code typed in lower case at the door still matches.
 */
export function ticketCodeFrom(text: string): string {
  const t = text.trim();
  if (!t.includes('/')) return t.toUpperCase();
  const path = t.split(/[?#]/)[0].replace(/\/+$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last).trim().toUpperCase();
  } catch {
    return last.toUpperCase();
  }
}

const scanFields = {
  /** The ticket's code (the QR's content) or a link ending in it. */
  code: z.string().trim().min(1, { message: 'Escribe o escanea el código de la entrada.' }).max(MAX_CODE_LENGTH),
  /** The door's name, as the scanner set it (shown in the answers: "ya ingresó por «Puerta 2»"). */
  door: nonEmpty(80),
  /** A room of the event (manage/auditorium); absent or null: the venue's door. */
  room: uuid.nullable().optional(),
  direction: scanDirectionSchema.default('in'),
  /** The client's nonce of this scan: a retried or re-synced scan with the same id gets the same answer. */
  scanId: uuid,
  /** When it was scanned (offline scans sync later); not after now. */
  scannedAt: z.iso.datetime({ offset: true }).optional(),
};

/** POST checkin: `eventId` (id or eventCode) is the event the door belongs to; the user needs checkin.scan there. */
export const scanRequest = z.object({ eventId: z.string().trim().min(1).max(100), ...scanFields });
export type ScanRequest = z.infer<typeof scanRequest>;

export const scanItemSchema = z.object(scanFields);
export type ScanItem = z.infer<typeof scanItemSchema>;

/** POST checkin/batch: an offline queue synced at once, answered scan by scan in the same order. */
export const scanBatchRequest = z.object({
  eventId: z.string().trim().min(1).max(100),
  scans: z.array(scanItemSchema).min(1).max(MAX_BATCH_SCANS),
});
export type ScanBatchRequest = z.infer<typeof scanBatchRequest>;

export const doorTicketSchema = z.object({
  _id: z.string(),
  code: z.string(),
  eventId: z.string(),
  orderId: z.string(),
  ticketTypeId: z.string(),
  ticketTypeName: z.string(),
  attendeeName: z.string().nullable(),
  attendeeEmail: z.string().nullable(),
  /** valid, cancelled or refunded. */
  status: z.string(),
});
export type DoorTicket = z.infer<typeof doorTicketSchema>;

export const passageSchema = z.object({ door: z.string(), room: z.string().nullable(), roomName: z.string().nullable(), at: z.string() });
export type PassageDto = z.infer<typeof passageSchema>;

export const scanAnswerSchema = z.object({
  scanId: z.string(),
  result: scanResultSchema,
  /** Admitted or exited (green); false: refused (red). */
  ok: z.boolean(),
  /** The scan id had been answered before: this is that answer again, nothing new was recorded. */
  duplicate: z.boolean(),
  code: z.string(),
  messagePublic: z.string(),
  direction: scanDirectionSchema,
  door: z.string(),
  room: z.object({ _id: z.string(), name: z.string() }).nullable(),
  ticket: doorTicketSchema.nullable(),
  /** The recorded passage's time (accepted scans). */
  at: z.string().nullable(),
  /** A conflict's earlier admission (door, room, time). */
  admission: passageSchema.nullable(),
  /** Inside the venue after the scan (null: unknown ticket). */
  inside: z.boolean().nullable(),
  /** Position of the recorded passage (read-your-writes), null when nothing was recorded. */
  position: z.string().nullable(),
});
export type ScanAnswer = z.infer<typeof scanAnswerSchema>;

export const scanBatchResponse = z.object({ results: z.array(scanAnswerSchema) });

/** GET tickets/verify/{codeParticipant}: the ticket as the door sees it. */
export const verifyResponse = z.object({
  ticket: doorTicketSchema,
  event: z.object({ _id: z.string(), eventCode: z.string(), eventName: z.string(), timeZone: z.string() }),
  inside: z.boolean(),
  room: z.object({ _id: z.string(), name: z.string() }).nullable(),
  entries: z.number().int(),
  exits: z.number().int(),
  firstAdmissionAt: z.string().nullable(),
  lastScans: z.array(z.object({ direction: scanDirectionSchema, door: z.string(), roomName: z.string().nullable(), at: z.string() })),
});
export type VerifyResponse = z.infer<typeof verifyResponse>;

export const eventParams = z.object({ event: z.string().trim().min(1).max(100) });
export const codeParams = z.object({ codeParticipant: z.string().trim().min(1).max(MAX_CODE_LENGTH) });

/** GET checkin/{event}/tickets?q=: the door's search by name, e-mail or code. */
export const doorSearchQuery = z.object({ q: z.string().trim().min(2, { message: 'Escribe al menos 2 caracteres.' }).max(200) });
export const doorSearchRow = doorTicketSchema.extend({
  inside: z.boolean(),
  roomName: z.string().nullable(),
  lastInAt: z.string().nullable(),
  lastOutAt: z.string().nullable(),
});
export type DoorSearchRow = z.infer<typeof doorSearchRow>;
export const doorSearchResponse = z.object({ data: z.array(doorSearchRow) });

export const roomBaseSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  name: z.string(),
  capacity: z.number().int().nullable(),
  /** Ticket types that may enter (empty: every type). */
  ticketTypeIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoomBaseDto = z.infer<typeof roomBaseSchema>;
export const roomSchema = roomBaseSchema.extend({
  /** Tickets in the room now. */
  inside: z.number().int(),
  entries: z.number().int(),
  exits: z.number().int(),
});
export type RoomDto = z.infer<typeof roomSchema>;

/** GET checkin/{event}: what a door screen shows above the scanner. */
export const doorSummarySchema = z.object({
  event: z.object({ _id: z.string(), eventCode: z.string(), eventName: z.string(), timeZone: z.string() }),
  /** Valid tickets of the event. */
  tickets: z.number().int(),
  /** Tickets inside now, and tickets that entered at least once. */
  inside: z.number().int(),
  admitted: z.number().int(),
  rooms: z.array(roomSchema),
});
export type DoorSummary = z.infer<typeof doorSummarySchema>;

/**
 * GET checkin/{event}/list: the event's tickets as the door needs them to answer provisionally while offline
 * (code, name, type, status, inside). Kept in the door's memory only, never stored on the device.
 */
export const doorListResponse = z.object({
  data: z.array(z.object({ code: z.string(), attendeeName: z.string().nullable(), ticketTypeName: z.string(), status: z.string(), inside: z.boolean() })),
});
export type DoorListEntry = z.infer<typeof doorListResponse>['data'][number];

/** GET checkin/events: the events where the user may scan (for /tickets/validate without an event). */
export const doorEventsResponse = z.object({
  data: z.array(z.object({ _id: z.string(), eventCode: z.string(), eventName: z.string(), published: z.boolean() })),
});
export type DoorEvent = z.infer<typeof doorEventsResponse>['data'][number];

export const roomBody = z.object({
  name: nonEmpty(80),
  capacity: z.number().int().min(1, { message: 'El aforo debe ser al menos 1.' }).max(1_000_000).nullable().default(null),
  ticketTypeIds: z.array(z.string().min(1).max(100)).max(100).default([]),
});
export const createRoomRequest = roomBody.extend({ clientId });
export type CreateRoomRequest = z.infer<typeof createRoomRequest>;
export const updateRoomRequest = roomBody;
export type UpdateRoomRequest = z.infer<typeof updateRoomRequest>;
export const roomParams = z.object({ id: z.string().trim().min(1).max(100), roomId: z.string().trim().min(1).max(100) });
export const roomsResponse = z.object({ data: z.array(roomSchema) });
export const roomWriteResponse = z.object({ data: roomBaseSchema.nullable(), position: z.string().nullable() });

/** GET event/{id}/room/{roomId}/attendees: who is in the room now and its latest passages. */
export const roomAttendeesResponse = z.object({
  room: roomSchema,
  inside: z.array(doorTicketSchema.extend({ since: z.string() })),
  scans: z.array(
    z.object({ direction: scanDirectionSchema, door: z.string(), at: z.string(), ticketId: z.string(), attendeeName: z.string().nullable(), ticketTypeName: z.string() }),
  ),
});
export type RoomAttendees = z.infer<typeof roomAttendeesResponse>;

/**
 * GET validateTicket/:code (spec route /validateTicket/{code}): whoever holds a ticket's code (it is the QR's
 * content) checks that the ticket is genuine. Public, so it names no person: the event, the type and the state.
 */
export const ticketValidityParams = z.object({ code: z.string().trim().min(1).max(MAX_CODE_LENGTH) });
export const ticketValidityResponse = z.object({
  code: z.string(),
  status: z.enum(['valid', 'cancelled', 'refunded']),
  ticketTypeName: z.string(),
  event: z.object({ eventCode: z.string(), eventName: z.string(), startDate: z.string(), venue: z.string().nullable(), timeZone: z.string() }),
});
export type TicketValidity = z.infer<typeof ticketValidityResponse>;
