import type { Request, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import {
  requestMeetingSchema,
  respondMeetingSchema,
  type MeetingRoomDto,
  type MyMeetingDto,
  type MyMeetingsResponse,
} from '../../contracts/businessConference-meetings.js';
import type { ParticipantDto } from '../../contracts/businessConference-participants.js';
import { getOrOpenIndividualRoom } from '../../commands/chat/rooms.js';
import { issueMeetingFeed } from '../../commands/businessConference/meeting-feed.js';
import { requestMeeting } from '../../commands/businessConference/meeting-request.js';
import { acceptMeeting, cancelMeeting, declineMeeting } from '../../commands/businessConference/meeting-respond.js';
import { meetingDecider, meetingStreamId, type MeetingEvent, type MeetingState } from '../../domain/businessConference/meeting.js';
import { ForbiddenError, NotFoundError } from '../../domain/shared/errors.js';
import type { Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { feedByToken, feedOfParticipant, findMeeting, meetingsOfUser, openSentCount } from '../../projections/businessConference/meetings-queries.js';
import { myMeetingViews, participantCalendar } from '../../projections/businessConference/meetings-views.js';
import { findParticipant, participantOfUser, participantsOfUser } from '../../projections/businessConference/participants-queries.js';
import { findRound } from '../../projections/businessConference/rounds-queries.js';
import { waitForPosition } from '../../projections/wait.js';
import type { AccessGrant } from '../access/guard.js';
import { defineRoute } from '../route.js';
import { authorizeRound } from './access.js';

const m = messages.businessConference.meetings;
const TAG = 'businessConference';
const TEAM = ['administrator', 'production', 'support'];

/** The event's business-conference team (or its owner): they see every meeting of the event's rounds. */
export const isTeam = (grant: AccessGrant) => grant.owner || TEAM.includes(grant.roles.businessConference ?? '');

const idParams = z.object({ id: z.string().min(1).max(100) });
const roundQuery = z.object({ roundId: z.string().min(1).max(100).optional() });

/** A meeting folded from its stream (the truth: a request just made may not be in the read model yet). */
async function loadMeeting(ctx: AppContext, meetingId: string): Promise<MeetingState> {
  const recorded = (await ctx.store.readStream(meetingStreamId(meetingId))) as Recorded<MeetingEvent>[];
  const state = recorded.reduce(meetingDecider.evolve, meetingDecider.initialState());
  if (state.status === 'none') throw new NotFoundError('MEETING_NOT_FOUND', m.meetingNotFound);
  return state;
}

/** The caller's approved participant in the round (the round's access was checked before). */
async function approvedParticipant(ctx: AppContext, roundId: string, userId: string): Promise<ParticipantDto> {
  const p = await participantOfUser(ctx.db, roundId, userId);
  if (!p || p.status !== 'approved') throw new ForbiddenError('NOT_A_PARTICIPANT', m.notAParticipant);
  return p;
}

/**
 * A meeting as the caller may see it: the round's guard, then the caller must be one of its two participants or
 * the event's team. Answers the caller's participant (null for the team).
 */
async function meetingAccess(ctx: AppContext, req: Request, meetingId: string, userId: string) {
  const state = await loadMeeting(ctx, meetingId);
  const { grant, round } = await authorizeRound(ctx, req, state.roundId, 'meeting.read');
  const mine = await participantOfUser(ctx.db, state.roundId, userId);
  const side = mine && (mine._id === state.requesterId || mine._id === state.counterpartId) ? mine : null;
  if (!side && !isTeam(grant)) throw new ForbiddenError('NOT_MEETING_MEMBER', m.notMeetingMember);
  return { state, grant, round, participant: side };
}

/** Jitsi Meet rooms of the business conference: the rest of the name is a UUID, so nobody guesses one. */
const JITSI_ROOM = 'https://meet.jit.si/aforo-rueda-';

/**
 * The video call of a virtual meeting: the placement's room when the agenda gives an external link, else a Jitsi
 * Meet room named after the meeting (unguessable: the meeting id is a UUID), opened from /mymeetings/room/{id}.
 */
export const videoUrlOf = (meetingId: string, room: string | null) => (room && /^https?:\/\//.test(room) ? room : `${JITSI_ROOM}${meetingId}`);

/** The round's general room (/generalmeeting/{round}): one stable Jitsi Meet room per round, named after its id. */
export const generalRoomUrlOf = (roundId: string) => `${JITSI_ROOM}general-${roundId}`;

/** The feed URL of a participant (the API serves it; calendars fetch it without a session). */
const feedUrl = (ctx: AppContext, token: string) => `${ctx.config.appUrl}/api/v2/businessConference/ical/${token}.ics`;

/** Routes of the business conference's meetings area. */
export function registerMeetingsRoutes(router: Router, ctx: AppContext): void {
  /** The caller's meetings as seen by them, after the write's position when one is given. */
  const myViews = async (userId: string, roundId?: string): Promise<MyMeetingsResponse> => {
    const participants = (await participantsOfUser(ctx.db, userId)).filter((p) => p.status === 'approved' && (!roundId || p.roundId === roundId));
    const meetings = await meetingsOfUser(ctx.db, userId);
    const views = await myMeetingViews(ctx.db, participants, meetings);
    const feeds: MyMeetingsResponse['feeds'] = [];
    const quotas: MyMeetingsResponse['quotas'] = [];
    for (const p of participants) {
      const [feed, used, round] = await Promise.all([feedOfParticipant(ctx.db, p._id), openSentCount(ctx.db, p._id), findRound(ctx.db, p.roundId)]);
      if (feed) feeds.push({ roundId: p.roundId, participantId: p._id, url: feedUrl(ctx, feed.token) });
      quotas.push({ participantId: p._id, roundId: p.roundId, used, max: round?.maxRequestsPerParticipant ?? null });
    }
    return { meetings: views, feeds, quotas };
  };
  const oneView = async (userId: string, meetingId: string, position: string | null): Promise<MyMeetingDto | null> => {
    if (position) await waitForPosition(ctx.db, ctx.store, position);
    const meeting = await findMeeting(ctx.db, meetingId);
    if (!meeting) return null;
    const participants = (await participantsOfUser(ctx.db, userId)).filter((p) => p.roundId === meeting.roundId);
    return (await myMeetingViews(ctx.db, participants, [meeting]))[0] ?? null;
  };

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/meetings/mine',
      summary: 'Mis reuniones: las solicitudes enviadas y recibidas y las reuniones aceptadas del usuario (todas sus ruedas o una)',
      tag: TAG,
      auth: 'user',
      query: roundQuery,
    },
    async ({ query, user, req }) => {
      // A round named: its guard first (a participant of another round, or of another organizer's event, is refused).
      if (query.roundId) await authorizeRound(ctx, req, query.roundId, 'meeting.read');
      return { data: await myViews(user!._id, query.roundId) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/businessConference/meetings',
      summary: 'Solicitar una reunión a un participante del otro lado de la rueda',
      tag: TAG,
      auth: 'user',
      body: requestMeetingSchema,
      successStatus: 201,
    },
    async ({ body, user, req }) => {
      const { round } = await authorizeRound(ctx, req, body.roundId, 'meeting.read');
      const requester = await approvedParticipant(ctx, round._id, user!._id);
      const r = await requestMeeting(ctx, { round, requester, body, userId: user!._id });
      return { data: r.meeting, position: r.position };
    },
  );

  for (const action of ['accept', 'decline', 'cancel'] as const) {
    defineRoute(
      router,
      ctx,
      {
        method: 'post',
        path: `/businessConference/meetings/:id/${action}`,
        summary: { accept: 'Aceptar una solicitud de reunión', decline: 'Rechazar una solicitud de reunión', cancel: 'Cancelar una solicitud o una reunión' }[action],
        tag: TAG,
        auth: 'user',
        params: idParams,
        body: respondMeetingSchema,
      },
      async ({ params, body, user, req }) => {
        const { participant, grant } = await meetingAccess(ctx, req, params.id, user!._id);
        const uid = user!._id;
        let r;
        if (action === 'cancel') {
          // A participant cancels as themself; the team (not a side) cancels as the team.
          if (!participant && !grant.actions.includes('meeting.manage')) throw new ForbiddenError('NOT_MEETING_MEMBER', m.notMeetingMember);
          r = await cancelMeeting(ctx, params.id, participant?._id ?? null, body.reason, uid);
        } else {
          if (!participant) throw new ForbiddenError('NOT_COUNTERPART', m.notCounterpart);
          r = action === 'accept' ? await acceptMeeting(ctx, params.id, participant._id, uid) : await declineMeeting(ctx, params.id, participant._id, body.reason, uid);
        }
        return { data: r.meeting, position: r.position };
      },
    );
  }

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/meetings/:id',
      summary: 'Una reunión como la ve uno de sus participantes',
      tag: TAG,
      auth: 'user',
      params: idParams,
    },
    async ({ params, user, req }) => {
      const { participant } = await meetingAccess(ctx, req, params.id, user!._id);
      const view = participant ? await oneView(user!._id, params.id, null) : null;
      return { data: view ?? (await findMeeting(ctx.db, params.id)) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/meetings/:id/room',
      summary: 'La sala virtual de una reunión virtual: enlace de video, chat de la reunión y tarjeta de la empresa',
      tag: TAG,
      auth: 'user',
      params: idParams,
    },
    async ({ params, user, req }): Promise<{ data: MeetingRoomDto }> => {
      const { state, round, participant } = await meetingAccess(ctx, req, params.id, user!._id);
      if (round.venue !== 'virtual') throw new ForbiddenError('MEETING_NOT_VIRTUAL', m.notVirtual);
      if (state.status !== 'accepted') throw new ForbiddenError('MEETING_NOT_ACCEPTED', m.notAccepted);
      // The team sees the room from the offer side's point of view.
      const viewerId = participant?._id ?? state.offerParticipantId;
      const viewer = participant ?? (await findParticipant(ctx.db, viewerId));
      if (!viewer) throw new NotFoundError('PARTICIPANT_NOT_FOUND', m.participantNotFound);
      const meeting = await findMeeting(ctx.db, params.id);
      if (!meeting) throw new NotFoundError('MEETING_NOT_FOUND', m.meetingNotFound);
      const view = (await myMeetingViews(ctx.db, [viewer], [meeting]))[0];
      if (!view) throw new NotFoundError('MEETING_NOT_FOUND', m.meetingNotFound);
      // The meeting's chat is the two users' individual room (an accepted meeting makes them contacts).
      let chatRoomId: string | null = null;
      if (participant) {
        const room = await getOrOpenIndividualRoom(ctx, user!._id, view.counterpart.userId);
        chatRoomId = room.room.roomId;
      }
      return { data: { meeting: view, videoUrl: view.place ? videoUrlOf(view._id, view.place.room) : null, chatRoomId } };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/businessConference/meetings/feed',
      summary: 'El enlace secreto del calendario (iCal) de mis reuniones en una rueda',
      tag: TAG,
      auth: 'user',
      body: z.object({ roundId: z.string().min(1).max(100) }),
    },
    async ({ body, user, req }) => {
      await authorizeRound(ctx, req, body.roundId, 'meeting.read');
      const participant = await approvedParticipant(ctx, body.roundId, user!._id);
      const { token, position } = await issueMeetingFeed(ctx, participant);
      return { data: { roundId: body.roundId, participantId: participant._id, url: feedUrl(ctx, token) }, position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/ical/:file',
      summary: 'Calendario iCal de las reuniones de un participante (enlace secreto)',
      tag: TAG,
      auth: 'none',
      params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.ics$/) }),
    },
    async ({ params, res }) => {
      const token = params.file.slice(0, -'.ics'.length);
      const feed = await feedByToken(ctx.db, token);
      const participant = feed ? await findParticipant(ctx.db, feed.participantId) : null;
      if (!participant) throw new NotFoundError('FEED_NOT_FOUND', m.feedNotFound);
      const body = await participantCalendar(ctx.db, participant, ctx.config.appUrl, ctx.clock());
      res.setHeader('Cache-Control', 'private, max-age=300');
      res.type('text/calendar; charset=utf-8').send(body);
      return undefined;
    },
  );
}
