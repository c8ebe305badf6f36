import { describe, expect, it } from 'vitest';
import { attendanceDecider, type AttendanceEvent, type SetAttendance } from '../../src/domain/businessConference/attendance.js';
import { helpDecider, helpRequestId, parseHelpRequestId, type HelpAsker, type HelpEvent } from '../../src/domain/businessConference/help.js';
import { outcomeDecider, type OutcomeEvent, type ReportOutcome } from '../../src/domain/businessConference/outcome.js';
import { individualRoomId } from '../../src/domain/chat/ids.js';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const at = SPEC_NOW.toISOString();
const later = (s: number) => new Date(SPEC_NOW.getTime() + s * 1000);
const MEETING = '55555555-5555-4555-8555-555555555555';
const AGENT = '66666666-6666-4666-8666-666666666661';
const AGENT_B = '66666666-6666-4666-8666-666666666662';
const asker: HelpAsker = {
  roundId: '11111111-1111-4111-8111-111111111111',
  eventId: '22222222-2222-4222-8222-222222222222',
  meetingId: MEETING,
  side: 'demand',
  participantId: '33333333-3333-4333-8333-333333333333',
  userId: '44444444-4444-4444-8444-444444444444',
  companyName: 'Café del Valle',
  contactName: 'Ana Quispe',
};
const ROOM = individualRoomId(AGENT, asker.userId);
const R1 = helpRequestId(MEETING, 'demand', 1);

describe('help line decider (businessConference-help-<meetingId>-<side>)', () => {
  const spec = DeciderSpecification.for(helpDecider);
  const requested = (n = 1, when = at): HelpEvent => ({ type: 'businessConference.HelpRequested', data: { ...asker, requestId: helpRequestId(MEETING, 'demand', n), at: when } });
  const taken = (by = AGENT, name = 'Sara Soporte', when = later(90).toISOString(), wait = 90): HelpEvent => ({
    type: 'businessConference.HelpTaken',
    data: { ...asker, requestId: R1, agentId: by, agentName: name, chatRoomId: individualRoomId(by, asker.userId), at: when, waitSeconds: wait },
  });
  const resolved = (): HelpEvent => ({ type: 'businessConference.HelpResolved', data: { ...asker, requestId: R1, agentId: AGENT, at: later(390).toISOString(), handlingSeconds: 300 } });
  const ask = { type: 'businessConference.AskHelp' as const, data: asker };
  const take = (agentId = AGENT, agentName = 'Sara Soporte') => ({ type: 'businessConference.TakeHelp' as const, data: { requestId: R1, agentId, agentName } });
  const resolve = (agentId = AGENT) => ({ type: 'businessConference.ResolveHelp' as const, data: { requestId: R1, agentId } });

  describe('AskHelp', () => {
    it('opens request 1 of the meeting side', () => {
      spec.given([]).when(ask).then([requested()]);
    });
    it('answers the open request instead of a second one (a retry, a second click), also once taken', () => {
      spec.given([requested()]).when(ask).then([]);
      spec.given([requested(), taken()]).when(ask).then([]);
    });
    it('opens request 2 once the first was resolved', () => {
      spec.given([requested(), taken(), resolved()]).when(ask).then([requested(2)]);
    });
    it('request ids name their stream', () => {
      expect(parseHelpRequestId(R1)).toEqual({ meetingId: MEETING, side: 'demand', n: 1 });
      expect(parseHelpRequestId('x.other.1')).toBeNull();
      expect(parseHelpRequestId(`${MEETING}.offer.0`)).toBeNull();
    });
  });

  describe('TakeHelp', () => {
    it('records the agent, the chat room of agent and participant, and the wait since the request', () => {
      spec.given([requested()]).when(take(), { now: later(90) }).then([taken()]);
      spec.given([requested()]).when(take(), { now: later(90) }).thenState((s) => expect(s.current).toMatchObject({ status: 'taken', takenBy: AGENT, chatRoomId: ROOM }));
    });
    it('is idempotent for the agent who holds it', () => {
      spec.given([requested(), taken()]).when(take()).then([]);
    });
    it('refuses a second agent with a 409 naming who took it', () => {
      const err = spec.given([requested(), taken()]).when(take(AGENT_B, 'Beto')).thenThrows(DomainError, (e) => e.code === 'HELP_TAKEN');
      expect((err as DomainError).status).toBe(409);
      expect((err as DomainError).messagePublic).toBe('Esta solicitud ya la atiende Sara Soporte.');
    });
    it('refuses a resolved request and an unknown or superseded id', () => {
      spec.given([requested(), taken(), resolved()]).when(take()).thenThrows(DomainError, (e) => e.code === 'HELP_RESOLVED' && e.status === 409);
      spec.given([]).when(take()).thenThrows(NotFoundError, (e) => e.code === 'HELP_NOT_FOUND' && e.messagePublic === 'No encontramos esta solicitud de ayuda.');
      spec.given([requested(), taken(), resolved(), requested(2)]).when(take()).thenThrows(NotFoundError, (e) => e.code === 'HELP_NOT_FOUND');
    });
  });

  describe('ResolveHelp', () => {
    it('resolves a taken request with the handling time', () => {
      spec.given([requested(), taken()]).when(resolve(), { now: later(390) }).then([resolved()]);
    });
    it('is idempotent once resolved', () => {
      spec.given([requested(), taken(), resolved()]).when(resolve()).then([]);
    });
    it('refuses an open request and another agent’s request', () => {
      spec.given([requested()]).when(resolve()).thenThrows(DomainError, (e) => e.code === 'HELP_NOT_TAKEN' && e.messagePublic === 'Primero toma la solicitud para atenderla.');
      spec.given([requested(), taken()]).when(resolve(AGENT_B)).thenThrows(DomainError, (e) => e.code === 'HELP_NOT_YOURS' && e.status === 409);
    });
  });
});

describe('attendance decider (businessConference-attendance-<participantId>)', () => {
  const spec = DeciderSpecification.for(attendanceDecider);
  const who = { participantId: asker.participantId, roundId: asker.roundId, eventId: asker.eventId };
  const set = (day: string, present: boolean): SetAttendance => ({ type: 'businessConference.SetAttendance', data: { ...who, day, present, roundDays: ['2026-03-02', '2026-03-03'] } });
  const checkedIn = (day: string): AttendanceEvent => ({ type: 'businessConference.ParticipantCheckedIn', data: { ...who, day, at, by: SPEC_USER_ID } });
  const undone = (day: string): AttendanceEvent => ({ type: 'businessConference.CheckInUndone', data: { ...who, day, at, by: SPEC_USER_ID } });

  it('checks a participant in on a day of the round, once', () => {
    spec.given([]).when(set('2026-03-02', true)).then([checkedIn('2026-03-02')]);
    spec.given([checkedIn('2026-03-02')]).when(set('2026-03-02', true)).then([]);
    spec.given([checkedIn('2026-03-02')]).when(set('2026-03-03', true)).then([checkedIn('2026-03-03')]);
  });
  it('undoes a check-in, and an absent participant set absent records nothing', () => {
    spec.given([checkedIn('2026-03-02')]).when(set('2026-03-02', false)).then([undone('2026-03-02')]);
    spec.given([]).when(set('2026-03-02', false)).then([]);
    spec.given([checkedIn('2026-03-02'), undone('2026-03-02')]).when(set('2026-03-02', true)).thenState((s) => expect([...s.days]).toEqual(['2026-03-02']));
  });
  it('refuses a day outside the round', () => {
    spec.given([]).when(set('2026-03-09', true)).thenThrows(DomainError, (e) => e.code === 'ATTENDANCE_DAY' && e.messagePublic === 'Ese día no es parte de la rueda.');
  });
});

describe('meeting outcome decider (businessConference-outcome-<meetingId>)', () => {
  const spec = DeciderSpecification.for(outcomeDecider);
  const meeting = { meetingId: MEETING, roundId: asker.roundId, eventId: asker.eventId, offerParticipantId: 'offer-p', demandParticipantId: 'demand-p' };
  const report = (side: 'offer' | 'demand', happened: boolean, startsAt: string | null = later(-600).toISOString()): ReportOutcome => ({
    type: 'businessConference.ReportOutcome',
    data: { ...meeting, side, happened, startsAt },
  });
  const reported = (side: 'offer' | 'demand', happened: boolean): OutcomeEvent => ({
    type: 'businessConference.MeetingOutcomeReported',
    data: { ...meeting, side, happened, at, by: SPEC_USER_ID },
  });

  it('records each side’s answer once the meeting has started', () => {
    spec.given([]).when(report('offer', true)).then([reported('offer', true)]);
    spec.given([reported('offer', true)]).when(report('demand', false)).thenState({ offer: true, demand: false });
  });
  it('the same answer twice records nothing; a side may correct itself', () => {
    spec.given([reported('offer', false)]).when(report('offer', false)).then([]);
    spec.given([reported('offer', false)]).when(report('offer', true)).then([reported('offer', true)]);
  });
  it('refuses before the slot starts and for a meeting not placed', () => {
    spec.given([]).when(report('offer', true, later(60).toISOString())).thenThrows(DomainError, (e) => e.code === 'OUTCOME_TOO_EARLY' && e.status === 409);
    spec.given([]).when(report('offer', true, null)).thenThrows(DomainError, (e) => e.code === 'OUTCOME_NOT_PLACED');
  });
});
