import { z } from 'zod';
import { clientId } from './common.js';

/**
 * Contracts of the business conference's rounds (ruedas de negocios), shared by the API and the web app. Shapes
 * only, plus the pure wall-clock helpers both sides need; the rules (dates in order, slots that fit, ...) are the
 * domain's (src/domain/businessConference/round.ts), which answers them in Spanish per field.
 */

// ---------------------------------------------------------------------------------------------------------
// Shapes other areas code against

export const FIELD_KINDS = ['text', 'number', 'date', 'choice', 'multiChoice'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** A custom participant field of a round (offer or demand side). */
export const fieldDefSchema = z.object({
  /** Stable key the participant's `fields` record is keyed by. */
  key: z.string(),
  label: z.string(),
  kind: z.enum(FIELD_KINDS),
  /** Choices of a choice / multiChoice field (empty otherwise). */
  options: z.array(z.string()),
  required: z.boolean(),
});
export type FieldDef = z.infer<typeof fieldDefSchema>;

/** A meeting slot of a round: breaks excluded, numbered 0.. over the whole round in time order. */
export const slotSchema = z.object({
  /** Stable while the day and start time stay: `<YYYY-MM-DD>_<HH:MM>` in the round's time zone. */
  slotId: z.string(),
  /** YYYY-MM-DD in the round's time zone. */
  day: z.string(),
  /** ISO instants. */
  start: z.string(),
  end: z.string(),
  index: z.number().int(),
});
export type Slot = z.infer<typeof slotSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Hora no válida (HH:MM).' });
const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Fecha no válida (AAAA-MM-DD).' });
/** A wall-clock date and time in the round's time zone, `YYYY-MM-DDTHH:MM`. */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { message: 'Fecha y hora no válidas.' });

export const roundDaySchema = z.object({
  /** YYYY-MM-DD. */
  date: ymd,
  /** HH:MM (round time zone). */
  start: hhmm,
  end: hhmm,
  breaks: z.array(z.object({ start: hhmm, end: hhmm })).max(10),
});
export type RoundDay = z.infer<typeof roundDaySchema>;

export const VENUES = ['tables', 'virtual'] as const;
export const REQUEST_MODES = ['accept', 'auto'] as const;
export const SCHEDULING_MODES = ['participants', 'organizer'] as const;

/** A round's own settings as stored (deadlines as ISO instants); the domain decides on these. */
export interface RoundSettings {
  name: string;
  /** YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  /** IANA zone, e.g. America/Lima. */
  timeZone: string;
  meetingMinutes: number;
  days: RoundDay[];
  venue: 'tables' | 'virtual';
  /** Tables of the venue (tables) or virtual rooms (virtual). */
  tables: number;
  /** ISO instant, or null (no deadline). */
  requestDeadline: string | null;
  requestMode: 'accept' | 'auto';
  schedulingMode: 'participants' | 'organizer';
  maxRequestsPerParticipant: number | null;
  productDeadline: string | null;
}

export interface RoundDto extends RoundSettings {
  _id: string;
  eventId: string;
  /** BCCode: short, unique per event, used in URLs. */
  code: string;
  offerFields: FieldDef[];
  demandFields: FieldDef[];
  /** Field keys (of offerFields / demandFields), plus 'sector', that filter the catalogue. */
  catalogueFilter: string[];
  /** Computed from days, meetingMinutes and breaks. */
  slots: Slot[];
  /** Times the round was changed (for expectedVersion); 1 after creation. */
  version: number;
}

// ---------------------------------------------------------------------------------------------------------
// Requests

export const MAX_ROUND_DAYS = 31;
export const MAX_FIELDS = 40;
export const MEETING_MINUTES_MIN = 5;
export const MEETING_MINUTES_MAX = 240;
export const MAX_TABLES = 2000;

/** What the organizer edits on settings/businessConference (deadlines as wall-clock times in the round's zone). */
export const roundInputSchema = z.object({
  name: z.string().max(120, { message: 'Máximo 120 caracteres.' }),
  startDate: ymd,
  endDate: ymd,
  timeZone: z.string().min(1).max(64),
  meetingMinutes: z.number().int({ message: 'Debe ser un número entero.' }),
  days: z.array(roundDaySchema).max(MAX_ROUND_DAYS),
  venue: z.enum(VENUES),
  tables: z.number().int({ message: 'Debe ser un número entero.' }),
  requestDeadline: localDateTime.nullable(),
  requestMode: z.enum(REQUEST_MODES),
  schedulingMode: z.enum(SCHEDULING_MODES),
  maxRequestsPerParticipant: z.number().int({ message: 'Debe ser un número entero.' }).nullable(),
  productDeadline: localDateTime.nullable(),
});
export type RoundInput = z.infer<typeof roundInputSchema>;

export const createRoundRequest = roundInputSchema.extend({ clientId });
export const updateRoundRequest = roundInputSchema.extend({ clientId: clientId.optional(), expectedVersion: z.number().int().optional() });

export const fieldInputSchema = z.object({
  /** Absent for a new field (the server makes one from the label). */
  key: z.string().max(60).optional(),
  label: z.string().max(120, { message: 'Máximo 120 caracteres.' }),
  kind: z.enum(FIELD_KINDS),
  options: z.array(z.string().max(120)).max(50).optional(),
  required: z.boolean().optional(),
});
export type FieldInput = z.infer<typeof fieldInputSchema>;

export const updateFieldsRequest = z.object({
  fields: z.array(fieldInputSchema).max(MAX_FIELDS),
  clientId: clientId.optional(),
  expectedVersion: z.number().int().optional(),
});
export const updateCatalogueFilterRequest = z.object({
  filter: z.array(z.string().max(60)).max(MAX_FIELDS + 1),
  clientId: clientId.optional(),
  expectedVersion: z.number().int().optional(),
});
export const deleteRoundRequest = z.object({ clientId: clientId.optional() }).optional();

export const eventRoundsParams = z.object({ eventId: z.string().min(1).max(100) });
export const roundParams = z.object({ roundId: z.string().min(1).max(100) });
export const roundFieldsParams = z.object({ roundId: z.string().min(1).max(100), side: z.enum(['offer', 'demand']) });

/** One round's figures on the module's Tablero. */
export interface RoundSummaryDto {
  roundId: string;
  participants: { pending: number; approved: number; rejected: number; offer: number; demand: number; offerDemand: number };
  meetings: { requested: number; accepted: number; declined: number; expired: number; cancelled: number };
}

export const roundResponse = z.object({ data: z.unknown(), position: z.string().nullable().optional() });
export const roundsResponse = z.object({ data: z.unknown() });

// ---------------------------------------------------------------------------------------------------------
// Wall clock in a time zone (pure, Intl only: the web shows and edits times in the round's zone)

/** Minutes the zone is ahead of UTC at `instant` (-300 for America/Lima). */
export function zoneOffsetMinutes(timeZone: string, instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant of wall-clock `date` (YYYY-MM-DD) at `time` (HH:MM) in `timeZone`. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  // Twice: the offset at the guessed instant may differ across a DST change.
  let t = naive - zoneOffsetMinutes(timeZone, new Date(naive)) * 60000;
  t = naive - zoneOffsetMinutes(timeZone, new Date(t)) * 60000;
  return new Date(t);
}

/** `YYYY-MM-DDTHH:MM` of an ISO instant in `timeZone` (for editing deadlines). */
export function localDateTimeOf(iso: string, timeZone: string): string {
  const d = new Date(iso);
  const shifted = new Date(d.getTime() + zoneOffsetMinutes(timeZone, d) * 60000);
  return shifted.toISOString().slice(0, 16);
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
