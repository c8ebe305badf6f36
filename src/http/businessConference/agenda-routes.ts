import type { Request, Router } from 'express';
import { z } from 'zod';
import { setUnavailableSlots } from '../../commands/businessConference/agenda-unavailability.js';
import { moveMeeting, publishAgenda, unscheduleMeeting } from '../../commands/businessConference/agenda-move.js';
import { scheduleAll } from '../../commands/businessConference/agenda-schedule.js';
import type { AppContext } from '../../context.js';
import {
  clientIdBody,
  moveMeetingBody,
  scheduleAllBody,
  unavailableSlotsBody,
  type AgendaPageDto,
  type AgendaPartyDto,
  type FloorDto,
  type FloorSlotDto,
  type ParticipantAgendaDto,
  type UnavailableSlotsDto,
} from '../../contracts/businessConference-agenda.js';
import type { ParticipantDto } from '../../contracts/businessConference-participants.js';
import type { RoundDto } from '../../contracts/businessConference-rounds.js';
import { messages } from '../../messages/es.js';
import { agendaOfRound, placementsOfParticipant, unavailableSlotsOf } from '../../projections/businessConference/agenda-queries.js';
import { meetingsOfRound } from '../../projections/businessConference/meetings-queries.js';
import { findParticipant, participantsOfRound } from '../../projections/businessConference/participants-queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';
import { authorizeRound } from './access.js';

const m = messages.businessConference.agenda;
const TAG = 'businessConference';

const roundParams = z.object({ roundId: z.string().min(1).max(100) });
const meetingParams = roundParams.extend({ meetingId: z.string().min(1).max(100) });
const participantParams = roundParams.extend({ participantId: z.string().min(1).max(100) });

const party = (p: ParticipantDto): AgendaPartyDto => ({ participantId: p._id, company: p.company.name, contactName: p.contactName, type: p.type });
const unknownParty = (participantId: string): AgendaPartyDto => ({ participantId, company: '', contactName: '', type: 'offer' });

/**
 * The agenda of a round (issue 21): the organizer's `agend` page (schedule all, move, unschedule, publish), the
 * floor (`room`), a participant's printable agenda and unavailable slots. Every call goes through the round's
 * guard (authorizeRound); writes of the agenda need meeting.manage (administrator, production).
 */
export function registerAgendaRoutes(router: Router, ctx: AppContext): void {
  /** The team (event-scope roles): reads need meeting.read and a team role; a participant is refused. */
  const team = async (req: Request, roundId: string, action: 'meeting.read' | 'meeting.manage') => {
    const { grant, round } = await authorizeRound(ctx, req, roundId, action);
    const role = grant.roles.businessConference;
    const isTeam = grant.owner || role === 'administrator' || role === 'production' || role === 'support';
    if (!isTeam) throw new HttpError(403, m.notOrganizer, 'NOT_ORGANIZER');
    return { grant, round };
  };

  /** A participant of the round: themself, or the team; anyone else is refused. */
  const participantAccess = async (req: Request, roundId: string, participantId: string, write: boolean) => {
    const { grant, round } = await authorizeRound(ctx, req, roundId);
    const participant = await findParticipant(ctx.db, participantId);
    if (!participant || participant.roundId !== round._id) throw new HttpError(404, m.participantNotFound, 'PARTICIPANT_NOT_FOUND');
    const role = grant.roles.businessConference;
    const isTeam = grant.owner || role === 'administrator' || role === 'production' || (!write && role === 'support');
    const self = participant.userId === req.user!._id;
    if (!self && !isTeam) throw new HttpError(403, m.notYourSlots, 'NOT_YOUR_SLOTS');
    return { round, participant, isTeam, self };
  };

  const placementsOfParticipantsIn = async (roundId: string) => (await agendaOfRound(ctx.db, roundId)).placements;
  const waitFor = (position: string | null) => (position ? waitForPosition(ctx.db, ctx.store, position) : Promise.resolve());

  const agendaPage = async (round: RoundDto, canManage: boolean): Promise<AgendaPageDto> => {
    const [agenda, meetings, participants] = await Promise.all([
      agendaOfRound(ctx.db, round._id),
      meetingsOfRound(ctx.db, round._id, { status: 'accepted' }),
      participantsOfRound(ctx.db, round._id),
    ]);
    return {
      ...agenda,
      round: { name: round.name, timeZone: round.timeZone, venue: round.venue, tables: round.tables, slots: round.slots },
      meetings: meetings.map((x) => ({ meetingId: x._id, offerParticipantId: x.offerParticipantId, demandParticipantId: x.demandParticipantId, preferredSlotId: x.preferredSlotId })),
      parties: participants.map(party),
      canManage,
    };
  };

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/businessConference/round/:roundId/agenda', summary: 'Agenda de la rueda por horario y mesa (equipo organizador)', tag: TAG, auth: 'user', params: roundParams },
    async ({ params, req }) => {
      const { grant, round } = await team(req, params.roundId, 'meeting.read');
      return agendaPage(round, grant.actions.includes('meeting.manage'));
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/businessConference/round/:roundId/agenda/schedule',
      summary: '"Programar todo": ubica cada reunión aceptada sin lugar (y, si se pide, reubica las no fijadas a mano) como agenda preliminar',
      tag: TAG,
      auth: 'user',
      params: roundParams,
      body: scheduleAllBody,
    },
    async ({ params, req, body, user }) => {
      const { round } = await team(req, params.roundId, 'meeting.manage');
      const r = await scheduleAll(ctx, { round, userId: user!._id, clientId: body.clientId, reschedule: body.reschedule, expectedVersion: body.expectedVersion });
      await waitFor(r.position);
      return { summary: r.summary, version: r.version, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/businessConference/round/:roundId/agenda/meeting/:meetingId/move',
      summary: 'Mueve (o ubica) una reunión a otro horario y mesa; queda fijada',
      tag: TAG,
      auth: 'user',
      params: meetingParams,
      body: moveMeetingBody,
    },
    async ({ params, req, body, user }) => {
      const { round } = await team(req, params.roundId, 'meeting.manage');
      const r = await moveMeeting(ctx, { round, meetingId: params.meetingId, slotId: body.slotId, table: body.table, userId: user!._id, clientId: body.clientId });
      return { version: r.version, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/businessConference/round/:roundId/agenda/meeting/:meetingId/unschedule',
      summary: 'Saca una reunión de la agenda',
      tag: TAG,
      auth: 'user',
      params: meetingParams,
      body: clientIdBody,
    },
    async ({ params, req, body, user }) => {
      await team(req, params.roundId, 'meeting.manage');
      const r = await unscheduleMeeting(ctx, { roundId: params.roundId, meetingId: params.meetingId, userId: user!._id, clientId: body.clientId });
      return { version: r.version, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/businessConference/round/:roundId/agenda/publish',
      summary: '"Publicar agenda final": todas las ubicaciones pasan a finales y se avisa a los participantes',
      tag: TAG,
      auth: 'user',
      params: roundParams,
      body: clientIdBody,
    },
    async ({ params, req, body, user }) => {
      await team(req, params.roundId, 'meeting.manage');
      const r = await publishAgenda(ctx, { roundId: params.roundId, userId: user!._id, clientId: body.clientId });
      return { version: r.version, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/businessConference/round/:roundId/floor', summary: 'La sala: las mesas reunidas ahora y el horario siguiente', tag: TAG, auth: 'user', params: roundParams },
    async ({ params, req }) => {
      const { round } = await team(req, params.roundId, 'meeting.read');
      const now = ctx.clock();
      const t = now.getTime();
      const slots = [...round.slots].sort((x, y) => x.index - y.index);
      const current = slots.find((s) => Date.parse(s.start) <= t && t < Date.parse(s.end)) ?? null;
      const next = slots.find((s) => Date.parse(s.start) > t) ?? null;
      const [placements, participants] = await Promise.all([placementsOfParticipantsIn(round._id), participantsOfRound(ctx.db, round._id)]);
      const byId = new Map(participants.map((p) => [p._id, party(p)]));
      const slotView = (s: RoundDto['slots'][number] | null): FloorSlotDto | null =>
        s && {
          slotId: s.slotId,
          day: s.day,
          start: s.start,
          end: s.end,
          meetings: placements
            .filter((p) => p.slotId === s.slotId)
            .sort((x, y) => (x.table ?? 0) - (y.table ?? 0))
            .map((p) => ({
              meetingId: p.meetingId,
              table: p.table,
              room: p.room,
              offer: byId.get(p.offerParticipantId) ?? unknownParty(p.offerParticipantId),
              demand: byId.get(p.demandParticipantId) ?? unknownParty(p.demandParticipantId),
            })),
        };
      const body: FloorDto = { roundId: round._id, now: now.toISOString(), timeZone: round.timeZone, current: slotView(current), next: slotView(next) };
      return body;
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/round/:roundId/participant/:participantId/agenda',
      summary: 'Agenda de un participante (imprimible): el propio participante ve su agenda final; el equipo, también la preliminar',
      tag: TAG,
      auth: 'user',
      params: participantParams,
    },
    async ({ params, req }) => {
      const { round, participant, isTeam } = await participantAccess(req, params.roundId, params.participantId, false);
      const [placements, participants] = await Promise.all([placementsOfParticipant(ctx.db, participant._id), participantsOfRound(ctx.db, round._id)]);
      const byId = new Map(participants.map((p) => [p._id, party(p)]));
      const slotOf = new Map(round.slots.map((s) => [s.slotId, s]));
      const items = placements
        .filter((p) => p.roundId === round._id && (isTeam || p.phase === 'final') && slotOf.has(p.slotId))
        .map((p) => {
          const s = slotOf.get(p.slotId)!;
          const other = p.offerParticipantId === participant._id ? p.demandParticipantId : p.offerParticipantId;
          return { meetingId: p.meetingId, slotId: p.slotId, start: s.start, end: s.end, table: p.table, room: p.room, phase: p.phase, counterpart: byId.get(other) ?? unknownParty(other), index: s.index };
        })
        .sort((x, y) => x.index - y.index)
        .map(({ index: _index, ...rest }) => rest);
      const body: ParticipantAgendaDto = { roundId: round._id, roundName: round.name, timeZone: round.timeZone, participant: party(participant), items };
      return body;
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/round/:roundId/participant/:participantId/unavailable',
      summary: 'Horarios en que un participante no puede reunirse (el propio participante o el equipo)',
      tag: TAG,
      auth: 'user',
      params: participantParams,
    },
    async ({ params, req }) => {
      const { round, participant } = await participantAccess(req, params.roundId, params.participantId, false);
      const body: UnavailableSlotsDto = {
        participantId: participant._id,
        roundId: round._id,
        slots: round.slots,
        timeZone: round.timeZone,
        unavailable: await unavailableSlotsOf(ctx.db, participant._id),
      };
      return body;
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/businessConference/round/:roundId/participant/:participantId/unavailable',
      summary: 'Marca los horarios en que un participante no puede reunirse (el conjunto completo)',
      tag: TAG,
      auth: 'user',
      params: participantParams,
      body: unavailableSlotsBody,
    },
    async ({ params, req, body, user }) => {
      const { round, participant } = await participantAccess(req, params.roundId, params.participantId, true);
      const r = await setUnavailableSlots(ctx, {
        participantId: participant._id,
        roundId: round._id,
        slotIds: body.slotIds,
        roundSlotIds: round.slots.map((s) => s.slotId),
        userId: user!._id,
        clientId: body.clientId,
      });
      await waitFor(r.position);
      return { unavailable: r.state.slotIds, position: r.position };
    },
  );

}
