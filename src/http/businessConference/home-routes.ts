import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import {
  generalMeetingParams,
  generalMeetingResponse,
  homeSettingsParams,
  tourResponse,
  updateRemindersRequest,
  updateSupportContactRequest,
  updateTourRequest,
  whatsappLink,
  type ConferenceHomeDto,
  type GeneralMeetingDto,
  type HomeEventInfo,
  type HomeMeetingDto,
  type HomeRoundDto,
  type HomeRoundInfo,
} from '../../contracts/businessConference-home.js';
import { localDateTimeOf, zonedInstant, type RoundDto } from '../../contracts/businessConference-rounds.js';
import { changeSupportContact, configureReminders } from '../../commands/businessConference/reminder-settings.js';
import { updateTour } from '../../commands/businessConference/tour-update.js';
import { placementsOfMeetings } from '../../projections/businessConference/agenda-queries.js';
import { homeSettingsOf, homeSettingsOfEvents, tourOf } from '../../projections/businessConference/home-queries.js';
import { meetingsOfParticipant } from '../../projections/businessConference/meetings-queries.js';
import { findParticipant, participantOfUser, participantsOfUser } from '../../projections/businessConference/participants-queries.js';
import { roundsByIds } from '../../projections/businessConference/rounds-queries.js';
import { findEvent } from '../../projections/events/queries.js';
import { messages } from '../../messages/es.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';
import { authorizeRound } from './access.js';
import { generalRoomUrlOf, isTeam } from './meetings-routes.js';

const TAG = 'businessConference';
/** Meetings the home lists per round (the whole agenda is at /mymeetings). */
const NEXT_MEETINGS = 5;

/**
 * Routes of the business conference's home area: the participant's home (/conference), the round's general room
 * (/generalmeeting/{round}), the tour (updateCollaboratorTour) and the organizer's settings/reminders page
 * (reminders and support contact).
 */
export function registerHomeRoutes(router: Router, ctx: AppContext): void {
  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/conference',
      summary: 'Inicio del participante: sus ruedas de negocios (todas las de sus eventos), su inscripción, sus próximas reuniones y el contacto de soporte',
      tag: TAG,
      auth: 'user',
    },
    async ({ user }) => ({ data: await conferenceHome(ctx, user!._id) }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/generalMeeting/:round',
      summary: 'Sala general de una rueda: la sala de video común de sus participantes aprobados y del equipo del evento, con el horario de la rueda',
      tag: TAG,
      auth: 'user',
      params: generalMeetingParams,
      response: generalMeetingResponse,
    },
    async ({ params, user, req }) => {
      const { grant, round } = await authorizeRound(ctx, req, params.round, 'meeting.read').catch((err: unknown) => {
        // The round's guard refuses in general terms; here the page can say who may come in.
        throw err instanceof HttpError && err.status === 403 ? new HttpError(403, messages.businessConference.home.generalRoomForbidden, 'NOT_IN_ROUND') : err;
      });
      const mine = isTeam(grant) ? null : await participantOfUser(ctx.db, round._id, user!._id);
      const ev = await findEvent(ctx.db, round.eventId);
      const data: GeneralMeetingDto = {
        round: homeRoundInfo(round),
        event: ev ? homeEventInfo(ev) : null,
        videoUrl: generalRoomUrlOf(round._id),
        participant: mine?.status === 'approved' ? { _id: mine._id, company: mine.company.name, type: mine.type } : null,
        ...generalRoomSchedule(round, ctx.clock()),
      };
      return { data };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/tour',
      summary: 'Estado del recorrido (tour) del usuario: offer.module, demand.module, offer.productCatalogue (true: aún por mostrar)',
      tag: TAG,
      auth: 'user',
      response: tourResponse,
    },
    async ({ user }) => ({ data: { tour: await tourOf(ctx.db, user!._id) } }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/updateCollaboratorTour',
      summary: 'Guarda el recorrido terminado u omitido (body tour, p. ej. { offer: { module: false } }); repetirlo no cambia nada',
      tag: TAG,
      auth: 'user',
      body: updateTourRequest,
      response: tourResponse,
    },
    async ({ body, user }) => {
      const roles = (await participantsOfUser(ctx.db, user!._id)).filter((p) => p.status === 'approved').map((p) => p.type);
      const r = await updateTour(ctx, { userId: user!._id, tour: body.tour, roles, clientId: body.clientId });
      return { data: { tour: r.state.tour }, position: r.position };
    },
  );

  const settingsRoute = { tag: TAG, auth: 'user' as const, params: homeSettingsParams, access: { action: 'meeting.manage' as const, event: (i: { params: { id: string } }) => i.params.id } };

  defineRoute(
    router,
    ctx,
    { ...settingsRoute, method: 'get', path: '/businessConference/event/:id/homeSettings', summary: 'Recordatorios antes de las reuniones y contacto de soporte del evento (settings/reminders)' },
    async ({ access }) => ({ data: await homeSettingsOf(ctx.db, access.eventId) }),
  );

  defineRoute(
    router,
    ctx,
    {
      ...settingsRoute,
      method: 'put',
      path: '/businessConference/event/:id/reminders',
      summary: 'Guarda los recordatorios (minutos antes de cada reunión, correo); expectedVersion es la versión editada: si otro la cambió, 409',
      body: updateRemindersRequest,
    },
    async ({ access, body, user }) => {
      const r = await configureReminders(ctx, { eventId: access.eventId, offsets: body.offsets, email: body.email, expectedVersion: body.expectedVersion, clientId: body.clientId, by: user!._id });
      return { data: { version: r.version }, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      ...settingsRoute,
      method: 'put',
      path: '/businessConference/event/:id/supportContact',
      summary: 'Guarda el contacto de soporte que ven los participantes (teléfono con enlace de WhatsApp, correo)',
      body: updateSupportContactRequest,
    },
    async ({ access, body, user }) => {
      const r = await changeSupportContact(ctx, { eventId: access.eventId, phone: body.phone, email: body.email, expectedVersion: body.expectedVersion, clientId: body.clientId, by: user!._id });
      return { data: { version: r.version }, position: r.position };
    },
  );
}

const byStart = (a: { start: string }, b: { start: string }) => a.start.localeCompare(b.start);

const homeRoundInfo = (round: RoundDto): HomeRoundInfo => ({
  _id: round._id,
  eventId: round.eventId,
  code: round.code,
  name: round.name,
  startDate: round.startDate,
  endDate: round.endDate,
  timeZone: round.timeZone,
  venue: round.venue,
  productDeadline: round.productDeadline,
});

const homeEventInfo = (ev: { id: string; event_code: string; event_name: string; owner_id: string }): HomeEventInfo => ({
  _id: ev.id,
  eventCode: ev.event_code,
  eventName: ev.event_name,
  ownerId: ev.owner_id,
});

/**
 * When the general room is in use: the round's days as instants (its wall-clock hours in its time zone), live from
 * a day's start to its end, else the next day's start; and today's meeting slots.
 */
export function generalRoomSchedule(
  round: Pick<RoundDto, 'days' | 'slots' | 'timeZone'>,
  now: Date,
): Pick<GeneralMeetingDto, 'state' | 'nextStart' | 'today' | 'days' | 'todaySlots'> {
  const at = (date: string, hhmm: string) => zonedInstant(date, hhmm, round.timeZone).toISOString();
  const days = [...round.days]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((d) => ({ date: d.date, start: at(d.date, d.start), end: at(d.date, d.end), breaks: d.breaks.map((b) => ({ start: at(d.date, b.start), end: at(d.date, b.end) })) }));
  const t = now.getTime();
  const live = days.some((d) => Date.parse(d.start) <= t && t < Date.parse(d.end));
  const next = live ? undefined : days.find((d) => Date.parse(d.start) > t);
  const today = localDateTimeOf(now.toISOString(), round.timeZone).slice(0, 10);
  return {
    state: live ? 'live' : next ? 'upcoming' : 'ended',
    nextStart: next?.start ?? null,
    today,
    days,
    todaySlots: round.slots.filter((s) => s.day === today),
  };
}

/** The caller's rounds, newest first, each with their registration and next placed meetings. */
export async function conferenceHome(ctx: Pick<AppContext, 'db' | 'clock'>, userId: string): Promise<ConferenceHomeDto> {
  const participants = await participantsOfUser(ctx.db, userId);
  const rounds = new Map((await roundsByIds(ctx.db, [...new Set(participants.map((p) => p.roundId))])).map((r) => [r._id, r]));
  const settings = await homeSettingsOfEvents(ctx.db, [...rounds.values()].map((r) => r.eventId));
  const now = ctx.clock().getTime();
  const out: HomeRoundDto[] = [];
  for (const p of participants) {
    const round = rounds.get(p.roundId);
    if (!round) continue;
    const ev = await findEvent(ctx.db, round.eventId);
    const accepted = p.status === 'approved' ? (await meetingsOfParticipant(ctx.db, p._id)).filter((m) => m.status === 'accepted') : [];
    const placements = await placementsOfMeetings(ctx.db, accepted.map((m) => m._id));
    const slots = new Map(round.slots.map((s) => [s.slotId, s]));
    const next: HomeMeetingDto[] = [];
    for (const pl of placements) {
      const slot = slots.get(pl.slotId);
      const meeting = accepted.find((m) => m._id === pl.meetingId);
      if (!slot || !meeting || Date.parse(slot.end) <= now) continue;
      const otherId = meeting.offerParticipantId === p._id ? meeting.demandParticipantId : meeting.offerParticipantId;
      const other = await findParticipant(ctx.db, otherId);
      next.push({
        meetingId: meeting._id,
        slotId: slot.slotId,
        start: slot.start,
        end: slot.end,
        table: pl.table,
        room: pl.room,
        phase: pl.phase,
        side: meeting.offerParticipantId === p._id ? 'offer' : 'demand',
        counterpart: { participantId: otherId, company: other?.company.name ?? '', contactName: other?.contactName ?? '', logoUrl: other?.company.logoUrl ?? null },
      });
    }
    const s = settings.get(round.eventId);
    out.push({
      round: homeRoundInfo(round),
      event: ev ? homeEventInfo(ev) : null,
      participant: { _id: p._id, type: p.type, status: p.status, company: p.company.name },
      acceptedMeetings: accepted.length,
      nextMeetings: next.sort(byStart).slice(0, NEXT_MEETINGS),
      support: { phone: s?.supportPhone ?? null, whatsapp: whatsappLink(s?.supportPhone), email: s?.supportEmail ?? null },
    });
  }
  // Rounds still to come (or under way) first, by start; past ones after, most recent first.
  const today = new Date(now).toISOString().slice(0, 10);
  return {
    rounds: out.sort((a, b) => {
      const pa = a.round.endDate < today;
      const pb = b.round.endDate < today;
      if (pa !== pb) return pa ? 1 : -1;
      return pa ? b.round.startDate.localeCompare(a.round.startDate) : a.round.startDate.localeCompare(b.round.startDate);
    }),
  };
}
