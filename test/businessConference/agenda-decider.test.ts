import { describe, expect, it } from 'vitest';
import {
  agendaDecider,
  PLACEMENTS_PER_EVENT,
  virtualRoomOf,
  type AgendaEvent,
  type AgendaScheduled,
  type MeetingsPlaced,
  type RoundFrame,
} from '../../src/domain/businessConference/agenda.js';
import { unavailabilityDecider, type SetUnavailableSlots } from '../../src/domain/businessConference/agenda-unavailability.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(agendaDecider);
const at = SPEC_NOW.toISOString();

const round: RoundFrame = {
  roundId: 'r1',
  slots: [
    { slotId: 's1', day: '2026-03-10', index: 0 },
    { slotId: 's2', day: '2026-03-10', index: 1 },
    { slotId: 's3', day: '2026-03-10', index: 2 },
  ],
  venue: 'tables',
  tables: 2,
};
const meetings = [
  { meetingId: 'm1', a: 'o1', b: 'd1', preferredSlotId: null },
  { meetingId: 'm2', a: 'o1', b: 'd2', preferredSlotId: null },
  { meetingId: 'm3', a: 'o2', b: 'd1', preferredSlotId: null },
];

const moved = (meetingId: string, a: string, b: string, slotId: string, table: number | null): AgendaEvent => ({
  type: 'businessConference.MeetingMoved',
  data: { roundId: 'r1', placement: { meetingId, slotId, table, room: null, a, b }, by: SPEC_USER_ID, at },
});
const scheduleAll = (reschedule = false, unavailable: Record<string, string[]> = {}, list = meetings, frame = round) =>
  ({ type: 'businessConference.ScheduleAll', data: { round: frame, runId: 'run1', reschedule, meetings: list, unavailable } }) as const;
const move = (meetingId: string, slotId: string, table: number | null, unavailable: string[] = [], status = 'accepted') => {
  const mt = meetings.find((x) => x.meetingId === meetingId)!;
  return { type: 'businessConference.MoveMeeting', data: { round, meeting: { meetingId, a: mt.a, b: mt.b, status }, slotId, table, unavailable } } as const;
};
const code = (c: string) => (e: DomainError) => e.code === c;

describe('ScheduleAll', () => {
  it('places every accepted meeting: a head event with the summary, then the placements', () => {
    spec
      .given([])
      .when(scheduleAll())
      .then((events) => {
        const [head, ...parts] = events as [AgendaScheduled, ...MeetingsPlaced[]];
        expect(head.type).toBe('businessConference.AgendaScheduled');
        expect(head.data).toMatchObject({ roundId: 'r1', runId: 'run1', placed: 3, kept: 0, unplaced: [], parts: 1, by: SPEC_USER_ID, at });
        const placements = parts.flatMap((p) => p.data.placements);
        expect(placements.map((p) => p.meetingId).sort()).toEqual(['m1', 'm2', 'm3']);
        // o1 and d1 each have two meetings: never in the same slot.
        const slot = new Map(placements.map((p) => [p.meetingId, p.slotId]));
        expect(slot.get('m1')).not.toBe(slot.get('m2'));
        expect(slot.get('m1')).not.toBe(slot.get('m3'));
      });
  });

  it('keeps what is placed and places only the rest', () => {
    spec
      .given([moved('m1', 'o1', 'd1', 's2', 1)])
      .when(scheduleAll())
      .then((events) => {
        expect((events[0] as AgendaScheduled).data).toMatchObject({ placed: 2, kept: 1 });
        const placements = (events.slice(1) as MeetingsPlaced[]).flatMap((p) => p.data.placements);
        expect(placements.map((p) => p.meetingId).sort()).toEqual(['m2', 'm3']);
        expect(placements.every((p) => p.slotId !== 's2')).toBe(true);
      });
  });

  it('never uses a slot a participant cannot meet, and says why a meeting stayed out', () => {
    spec
      .given([])
      .when(scheduleAll(false, { o1: ['s1', 's2', 's3'] }))
      .then((events) => {
        const head = events[0] as AgendaScheduled;
        expect(head.data.unplaced).toEqual([
          { meetingId: 'm1', reason: 'noCommonSlot' },
          { meetingId: 'm2', reason: 'noCommonSlot' },
        ]);
        expect(head.data.placed).toBe(1);
      });
  });

  it('re-places the non-pinned placements only when asked, and never moves a pinned one', () => {
    const scheduled: AgendaEvent[] = [
      { type: 'businessConference.AgendaScheduled', data: { roundId: 'r1', runId: 'r0', reschedule: false, placed: 1, kept: 0, unscheduled: [], unplaced: [], parts: 1, by: null, at } },
      { type: 'businessConference.MeetingsPlaced', data: { roundId: 'r1', runId: 'r0', part: 0, placements: [{ meetingId: 'm2', slotId: 's3', table: 2, room: null, a: 'o1', b: 'd2' }] } },
    ];
    // Not asked: m2 stays, m1 (pinned) stays, m3 is placed.
    spec
      .given([...scheduled, moved('m1', 'o1', 'd1', 's1', 1)])
      .when(scheduleAll(false))
      .then((events) => {
        expect((events[0] as AgendaScheduled).data).toMatchObject({ placed: 1, kept: 2 });
      });
    // Asked: m1 is pinned (placed by hand), so it is never in the new placements.
    spec
      .given([...scheduled, moved('m1', 'o1', 'd1', 's1', 1)])
      .when(scheduleAll(true))
      .thenState((s) => {
        expect(s.placements.get('m1')).toMatchObject({ slotId: 's1', table: 1, pinned: true });
        expect(s.placements.size).toBe(3);
      });
  });

  it('appends a large agenda in chunks', () => {
    const many = Array.from({ length: PLACEMENTS_PER_EVENT + 10 }, (_, i) => ({ meetingId: `x${i}`, a: `o${i}`, b: `d${i}`, preferredSlotId: null }));
    spec
      .given([])
      .when(scheduleAll(false, {}, many, { ...round, venue: 'virtual', tables: 0 }))
      .then((events) => {
        expect(events.map((e) => e.type)).toEqual(['businessConference.AgendaScheduled', 'businessConference.MeetingsPlaced', 'businessConference.MeetingsPlaced']);
        expect((events[0] as AgendaScheduled).data.parts).toBe(2);
        const p = (events[1] as MeetingsPlaced).data.placements[0];
        // A virtual venue: a room link, no table.
        expect(p).toMatchObject({ table: null, room: virtualRoomOf(p.meetingId) });
      });
  });

  it('is refused for a round without slots', () => {
    spec.given([]).when(scheduleAll(false, {}, meetings, { ...round, slots: [] })).thenThrows(DomainError, code('NO_SLOTS'));
  });
});

describe('MoveMeeting', () => {
  const given = [moved('m1', 'o1', 'd1', 's1', 1), moved('m3', 'o2', 'd1', 's2', 1)];

  it('moves a meeting and pins it', () => {
    spec.given(given).when(move('m2', 's2', 2)).then([moved('m2', 'o1', 'd2', 's2', 2)]);
  });
  it('refuses to double-book a person', () => {
    spec.given(given).when(move('m2', 's1', 2)).thenThrows(DomainError, code('PERSON_BUSY'));
  });
  it('refuses a table already taken in that slot', () => {
    spec.given(given).when(move('m2', 's2', 1)).thenThrows(DomainError, code('TABLE_TAKEN'));
  });
  it('refuses a slot either participant cannot meet', () => {
    spec.given(given).when(move('m2', 's3', 1, ['s3'])).thenThrows(DomainError, code('SLOT_UNAVAILABLE'));
  });
  it('refuses an unknown slot and a table outside the venue', () => {
    spec.given(given).when(move('m2', 'nope', 1)).thenThrows(DomainError, code('SLOT_UNKNOWN'));
    spec.given(given).when(move('m2', 's3', 3)).thenThrows(DomainError, code('TABLE_INVALID'));
  });
  it('refuses a meeting that is not accepted', () => {
    spec.given(given).when(move('m2', 's3', 1, [], 'cancelled')).thenThrows(DomainError, code('MEETING_NOT_ACCEPTED'));
  });
  it('raises the sequence of a meeting on each change', () => {
    spec
      .given([...given, moved('m1', 'o1', 'd1', 's3', 2)])
      .when(move('m1', 's3', 1))
      .thenState((s) => expect(s.sequences.get('m1')).toBe(2));
  });
});

describe('UnscheduleMeeting and PublishAgenda', () => {
  it('frees a placed meeting; a cancelled meeting never placed is nothing', () => {
    spec
      .given([moved('m1', 'o1', 'd1', 's1', 1)])
      .when({ type: 'businessConference.UnscheduleMeeting', data: { roundId: 'r1', meetingId: 'm1', reason: 'cancelled' } })
      .then([{ type: 'businessConference.MeetingUnscheduled', data: { roundId: 'r1', meetingId: 'm1', reason: 'cancelled', by: SPEC_USER_ID, at } }]);
    spec.given([]).when({ type: 'businessConference.UnscheduleMeeting', data: { roundId: 'r1', meetingId: 'm1', reason: 'cancelled' } }).then([]);
    spec
      .given([])
      .when({ type: 'businessConference.UnscheduleMeeting', data: { roundId: 'r1', meetingId: 'm1', reason: 'organizer' } })
      .thenThrows(DomainError, code('NOT_PLACED'));
  });

  it('publishes the final agenda; nothing placed is refused', () => {
    spec
      .given([moved('m1', 'o1', 'd1', 's1', 1)])
      .when({ type: 'businessConference.PublishAgenda', data: { roundId: 'r1' } })
      .thenState((s) => {
        expect(s.phase).toBe('final');
        expect(s.placements.get('m1')?.phase).toBe('final');
      });
    spec.given([]).when({ type: 'businessConference.PublishAgenda', data: { roundId: 'r1' } }).thenThrows(DomainError, code('NOTHING_TO_PUBLISH'));
  });
});

describe('SetUnavailableSlots', () => {
  const uspec = DeciderSpecification.for(unavailabilityDecider);
  const set = (slotIds: string[]): SetUnavailableSlots => ({
    type: 'businessConference.SetUnavailableSlots',
    data: { participantId: 'p1', roundId: 'r1', slotIds, roundSlotIds: ['s1', 's2', 's3'] },
  });

  it('records the set in the round order; the same set again is nothing', () => {
    uspec
      .given([])
      .when(set(['s3', 's1']))
      .then([{ type: 'businessConference.UnavailableSlotsSet', data: { participantId: 'p1', roundId: 'r1', slotIds: ['s1', 's3'], by: SPEC_USER_ID, at } }]);
    uspec
      .given([{ type: 'businessConference.UnavailableSlotsSet', data: { participantId: 'p1', roundId: 'r1', slotIds: ['s1', 's3'], by: null, at } }])
      .when(set(['s1', 's3']))
      .then([]);
  });
  it('refuses a slot of another round', () => {
    uspec.given([]).when(set(['zz'])).thenThrows(DomainError, code('SLOT_UNKNOWN'));
  });
});
