/**
 * A business-conference round (rueda de negocios, stream `businessConference-round-<roundId>`): its dates, days
 * and breaks, meeting length and venue, the request and scheduling modes, the deadlines, and the custom fields
 * offer and demand participants fill in (plus which of them filter the catalogue). The meeting slots are not
 * stored: `roundSlots` computes them from the days, breaks and meeting length.
 *
 * Pure: time, ids and the acting user come in through DecideContext; the BCCode comes in with the create command
 * (the command layer reserves it per event).
 */
import {
  FIELD_KINDS,
  MAX_FIELDS,
  MAX_ROUND_DAYS,
  MAX_TABLES,
  MEETING_MINUTES_MAX,
  MEETING_MINUTES_MIN,
  isTimeZone,
  zonedInstant,
  type FieldDef,
  type FieldInput,
  type RoundDay,
  type RoundDto,
  type RoundInput,
  type RoundSettings,
  type Slot,
} from '../../contracts/businessConference-rounds.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.businessConference.rounds;

export const roundStreamId = (roundId: string) => `businessConference-round-${roundId}`;

export type { RoundSettings };

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type RoundCreated = E<'businessConference.RoundCreated', { roundId: string; eventId: string; code: string; settings: RoundSettings; by: string | null; at: string }>;
export type RoundChanged = E<'businessConference.RoundChanged', { roundId: string; eventId: string; settings: RoundSettings; by: string | null; at: string }>;
export type RoundFieldsChanged = E<
  'businessConference.RoundFieldsChanged',
  { roundId: string; eventId: string; side: 'offer' | 'demand'; fields: FieldDef[]; catalogueFilter: string[]; by: string | null; at: string }
>;
export type CatalogueFilterChanged = E<'businessConference.CatalogueFilterChanged', { roundId: string; eventId: string; filter: string[]; by: string | null; at: string }>;
export type RoundDeleted = E<'businessConference.RoundDeleted', { roundId: string; eventId: string; code: string; by: string | null; at: string }>;
export type RoundEvent = RoundCreated | RoundChanged | RoundFieldsChanged | CatalogueFilterChanged | RoundDeleted;
export const ROUND_EVENT_TYPES = [
  'businessConference.RoundCreated',
  'businessConference.RoundChanged',
  'businessConference.RoundFieldsChanged',
  'businessConference.CatalogueFilterChanged',
  'businessConference.RoundDeleted',
] as const;

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type CreateRound = C<'businessConference.CreateRound', { roundId: string; eventId: string; code: string; input: RoundInput }>;
export type ChangeRound = C<'businessConference.ChangeRound', { input: RoundInput; expectedVersion?: number }>;
export type ChangeRoundFields = C<'businessConference.ChangeRoundFields', { side: 'offer' | 'demand'; fields: FieldInput[]; expectedVersion?: number }>;
export type ChangeCatalogueFilter = C<'businessConference.ChangeCatalogueFilter', { filter: string[]; expectedVersion?: number }>;
export type DeleteRound = C<'businessConference.DeleteRound', Record<string, never>>;
export type RoundCommand = CreateRound | ChangeRound | ChangeRoundFields | ChangeCatalogueFilter | DeleteRound;

export interface RoundState {
  roundId: string | null;
  eventId: string | null;
  code: string | null;
  settings: RoundSettings | null;
  offerFields: FieldDef[];
  demandFields: FieldDef[];
  catalogueFilter: string[];
  deleted: boolean;
  /** Events folded (the round's version for expectedVersion). */
  version: number;
}

export const initialState = (): RoundState => ({
  roundId: null,
  eventId: null,
  code: null,
  settings: null,
  offerFields: [],
  demandFields: [],
  catalogueFilter: [],
  deleted: false,
  version: 0,
});

const invalid = (code: string, message: string, field: string) => new DomainError(code, message, 400, { field });
const notFound = () => new NotFoundError('ROUND_NOT_FOUND', m.notFound);
const stale = () => new DomainError('ROUND_STALE', m.stale, 409);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// ----- time arithmetic on wall-clock strings ---------------------------------------------------------------

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
const validDate = (ymd: string) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === ymd;
};
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86400000);

/** The wall-clock meeting windows of one day (minutes since midnight), breaks skipped. */
function dayWindows(day: RoundDay, meetingMinutes: number): { start: number; end: number }[] {
  const breaks = day.breaks.map((b) => ({ start: minutesOf(b.start), end: minutesOf(b.end) })).sort((a, b) => a.start - b.start);
  const end = minutesOf(day.end);
  const out: { start: number; end: number }[] = [];
  let cursor = minutesOf(day.start);
  while (cursor + meetingMinutes <= end) {
    const clash = breaks.find((b) => b.start < cursor + meetingMinutes && b.end > cursor);
    if (clash) {
      cursor = clash.end;
      continue;
    }
    out.push({ start: cursor, end: cursor + meetingMinutes });
    cursor += meetingMinutes;
  }
  return out;
}

/**
 * The round's meeting slots in time order: each day from its start, one meeting length after another, skipping
 * breaks (a meeting that would overlap a break starts when the break ends), until the day's end.
 */
export function roundSlots(round: Pick<RoundDto, 'days' | 'meetingMinutes' | 'timeZone'>): Slot[] {
  const slots: Slot[] = [];
  const days = [...round.days].sort((a, b) => a.date.localeCompare(b.date));
  for (const day of days) {
    for (const w of dayWindows(day, round.meetingMinutes)) {
      const start = hhmmOf(w.start);
      slots.push({
        slotId: `${day.date}_${start}`,
        day: day.date,
        start: zonedInstant(day.date, start, round.timeZone).toISOString(),
        end: zonedInstant(day.date, hhmmOf(w.end), round.timeZone).toISOString(),
        index: slots.length,
      });
    }
  }
  return slots;
}

// ----- validation --------------------------------------------------------------------------------------------

/** The settings of a request, trimmed and checked; throws the first refusal (with its field). */
export function normalizeRound(input: RoundInput): RoundSettings {
  const name = input.name.trim();
  if (!name) throw invalid('NAME_REQUIRED', m.nameRequired, 'name');
  if (!validDate(input.startDate)) throw invalid('INVALID_DATE', m.dateInvalid, 'startDate');
  if (!validDate(input.endDate)) throw invalid('INVALID_DATE', m.dateInvalid, 'endDate');
  if (input.endDate < input.startDate) throw invalid('END_BEFORE_START', m.endBeforeStart, 'endDate');
  if (daysBetween(input.startDate, input.endDate) >= MAX_ROUND_DAYS) throw invalid('ROUND_TOO_LONG', m.tooLong(MAX_ROUND_DAYS), 'endDate');
  if (!isTimeZone(input.timeZone)) throw invalid('INVALID_TIME_ZONE', m.timeZone, 'timeZone');
  const { meetingMinutes } = input;
  if (!Number.isInteger(meetingMinutes) || meetingMinutes < MEETING_MINUTES_MIN || meetingMinutes > MEETING_MINUTES_MAX) {
    throw invalid('INVALID_MEETING_MINUTES', m.meetingMinutes(MEETING_MINUTES_MIN, MEETING_MINUTES_MAX), 'meetingMinutes');
  }
  if (input.days.length === 0) throw invalid('DAYS_REQUIRED', m.daysRequired, 'days');
  const seen = new Set<string>();
  // Checked in date order; errors name the day's position in the request (the form's row).
  const indexed = input.days
    .map((d, i) => ({
      i,
      d: { date: d.date, start: d.start, end: d.end, breaks: [...d.breaks].sort((a, b) => a.start.localeCompare(b.start)).map((b) => ({ start: b.start, end: b.end })) },
    }))
    .sort((a, b) => a.d.date.localeCompare(b.d.date));
  const days = indexed.map((x) => x.d);
  indexed.forEach(({ i, d }) => {
    const at = (what: string) => `days.${i}.${what}`;
    if (!validDate(d.date)) throw invalid('INVALID_DATE', m.dateInvalid, at('date'));
    if (d.date < input.startDate || d.date > input.endDate) throw invalid('DAY_OUT_OF_RANGE', m.dayOutOfRange(d.date), at('date'));
    if (seen.has(d.date)) throw invalid('DAY_DUPLICATE', m.dayDuplicate(d.date), at('date'));
    seen.add(d.date);
    if (minutesOf(d.end) <= minutesOf(d.start)) throw invalid('DAY_END_BEFORE_START', m.dayEndBeforeStart(d.date), at('end'));
    let lastEnd = -1;
    for (const b of d.breaks) {
      if (minutesOf(b.end) <= minutesOf(b.start)) throw invalid('BREAK_END_BEFORE_START', m.breakEndBeforeStart(d.date), at('breaks'));
      if (minutesOf(b.start) < minutesOf(d.start) || minutesOf(b.end) > minutesOf(d.end)) throw invalid('BREAK_OUTSIDE_DAY', m.breakOutside(d.date), at('breaks'));
      if (minutesOf(b.start) < lastEnd) throw invalid('BREAKS_OVERLAP', m.breaksOverlap(d.date), at('breaks'));
      lastEnd = minutesOf(b.end);
    }
    if (dayWindows(d, meetingMinutes).length === 0) throw invalid('NO_SLOT_FITS', m.noSlotFits(d.date, meetingMinutes), at('end'));
  });
  if (!Number.isInteger(input.tables) || input.tables < 1 || input.tables > MAX_TABLES) throw invalid('INVALID_TABLES', m.tables(MAX_TABLES), 'tables');
  const max = input.maxRequestsPerParticipant;
  if (max !== null && (!Number.isInteger(max) || max < 1 || max > 10000)) throw invalid('INVALID_MAX_REQUESTS', m.maxRequests, 'maxRequestsPerParticipant');

  const last = days[days.length - 1];
  const roundEnd = zonedInstant(last.date, last.end, input.timeZone).getTime();
  const deadline = (v: string | null, field: string, message: string) => {
    if (v === null) return null;
    const [date, time] = v.split('T');
    if (!validDate(date) || minutesOf(time) >= 24 * 60 || Number(time.slice(3, 5)) > 59) throw invalid('INVALID_DATE', m.dateInvalid, field);
    const t = zonedInstant(date, time, input.timeZone);
    if (t.getTime() > roundEnd) throw invalid(`${field.toUpperCase()}_AFTER_END`, message, field);
    return t.toISOString();
  };
  return {
    name,
    startDate: input.startDate,
    endDate: input.endDate,
    timeZone: input.timeZone,
    meetingMinutes,
    days,
    venue: input.venue,
    tables: input.tables,
    requestDeadline: deadline(input.requestDeadline, 'requestDeadline', m.requestDeadlineAfterEnd),
    requestMode: input.requestMode,
    schedulingMode: input.schedulingMode,
    maxRequestsPerParticipant: max,
    productDeadline: deadline(input.productDeadline, 'productDeadline', m.productDeadlineAfterEnd),
  };
}

const slug = (label: string) =>
  label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40) || 'campo';

/** The field list of a request, trimmed and checked; new fields get a key from their label (unique in the list). */
export function normalizeFields(input: FieldInput[]): FieldDef[] {
  if (input.length > MAX_FIELDS) throw invalid('TOO_MANY_FIELDS', m.tooManyFields(MAX_FIELDS), 'fields');
  const keys = new Set<string>(input.map((f) => f.key).filter((k): k is string => !!k));
  const used = new Set<string>();
  const labels = new Set<string>();
  return input.map((f, i) => {
    const at = (what: string) => `fields.${i}.${what}`;
    const label = f.label.trim();
    if (!label) throw invalid('LABEL_REQUIRED', m.labelRequired, at('label'));
    const low = label.toLocaleLowerCase('es');
    if (labels.has(low)) throw invalid('DUPLICATE_FIELD', m.duplicateField(label), at('label'));
    labels.add(low);
    let key = f.key?.trim();
    if (!key || used.has(key)) {
      const base = slug(label) === 'sector' ? 'sector_campo' : slug(label);
      key = base;
      for (let n = 2; used.has(key) || (keys.has(key) && key !== f.key); n++) key = `${base}_${n}`;
    }
    used.add(key);
    if (!FIELD_KINDS.includes(f.kind)) throw invalid('INVALID_KIND', m.kindInvalid, at('kind'));
    let options: string[] = [];
    if (f.kind === 'choice' || f.kind === 'multiChoice') {
      options = (f.options ?? []).map((o) => o.trim());
      if (options.some((o) => o === '')) throw invalid('OPTION_EMPTY', m.optionEmpty, at('options'));
      if (new Set(options.map((o) => o.toLocaleLowerCase('es'))).size !== options.length || options.length < 2) {
        throw invalid('OPTIONS_REQUIRED', m.optionsRequired, at('options'));
      }
    } else if ((f.options ?? []).some((o) => o.trim() !== '')) {
      throw invalid('OPTIONS_NOT_ALLOWED', m.optionsNotAllowed, at('options'));
    }
    return { key, label, kind: f.kind, options, required: f.required ?? false };
  });
}

// ----- decider -------------------------------------------------------------------------------------------

function live(state: RoundState): asserts state is RoundState & { roundId: string; eventId: string; code: string; settings: RoundSettings } {
  if (!state.settings || state.deleted) throw notFound();
}

function checkVersion(state: RoundState, expected: number | undefined) {
  if (expected !== undefined && expected !== state.version) throw stale();
}

export function decide(command: RoundCommand, state: RoundState, ctx: DecideContext): RoundEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  switch (command.type) {
    case 'businessConference.CreateRound': {
      if (state.settings) throw new DomainError('ROUND_EXISTS', m.exists, 409);
      const { roundId, eventId, code } = command.data;
      const settings = normalizeRound(command.data.input);
      return [{ type: 'businessConference.RoundCreated', data: { roundId, eventId, code, settings, by, at } }];
    }
    case 'businessConference.ChangeRound': {
      live(state);
      checkVersion(state, command.data.expectedVersion);
      const settings = normalizeRound(command.data.input);
      // Saving what is already there records nothing (the page's version stays valid).
      if (same(settings, state.settings)) return [];
      return [{ type: 'businessConference.RoundChanged', data: { roundId: state.roundId, eventId: state.eventId, settings, by, at } }];
    }
    case 'businessConference.ChangeRoundFields': {
      live(state);
      checkVersion(state, command.data.expectedVersion);
      const { side } = command.data;
      const fields = normalizeFields(command.data.fields);
      if (same(fields, side === 'offer' ? state.offerFields : state.demandFields)) return [];
      // A removed field stops filtering the catalogue.
      const keys = new Set([...fields, ...(side === 'offer' ? state.demandFields : state.offerFields)].map((f) => f.key));
      const catalogueFilter = state.catalogueFilter.filter((k) => k === 'sector' || keys.has(k));
      return [{ type: 'businessConference.RoundFieldsChanged', data: { roundId: state.roundId, eventId: state.eventId, side, fields, catalogueFilter, by, at } }];
    }
    case 'businessConference.ChangeCatalogueFilter': {
      live(state);
      checkVersion(state, command.data.expectedVersion);
      const keys = new Set(['sector', ...state.offerFields.map((f) => f.key), ...state.demandFields.map((f) => f.key)]);
      const filter = [...new Set(command.data.filter)];
      const unknown = filter.find((k) => !keys.has(k));
      if (unknown !== undefined) throw invalid('UNKNOWN_FILTER_FIELD', m.unknownFilterField(unknown), 'filter');
      if (same(filter, state.catalogueFilter)) return [];
      return [{ type: 'businessConference.CatalogueFilterChanged', data: { roundId: state.roundId, eventId: state.eventId, filter, by, at } }];
    }
    case 'businessConference.DeleteRound': {
      live(state);
      return [{ type: 'businessConference.RoundDeleted', data: { roundId: state.roundId, eventId: state.eventId, code: state.code, by, at } }];
    }
  }
}

export function evolve(state: RoundState, event: RoundEvent): RoundState {
  const version = state.version + 1;
  switch (event.type) {
    case 'businessConference.RoundCreated':
      return { ...state, roundId: event.data.roundId, eventId: event.data.eventId, code: event.data.code, settings: event.data.settings, version };
    case 'businessConference.RoundChanged':
      return { ...state, settings: event.data.settings, version };
    case 'businessConference.RoundFieldsChanged':
      return {
        ...state,
        [event.data.side === 'offer' ? 'offerFields' : 'demandFields']: event.data.fields,
        catalogueFilter: event.data.catalogueFilter,
        version,
      };
    case 'businessConference.CatalogueFilterChanged':
      return { ...state, catalogueFilter: event.data.filter, version };
    case 'businessConference.RoundDeleted':
      return { ...state, deleted: true, version };
  }
}

export const roundDecider: Decider<RoundCommand, RoundEvent, RoundState> = { decide, evolve, initialState };

/** The DTO of a live round's state (what the commands answer). */
export function roundDtoOf(state: RoundState): RoundDto {
  live(state);
  const s = state.settings;
  return {
    _id: state.roundId,
    eventId: state.eventId,
    code: state.code,
    ...s,
    offerFields: state.offerFields,
    demandFields: state.demandFields,
    catalogueFilter: state.catalogueFilter,
    slots: roundSlots(s),
    version: state.version,
  };
}
