import { describe, expect, it } from 'vitest';
import type { RoundInput } from '../../src/contracts/businessConference-rounds.js';
import { localDateTimeOf, zonedInstant } from '../../src/contracts/businessConference-rounds.js';
import { roundDecider, roundSlots, type RoundEvent, type RoundSettings } from '../../src/domain/businessConference/round.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(roundDecider);
const ROUND = '00000000-0000-4000-8000-0000000000a1';
const EVENT = '00000000-0000-4000-8000-0000000000e1';
const at = SPEC_NOW.toISOString();

const input = (over: Partial<RoundInput> = {}): RoundInput => ({
  name: '  Rueda Agroexporta  ',
  startDate: '2030-05-01',
  endDate: '2030-05-02',
  timeZone: 'America/Lima',
  meetingMinutes: 30,
  days: [
    { date: '2030-05-02', start: '09:00', end: '11:00', breaks: [] },
    { date: '2030-05-01', start: '09:00', end: '12:00', breaks: [{ start: '10:00', end: '10:15' }] },
  ],
  venue: 'tables',
  tables: 20,
  requestDeadline: '2030-04-30T18:00',
  requestMode: 'accept',
  schedulingMode: 'participants',
  maxRequestsPerParticipant: 10,
  productDeadline: null,
  ...over,
});
const settings: RoundSettings = {
  name: 'Rueda Agroexporta',
  startDate: '2030-05-01',
  endDate: '2030-05-02',
  timeZone: 'America/Lima',
  meetingMinutes: 30,
  days: [
    { date: '2030-05-01', start: '09:00', end: '12:00', breaks: [{ start: '10:00', end: '10:15' }] },
    { date: '2030-05-02', start: '09:00', end: '11:00', breaks: [] },
  ],
  venue: 'tables',
  tables: 20,
  requestDeadline: '2030-04-30T23:00:00.000Z',
  requestMode: 'accept',
  schedulingMode: 'participants',
  maxRequestsPerParticipant: 10,
  productDeadline: null,
};
const create = (over: Partial<RoundInput> = {}) => ({ type: 'businessConference.CreateRound' as const, data: { roundId: ROUND, eventId: EVENT, code: 'K7PQ2', input: input(over) } });
const created: RoundEvent = { type: 'businessConference.RoundCreated', data: { roundId: ROUND, eventId: EVENT, code: 'K7PQ2', settings, by: SPEC_USER_ID, at } };
const refused = (code: string, field?: string) => (e: DomainError) => e.code === code && (field === undefined || e.details?.field === field);

describe('round decider: create and edit', () => {
  it('creates the round trimmed, days sorted, deadlines as instants of the round time zone', () => {
    spec.given([]).when(create()).then([created]);
  });

  it('refuses a second create on the same stream with a 409', () => {
    spec.given([created]).when(create()).thenThrows(DomainError, (e) => e.code === 'ROUND_EXISTS' && e.status === 409);
  });

  it('answers bad settings in Spanish, per field', () => {
    spec.given([]).when(create({ name: '  ' })).thenThrows(DomainError, refused('NAME_REQUIRED', 'name'));
    const endBefore = spec.given([]).when(create({ endDate: '2030-04-30' })).thenThrows(DomainError, refused('END_BEFORE_START', 'endDate'));
    expect((endBefore as DomainError).messagePublic).toBe('La fecha de fin no puede ser anterior a la fecha de inicio.');
    spec.given([]).when(create({ timeZone: 'Marte/Olympus' })).thenThrows(DomainError, refused('INVALID_TIME_ZONE', 'timeZone'));
    spec.given([]).when(create({ meetingMinutes: 2 })).thenThrows(DomainError, refused('INVALID_MEETING_MINUTES'));
    spec.given([]).when(create({ days: [] })).thenThrows(DomainError, refused('DAYS_REQUIRED'));
    spec.given([]).when(create({ days: [{ date: '2030-05-03', start: '09:00', end: '10:00', breaks: [] }] })).thenThrows(DomainError, refused('DAY_OUT_OF_RANGE'));
    spec.given([]).when(create({ days: [{ date: '2030-05-01', start: '12:00', end: '09:00', breaks: [] }] })).thenThrows(DomainError, refused('DAY_END_BEFORE_START'));
    spec
      .given([])
      .when(create({ days: [{ date: '2030-05-01', start: '09:00', end: '12:00', breaks: [{ start: '08:00', end: '09:30' }] }] }))
      .thenThrows(DomainError, refused('BREAK_OUTSIDE_DAY'));
    spec
      .given([])
      .when(create({ days: [{ date: '2030-05-01', start: '09:00', end: '12:00', breaks: [{ start: '10:00', end: '11:00' }, { start: '10:30', end: '11:30' }] }] }))
      .thenThrows(DomainError, refused('BREAKS_OVERLAP'));
    const noSlot = spec
      .given([])
      .when(create({ meetingMinutes: 45, days: [{ date: '2030-05-01', start: '09:00', end: '10:00', breaks: [{ start: '09:30', end: '09:40' }] }] }))
      .thenThrows(DomainError, refused('NO_SLOT_FITS'));
    expect((noSlot as DomainError).messagePublic).toBe('El 2030-05-01 no cabe ninguna reunión de 45 minutos entre el inicio, los descansos y el fin.');
    spec.given([]).when(create({ tables: 0 })).thenThrows(DomainError, refused('INVALID_TABLES', 'tables'));
    spec.given([]).when(create({ maxRequestsPerParticipant: 0 })).thenThrows(DomainError, refused('INVALID_MAX_REQUESTS'));
    spec.given([]).when(create({ requestDeadline: '2030-05-03T10:00' })).thenThrows(DomainError, refused('REQUESTDEADLINE_AFTER_END', 'requestDeadline'));
  });

  it('edits at the version the page read; a stale save is a 409; the same settings record nothing', () => {
    spec
      .given([created])
      .when({ type: 'businessConference.ChangeRound', data: { input: input({ meetingMinutes: 20 }), expectedVersion: 1 } })
      .then([{ type: 'businessConference.RoundChanged', data: { roundId: ROUND, eventId: EVENT, settings: { ...settings, meetingMinutes: 20 }, by: SPEC_USER_ID, at } }]);
    spec
      .given([created])
      .when({ type: 'businessConference.ChangeRound', data: { input: input({ meetingMinutes: 20 }), expectedVersion: 0 } })
      .thenThrows(DomainError, (e) => e.code === 'ROUND_STALE' && e.status === 409);
    spec.given([created]).when({ type: 'businessConference.ChangeRound', data: { input: input() } }).then([]);
  });

  it('a deleted round is gone: edits are a 404', () => {
    const deleted: RoundEvent = { type: 'businessConference.RoundDeleted', data: { roundId: ROUND, eventId: EVENT, code: 'K7PQ2', by: SPEC_USER_ID, at } };
    spec.given([created]).when({ type: 'businessConference.DeleteRound', data: {} }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'businessConference.ChangeRound', data: { input: input() } }).thenThrows(DomainError, (e) => e.status === 404);
    spec.given([created, deleted]).when({ type: 'businessConference.DeleteRound', data: {} }).thenThrows(DomainError, (e) => e.code === 'ROUND_NOT_FOUND');
    spec.given([]).when({ type: 'businessConference.DeleteRound', data: {} }).thenThrows(DomainError, (e) => e.code === 'ROUND_NOT_FOUND');
  });
});

describe('round decider: custom fields and catalogue filter', () => {
  const fields = [
    { label: ' País de origen ', kind: 'choice' as const, options: ['Perú', 'Chile'], required: true },
    { label: 'Empleados', kind: 'number' as const },
  ];
  const fieldsChanged: RoundEvent = {
    type: 'businessConference.RoundFieldsChanged',
    data: {
      roundId: ROUND,
      eventId: EVENT,
      side: 'offer',
      fields: [
        { key: 'pais_de_origen', label: 'País de origen', kind: 'choice', options: ['Perú', 'Chile'], required: true },
        { key: 'empleados', label: 'Empleados', kind: 'number', options: [], required: false },
      ],
      catalogueFilter: [],
      by: SPEC_USER_ID,
      at,
    },
  };

  it('keys new fields from their label; keeps existing keys when reordered', () => {
    spec.given([created]).when({ type: 'businessConference.ChangeRoundFields', data: { side: 'offer', fields } }).then([fieldsChanged]);
    spec
      .given([created, fieldsChanged])
      .when({
        type: 'businessConference.ChangeRoundFields',
        data: { side: 'offer', fields: [{ key: 'empleados', label: 'Empleados', kind: 'number' }, { key: 'pais_de_origen', label: 'País', kind: 'choice', options: ['Perú', 'Chile'] }] },
      })
      .then(([e]) => expect(e.type === 'businessConference.RoundFieldsChanged' && e.data.fields.map((f) => f.key)).toEqual(['empleados', 'pais_de_origen']));
  });

  it('refuses an empty label, a repeated label and a choice without two options', () => {
    const when = (f: object[]) => spec.given([created]).when({ type: 'businessConference.ChangeRoundFields', data: { side: 'demand', fields: f as never } });
    when([{ label: ' ', kind: 'text' }]).thenThrows(DomainError, refused('LABEL_REQUIRED', 'fields.0.label'));
    when([{ label: 'A', kind: 'text' }, { label: 'a', kind: 'date' }]).thenThrows(DomainError, refused('DUPLICATE_FIELD', 'fields.1.label'));
    when([{ label: 'A', kind: 'choice', options: ['x'] }]).thenThrows(DomainError, refused('OPTIONS_REQUIRED'));
    when([{ label: 'A', kind: 'text', options: ['x'] }]).thenThrows(DomainError, refused('OPTIONS_NOT_ALLOWED'));
  });

  it('filters the catalogue by sector and known fields; a removed field stops filtering', () => {
    const filtered: RoundEvent = { type: 'businessConference.CatalogueFilterChanged', data: { roundId: ROUND, eventId: EVENT, filter: ['sector', 'pais_de_origen'], by: SPEC_USER_ID, at } };
    spec.given([created, fieldsChanged]).when({ type: 'businessConference.ChangeCatalogueFilter', data: { filter: ['sector', 'pais_de_origen'] } }).then([filtered]);
    spec
      .given([created, fieldsChanged])
      .when({ type: 'businessConference.ChangeCatalogueFilter', data: { filter: ['nope'] } })
      .thenThrows(DomainError, refused('UNKNOWN_FILTER_FIELD', 'filter'));
    spec
      .given([created, fieldsChanged, filtered])
      .when({ type: 'businessConference.ChangeRoundFields', data: { side: 'offer', fields: [{ key: 'empleados', label: 'Empleados', kind: 'number' }] } })
      .thenState((s) => expect(s.catalogueFilter).toEqual(['sector']));
  });
});

describe('roundSlots', () => {
  it('fills each day with meetings, skipping breaks, numbered over the whole round', () => {
    const slots = roundSlots(settings);
    // Day 1: 09:00, 09:30, (10:00-10:15 break) 10:15, 10:45, 11:15 (11:45 would end at 12:15); day 2: 09:00-11:00.
    expect(slots.map((s) => s.slotId)).toEqual([
      '2030-05-01_09:00',
      '2030-05-01_09:30',
      '2030-05-01_10:15',
      '2030-05-01_10:45',
      '2030-05-01_11:15',
      '2030-05-02_09:00',
      '2030-05-02_09:30',
      '2030-05-02_10:00',
      '2030-05-02_10:30',
    ]);
    expect(slots.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(slots[0]).toEqual({ slotId: '2030-05-01_09:00', day: '2030-05-01', start: '2030-05-01T14:00:00.000Z', end: '2030-05-01T14:30:00.000Z', index: 0 });
  });

  it('converts wall-clock times of zones with daylight saving both ways', () => {
    expect(zonedInstant('2030-07-01', '09:00', 'Europe/Madrid').toISOString()).toBe('2030-07-01T07:00:00.000Z');
    expect(zonedInstant('2030-01-15', '09:00', 'Europe/Madrid').toISOString()).toBe('2030-01-15T08:00:00.000Z');
    expect(localDateTimeOf('2030-04-30T23:00:00.000Z', 'America/Lima')).toBe('2030-04-30T18:00');
  });
});
