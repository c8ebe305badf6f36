import type { AppContext } from '../../context.js';
import { ticketCodeFrom, type DoorTicket, type ScanAnswer, type ScanDirection, type ScanItem, type ScanResult } from '../../contracts/sales-checkin.js';
import {
  checkinDecider,
  checkinStreamId,
  ScanRefused,
  type CheckinEvent,
  type CheckinState,
  type Passage,
  type ScanRoom,
} from '../../domain/sales/checkin.js';
import type { Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import { roomForScan, roomNames, ticketForScan } from '../../projections/sales/checkin-queries.js';
import { handleCommand, type Loaded } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;
const m = messages.checkin;

export interface ScanInput {
  /** The id of the event the door belongs to (already authorized for checkin.scan). */
  eventId: string;
  /** The ticket's code, or a link ending in it. */
  code: string;
  door: string;
  room?: string | null;
  direction: ScanDirection;
  scanId: string;
  scannedAt?: string;
  /** The team member scanning. */
  by: string | null;
}

/** The scan's command id found in the stream: the scan is a retry, answered with what it recorded then. */
class AlreadyScanned extends Error {
  constructor(
    readonly events: Recorded<CheckinEvent>[],
    readonly state: CheckinState,
  ) {
    super('already scanned');
  }
}

const fold = (recorded: Recorded<CheckinEvent>[]) => recorded.reduce(checkinDecider.evolve, checkinDecider.initialState());

/**
 * One scan at the door: ONE indexed lookup of the code (sales_tickets) and ONE append in the common case.
 *
 * An entry is appended optimistically at `no_stream` (most tickets enter once): the append itself is the guard.
 * If the ticket has a stream already (a re-entry, or another door won the race) the append fails and the scan is
 * decided again on the stream read at its exact version, so a ticket scanned at two doors at once is admitted
 * once and the loser is told where and when it entered. An exit reads the stream first (an empty state would
 * refuse it). The scan id is the command id: a retried or re-synced scan appends nothing and gets its first
 * answer (the store's claim when the append is refused, or the stream it reads).
 *
 * Refusals record nothing; they are answers (`ok: false`). Exported for the bench (`npm run bench -- sales`).
 */
export async function scanTicket(ctx: Ctx, input: ScanInput): Promise<ScanAnswer> {
  const code = ticketCodeFrom(input.code);
  const base = { scanId: input.scanId, direction: input.direction, door: input.door.trim() };
  const ticket = await ticketForScan(ctx.db, code);
  if (!ticket) return refusal(base, 'unknown', 'UNKNOWN_TICKET', m.unknownCode, null, null);

  let room: ScanRoom | null = null;
  if (input.room) {
    room = await roomForScan(ctx.db, input.eventId, input.room);
    if (!room) return refusal(base, 'unknown_room', 'UNKNOWN_ROOM', m.unknownRoom, ticket, null);
  }
  const answerBase = { ...base, room: room ? { _id: room.roomId, name: room.name } : null };

  const now = ctx.clock();
  // An offline scan keeps the time it was made; a clock ahead of the server's is read as now.
  const scannedAt = input.scannedAt && Date.parse(input.scannedAt) < now.getTime() ? new Date(input.scannedAt).toISOString() : undefined;
  const streamId = checkinStreamId(ticket._id);
  const commandId = `scan:${input.scanId}`;
  let optimistic = input.direction === 'in';
  const load = async (): Promise<Loaded<CheckinState>> => {
    if (optimistic) {
      optimistic = false;
      return { state: checkinDecider.initialState(), version: -1 };
    }
    const recorded = (await ctx.store.readStream(streamId)) as Recorded<CheckinEvent>[];
    const earlier = recorded.filter((e) => e.metadata.commandId === commandId);
    if (earlier.length) throw new AlreadyScanned(earlier, fold(recorded.slice(0, recorded.indexOf(earlier[earlier.length - 1]) + 1)));
    return { state: fold(recorded), version: recorded.length ? recorded[recorded.length - 1].streamVersion : -1 };
  };

  try {
    const result = await handleCommand(ctx, {
      streamId,
      decider: checkinDecider,
      command: {
        type: 'sales.ScanTicket',
        data: {
          ticket: { ticketId: ticket._id, eventId: ticket.eventId, ticketTypeId: ticket.ticketTypeId, ticketTypeName: ticket.ticketTypeName, status: ticket.status },
          eventId: input.eventId,
          door: base.door,
          room,
          direction: input.direction,
          scanId: input.scanId,
          scannedAt,
        },
      },
      meta: { commandId, userId: input.by ?? undefined },
      load,
    });
    // A duplicate's state is the one loaded before the refused append; the passage itself says where it left the ticket.
    return accepted(answerBase, ticket, result.events, result.duplicate, result.position, result.duplicate ? null : result.state);
  } catch (err) {
    if (err instanceof AlreadyScanned) {
      const last = err.events[err.events.length - 1];
      return accepted(answerBase, ticket, err.events, true, last.position, err.state);
    }
    if (err instanceof ScanRefused) return refused(ctx, answerBase, ticket, err);
    throw err;
  }
}

function accepted(
  base: Pick<ScanAnswer, 'scanId' | 'direction' | 'door' | 'room'>,
  ticket: DoorTicket,
  events: CheckinEvent[],
  duplicate: boolean,
  position: string | null,
  state: CheckinState | null,
): ScanAnswer {
  const passage = events[events.length - 1];
  const admitted = passage.type === 'sales.TicketAdmitted';
  const roomName = base.room?.name ?? null;
  const inside = state ? state.inside : admitted || passage.data.room !== null;
  return {
    ...base,
    // A retry answers the passage it recorded (its direction and door), whatever this request said.
    direction: admitted ? 'in' : 'out',
    door: passage.data.door,
    result: admitted ? 'admitted' : 'exited',
    ok: true,
    duplicate,
    code: admitted ? 'ADMITTED' : 'EXITED',
    messagePublic: admitted ? (roomName ? m.admittedRoom(roomName) : m.admitted) : roomName ? m.exitedRoom(roomName) : m.exited,
    ticket,
    at: passage.data.at,
    admission: null,
    inside,
    position,
  };
}

function refusal(
  base: Pick<ScanAnswer, 'scanId' | 'direction' | 'door'> & { room?: ScanAnswer['room'] },
  result: ScanResult,
  code: string,
  messagePublic: string,
  ticket: DoorTicket | null,
  inside: boolean | null,
  admission: ScanAnswer['admission'] = null,
): ScanAnswer {
  return { room: null, ...base, result, ok: false, duplicate: false, code, messagePublic, ticket, at: null, admission, inside, position: null };
}

/** A refused scan's answer; a conflict names the admission it met (door, room, time in the event's zone). */
async function refused(ctx: Ctx, base: Pick<ScanAnswer, 'scanId' | 'direction' | 'door' | 'room'>, ticket: DoorTicket, err: ScanRefused): Promise<ScanAnswer> {
  if (err.reason === 'wrong_event') {
    const other = await findEvent(ctx.db, ticket.eventId);
    // Only the other event's name: its tickets and people stay out of this door's answer.
    return refusal(base, 'wrong_event', err.code, other ? m.wrongEvent(other.event_name) : err.messagePublic, { ...ticket, attendeeEmail: null }, null);
  }
  if (err.reason === 'conflict' && err.admission) {
    const a: Passage = err.admission;
    const [event, names] = await Promise.all([findEvent(ctx.db, ticket.eventId), a.room ? roomNames(ctx.db, [a.room]) : Promise.resolve(new Map<string, string>())]);
    const time = formatTime(a.at, event?.time_zone);
    const roomName = a.room ? (names.get(a.room) ?? null) : null;
    const message = err.code === 'ALREADY_IN_ROOM' && roomName ? m.alreadyInRoomAt(roomName, a.door, time) : m.alreadyAdmittedAt(a.door, time);
    return refusal(base, 'conflict', err.code, message, ticket, true, { door: a.door, room: a.room, roomName, at: a.at });
  }
  const inside = err.reason === 'not_inside' ? (err.code === 'NOT_IN_ROOM' ? null : false) : null;
  return refusal(base, err.reason, err.code, err.messagePublic, ticket, inside);
}

/** 24-hour clock time of an instant in the event's time zone (the door's local time). */
export function formatTime(at: string, timeZone = 'America/Lima'): string {
  try {
    return new Intl.DateTimeFormat('es-PE', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(new Date(at));
  } catch {
    return new Intl.DateTimeFormat('es-PE', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'America/Lima' }).format(new Date(at));
  }
}

/** Scans of one offline queue decided at once, this many codes in parallel (scans of one code stay in order). */
const BATCH_PARALLEL = 4;

/**
 * An offline queue synced at once: every scan answered, in the order sent. A scan id repeated in the batch gets
 * the first one's answer as a duplicate; scans of the same code run in the order given (an exit queued after an
 * entry), different codes in parallel.
 */
export async function scanBatch(ctx: Ctx, input: { eventId: string; scans: ScanItem[]; by: string | null }): Promise<ScanAnswer[]> {
  const results: (ScanAnswer | undefined)[] = new Array(input.scans.length);
  const firstOfScanId = new Map<string, number>();
  const byCode = new Map<string, number[]>();
  input.scans.forEach((s, i) => {
    if (firstOfScanId.has(s.scanId)) return;
    firstOfScanId.set(s.scanId, i);
    const code = ticketCodeFrom(s.code);
    byCode.set(code, [...(byCode.get(code) ?? []), i]);
  });
  const groups = [...byCode.values()];
  let next = 0;
  const worker = async () => {
    while (next < groups.length) {
      const group = groups[next++];
      for (const i of group) {
        const s = input.scans[i];
        results[i] = await scanTicket(ctx, { ...s, eventId: input.eventId, by: input.by });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_PARALLEL, groups.length) }, worker));
  return input.scans.map((s, i) => {
    const first = firstOfScanId.get(s.scanId)!;
    if (first === i) return results[i]!;
    return { ...results[first]!, duplicate: true };
  });
}
