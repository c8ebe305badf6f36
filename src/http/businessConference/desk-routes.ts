import type { Request, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { setAttendance } from '../../commands/businessConference/desk-attendance.js';
import { askHelp, resolveHelp, takeHelp } from '../../commands/businessConference/desk-help.js';
import { reportOutcome } from '../../commands/businessConference/desk-outcome.js';
import {
  attendanceBodySchema,
  helpActionBodySchema,
  meetingSideSchema,
  outcomeBodySchema,
  scheduleHelpBodySchema,
  type AttendanceListResponse,
  type AttendanceResponse,
  type HelpActionResponse,
  type HelpRequestDto,
  type MeetingOutcomeDto,
  type MeetingSide,
  type OutcomeResponse,
  type ScheduleHelpResponse,
} from '../../contracts/businessConference-desk.js';
import type { MeetingDto } from '../../contracts/businessConference-meetings.js';
import type { RoundDto } from '../../contracts/businessConference-rounds.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { placementOf } from '../../projections/businessConference/agenda-queries.js';
import {
  attendanceOfRound,
  findHelpRequest,
  helpDeskStatsOfRound,
  helpRequestsOfParticipant,
  helpRequestsOfRound,
  outcomeOf,
  outcomeOfMeeting,
  outcomesOfRound,
} from '../../projections/businessConference/desk-queries.js';
import { findMeeting } from '../../projections/businessConference/meetings-queries.js';
import { findParticipant, participantOfUser, participantsOfRound } from '../../projections/businessConference/participants-queries.js';
import { defineRoute } from '../route.js';
import { authorizeRound } from './access.js';

const m = messages.businessConference.desk;
const TAG = 'businessConference';

const roundParams = z.object({ roundId: z.string().min(1).max(100) });
const meetingParams = z.object({ meetingId: z.string().min(1).max(100) });
const requestParams = z.object({ requestId: z.string().min(1).max(120) });
const sideQuery = z.object({ side: meetingSideSchema });

const sideParticipant = (meeting: MeetingDto, side: MeetingSide) => (side === 'offer' ? meeting.offerParticipantId : meeting.demandParticipantId);

/**
 * A participant's call about their side of a meeting: the meeting must exist, the caller pass the round's guard
 * and be the meeting's participant on that side (an offer_demand participant may be on either).
 */
async function meetingSideOf(ctx: AppContext, req: Request, meetingId: string, side: MeetingSide) {
  const meeting = await findMeeting(ctx.db, meetingId);
  if (!meeting) throw new NotFoundError('MEETING_NOT_FOUND', m.meetingNotFound);
  const { round } = await authorizeRound(ctx, req, meeting.roundId, 'meeting.read');
  const participant = await participantOfUser(ctx.db, meeting.roundId, req.user!._id);
  if (!participant || participant._id !== sideParticipant(meeting, side)) throw new ForbiddenError('NOT_YOUR_MEETING', m.notYourMeeting);
  return { meeting, round, participant };
}

/** The start of a meeting's slot (from the agenda), null while it is not placed. */
async function meetingStart(ctx: AppContext, round: RoundDto, meetingId: string): Promise<string | null> {
  const placement = await placementOf(ctx.db, meetingId);
  if (!placement) return null;
  return round.slots.find((s) => s.slotId === placement.slotId)?.start ?? null;
}

const roundDays = (round: RoundDto) => round.days.map((d) => d.date).sort();

/**
 * The desk (issue 21): the live help desk (spec 7 `businessConferenceScheduleHelp`, the helpRequest page's list,
 * take and resolve), registerAttendance (check-ins per day) and meeting outcomes (each side says whether the
 * meeting happened). Round-scoped calls go through `authorizeRound`: helpRequest.answer for the desk
 * (administrator, support), attendance.register for registerAttendance (administrator), meeting.read plus the
 * meeting's side for participants.
 */
export function registerDeskRoutes(router: Router, ctx: AppContext): void {
  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/businessConferenceScheduleHelp',
      summary: 'Pide ayuda desde una reunión (un administrador se conecta en breve); una solicitud abierta por reunión y lado',
      tag: TAG,
      auth: 'user',
      body: scheduleHelpBodySchema,
    },
    async ({ body, req }): Promise<ScheduleHelpResponse & { message: string }> => {
      const { meeting, participant } = await meetingSideOf(ctx, req, body._businessConferenceSchedule, body.type);
      if (meeting.status !== 'accepted') throw new DomainError('MEETING_NOT_ACCEPTED', m.meetingNotAccepted, 409);
      const result = await askHelp(ctx, {
        roundId: meeting.roundId,
        eventId: meeting.eventId,
        meetingId: meeting._id,
        side: body.type,
        participantId: participant._id,
        userId: participant.userId,
        companyName: participant.company.name,
        contactName: participant.contactName,
      });
      return { ...result, message: m.helpAsked };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/meetings/:meetingId/help',
      summary: 'Las solicitudes de ayuda del participante en una reunión (su lado)',
      tag: TAG,
      auth: 'user',
      params: meetingParams,
      query: sideQuery,
    },
    async ({ params, query, req }): Promise<{ data: HelpRequestDto[] }> => {
      const { participant } = await meetingSideOf(ctx, req, params.meetingId, query.side);
      const all = await helpRequestsOfParticipant(ctx.db, participant._id);
      return { data: all.filter((r) => r.meetingId === params.meetingId && r.side === query.side) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/rounds/:roundId/helpRequests',
      summary: 'Solicitudes de ayuda de la rueda (mesa de ayuda: administrador y soporte), con conteos y esperas',
      tag: TAG,
      auth: 'user',
      params: roundParams,
    },
    async ({ params, req }) => {
      await authorizeRound(ctx, req, params.roundId, 'helpRequest.answer');
      const [data, stats] = await Promise.all([helpRequestsOfRound(ctx.db, params.roundId), helpDeskStatsOfRound(ctx.db, params.roundId)]);
      return { data, stats };
    },
  );

  for (const action of ['take', 'resolve'] as const) {
    defineRoute(
      router,
      ctx,
      {
        method: 'post',
        path: `/businessConference/helpRequests/:requestId/${action}`,
        summary: action === 'take' ? 'Toma una solicitud de ayuda (solo una persona la gana)' : 'Marca como resuelta una solicitud tomada',
        tag: TAG,
        auth: 'user',
        params: requestParams,
        body: helpActionBodySchema,
      },
      async ({ params, body, req, user }): Promise<HelpActionResponse> => {
        const request = await findHelpRequest(ctx.db, params.requestId);
        if (!request) throw new NotFoundError('HELP_NOT_FOUND', m.helpNotFound);
        await authorizeRound(ctx, req, request.roundId, 'helpRequest.answer');
        const input = { requestId: request._id, agentId: user!._id, clientId: body.clientId };
        return action === 'take' ? takeHelp(ctx, { ...input, agentName: user!.displayName }) : resolveHelp(ctx, input);
      },
    );
  }

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/rounds/:roundId/attendance',
      summary: 'Registro presencial: participantes aprobados de la rueda con los días en que se registraron, y conteos por día',
      tag: TAG,
      auth: 'user',
      params: roundParams,
    },
    async ({ params, req }): Promise<AttendanceListResponse> => {
      const { round } = await authorizeRound(ctx, req, params.roundId, 'attendance.register');
      const [participants, attendance] = await Promise.all([participantsOfRound(ctx.db, round._id, { status: 'approved' }), attendanceOfRound(ctx.db, round._id)]);
      const days = roundDays(round);
      const byParticipant = new Map<string, string[]>();
      const counts: Record<string, number> = Object.fromEntries(days.map((d) => [d, 0]));
      for (const a of attendance) {
        byParticipant.set(a.participantId, [...(byParticipant.get(a.participantId) ?? []), a.day]);
        if (a.day in counts) counts[a.day] += 1;
      }
      const rows = participants
        .map((p) => ({ participantId: p._id, companyName: p.company.name, contactName: p.contactName, type: p.type, days: (byParticipant.get(p._id) ?? []).sort() }))
        .sort((a, b) => a.companyName.localeCompare(b.companyName, 'es'));
      return { days, rows, counts };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/businessConference/rounds/:roundId/attendance',
      summary: 'Marca a un participante como presente (o no) un día de la rueda; repetirlo no cambia nada',
      tag: TAG,
      auth: 'user',
      params: roundParams,
      body: attendanceBodySchema,
    },
    async ({ params, body, req, user }): Promise<AttendanceResponse> => {
      const { round } = await authorizeRound(ctx, req, params.roundId, 'attendance.register');
      const participant = await findParticipant(ctx.db, body.participantId);
      if (!participant || participant.roundId !== round._id) throw new NotFoundError('PARTICIPANT_NOT_FOUND', m.participantNotFound);
      if (participant.status !== 'approved') throw new DomainError('PARTICIPANT_NOT_APPROVED', m.participantNotApproved, 409);
      const result = await setAttendance(ctx, {
        participantId: participant._id,
        roundId: round._id,
        eventId: round.eventId,
        day: body.day,
        present: body.present,
        roundDays: roundDays(round),
        by: user!._id,
        clientId: body.clientId,
      });
      return { data: { participantId: participant._id, days: result.days }, position: result.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/rounds/:roundId/outcomes',
      summary: 'Lo que cada lado dijo de sus reuniones: si se realizaron y quién no asistió',
      tag: TAG,
      auth: 'user',
      params: roundParams,
    },
    async ({ params, req }): Promise<{ data: MeetingOutcomeDto[] }> => {
      await authorizeRound(ctx, req, params.roundId, 'attendance.register');
      return { data: await outcomesOfRound(ctx.db, params.roundId) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/meetings/:meetingId/outcome',
      summary: 'Lo que los dos lados dijeron de la reunión, y si ya se puede responder',
      tag: TAG,
      auth: 'user',
      params: meetingParams,
      query: sideQuery,
    },
    async ({ params, query, req }): Promise<{ data: MeetingOutcomeDto | null; startsAt: string | null; canAnswer: boolean }> => {
      const { meeting, round } = await meetingSideOf(ctx, req, params.meetingId, query.side);
      const startsAt = meeting.status === 'accepted' ? await meetingStart(ctx, round, meeting._id) : null;
      const canAnswer = startsAt !== null && Date.parse(startsAt) <= ctx.clock().getTime();
      return { data: await outcomeOfMeeting(ctx.db, meeting._id), startsAt, canAnswer };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/businessConference/meetings/:meetingId/outcome',
      summary: 'Un lado dice si la reunión se realizó (un "no" registra la inasistencia del otro lado)',
      tag: TAG,
      auth: 'user',
      params: meetingParams,
      body: outcomeBodySchema,
    },
    async ({ params, body, req, user }): Promise<OutcomeResponse> => {
      const { meeting, round } = await meetingSideOf(ctx, req, params.meetingId, body.side);
      if (meeting.status !== 'accepted') throw new DomainError('MEETING_NOT_ACCEPTED', m.meetingNotAccepted, 409);
      const startsAt = await meetingStart(ctx, round, meeting._id);
      const result = await reportOutcome(ctx, {
        meetingId: meeting._id,
        roundId: meeting.roundId,
        eventId: meeting.eventId,
        offerParticipantId: meeting.offerParticipantId,
        demandParticipantId: meeting.demandParticipantId,
        side: body.side,
        happened: body.happened,
        startsAt,
        by: user!._id,
        clientId: body.clientId,
      });
      const data = outcomeOf({
        meeting_id: meeting._id,
        round_id: meeting.roundId,
        offer_participant_id: meeting.offerParticipantId,
        demand_participant_id: meeting.demandParticipantId,
        offer_says: result.state.offer,
        demand_says: result.state.demand,
      });
      return { data, position: result.position };
    },
  );
}
