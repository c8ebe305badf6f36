import ExcelJS from 'exceljs';
import type { Router } from 'express';
import { z } from 'zod';
import { answerPoll } from '../../commands/businessConference/poll-answer.js';
import { readPollToken } from '../../commands/businessConference/poll-link.js';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../contracts/accounts.js';
import {
  answerPollRequest,
  myPollsQuery,
  pollLinkParams,
  reportQuery,
  roundMeetingParams,
  roundParams,
  type PollLinkDto,
  type ReportDto,
  type ReportFigures,
  type RoundPollsDto,
} from '../../contracts/businessConference-insights.js';
import { pageAllowed } from '../../domain/access/matrix.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import { findMeeting } from '../../projections/businessConference/meetings-queries.js';
import { participantOfUser } from '../../projections/businessConference/participants-queries.js';
import { findRound, roundByCode, roundsOfEvent } from '../../projections/businessConference/rounds-queries.js';
import { conferenceReport, myPolls, roundPolls } from '../../projections/businessConference/insights-views.js';
import type { AccessGrant } from '../access/guard.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';
import { authorizeRound } from './access.js';

const TAG = 'businessConference';
const m = messages.businessConference.insights;
const TEAM_ROLES = ['administrator', 'production', 'support'];

/** The module-area page a team member must be allowed to open (the grid of answers: '/poll'). */
function requireTeamPage(grant: AccessGrant, user: AuthUser | undefined, page: string) {
  if (grant.owner) return;
  const role = grant.roles.businessConference;
  if (role && TEAM_ROLES.includes(role) && pageAllowed('businessConference', role, page)) return;
  // A platform administrator may look (the guard lets them read any event).
  if (!role && user?.administrator) return;
  throw new HttpError(403, m.teamOnly, 'FORBIDDEN');
}

async function currencyOf(ctx: AppContext, eventId: string): Promise<string> {
  const ev = await findEvent(ctx.db, eventId);
  if (!ev) throw new HttpError(404, messages.events.notFound, 'EVENT_NOT_FOUND');
  return ev.currency;
}

async function participantIn(ctx: AppContext, roundId: string, user: AuthUser) {
  const participant = await participantOfUser(ctx.db, roundId, user._id);
  if (!participant) throw new HttpError(403, m.notParticipant, 'POLL_NOT_PARTICIPANT');
  return participant;
}

/** Reads `{poll}` of the poll link: a signed token (meeting and participant) or a bare meeting id. */
function pollTarget(ctx: AppContext, poll: string): { meetingId: string; participantId: string | null } {
  if (poll.includes('.')) {
    const t = readPollToken(ctx.config.jwtSecret, poll);
    if (!t) throw new HttpError(400, m.invalidLink, 'POLL_INVALID_LINK');
    return t;
  }
  return { meetingId: poll, participantId: null };
}

/**
 * Routes of the insights area: the participant's post-meeting polls (their list per side, the answer, the poll
 * link sent after a meeting), the organizer's answers grid and the report (JSON and XLSX).
 */
export function registerInsightsRoutes(router: Router, ctx: AppContext): void {
  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/round/:roundId/poll/mine',
      summary: 'Encuestas del participante: sus reuniones aceptadas de la rueda (del lado offer o demand, o de ambos) con su respuesta',
      tag: TAG,
      auth: 'user',
      params: roundParams,
      query: myPollsQuery,
    },
    async ({ params, query, req, user }) => {
      const { round } = await authorizeRound(ctx, req, params.roundId, 'meeting.read');
      const participant = await participantIn(ctx, round._id, user!);
      return { data: await myPolls(ctx.db, { round, participant, currency: await currencyOf(ctx, round.eventId), now: ctx.clock(), side: query.type }) };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/businessConference/round/:roundId/poll/:meetingId',
      summary: 'Responde (o cambia) la encuesta de una reunión del participante, de su lado; editable hasta que termina la rueda; idempotente por clientId',
      tag: TAG,
      auth: 'user',
      params: roundMeetingParams,
      body: answerPollRequest,
    },
    async ({ params, body, req, user }) => {
      await authorizeRound(ctx, req, params.roundId, 'meeting.read');
      const r = await answerPoll(ctx, { roundId: params.roundId, meetingId: params.meetingId, userId: user!._id, body });
      return { data: r.answer, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/poll/:eventCode/:bcCode/:poll',
      summary: 'La encuesta de un enlace /{eventCode}/businessConference/{BCCode}/{type}/poll/{poll} ({poll}: id de la reunión o enlace firmado) para el participante conectado',
      tag: TAG,
      auth: 'user',
      params: pollLinkParams,
    },
    async ({ params, req, user }) => {
      const ev = await findEvent(ctx.db, params.eventCode);
      if (!ev) throw new HttpError(404, messages.events.notFound, 'EVENT_NOT_FOUND');
      const found = await roundByCode(ctx.db, ev.id, params.bcCode);
      if (!found) throw new HttpError(404, m.roundNotFound, 'ROUND_NOT_FOUND');
      const { round } = await authorizeRound(ctx, req, found._id, 'meeting.read');
      const participant = await participantIn(ctx, round._id, user!);
      const target = pollTarget(ctx, params.poll);
      if (target.participantId && target.participantId !== participant._id) throw new HttpError(403, m.notYourMeeting, 'POLL_NOT_YOUR_MEETING');
      const meeting = await findMeeting(ctx.db, target.meetingId);
      if (!meeting || meeting.roundId !== round._id) throw new HttpError(404, m.meetingNotFound, 'MEETING_NOT_FOUND');
      if (meeting.offerParticipantId !== participant._id && meeting.demandParticipantId !== participant._id) {
        throw new HttpError(403, m.notYourMeeting, 'POLL_NOT_YOUR_MEETING');
      }
      if (meeting.status !== 'accepted') throw new HttpError(409, m.meetingNotAccepted, 'POLL_MEETING_NOT_ACCEPTED');
      const polls = await myPolls(ctx.db, { round, participant, currency: ev.currency, now: ctx.clock(), meetingId: meeting._id });
      const item = polls.items[0];
      if (!item) throw new HttpError(404, m.meetingNotFound, 'MEETING_NOT_FOUND');
      const data: PollLinkDto = { ...polls, item };
      return { data };
    },
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/round/:roundId/polls',
      summary: 'Encuestas de la rueda para el equipo organizador (página poll): respuestas por reunión y promedios',
      tag: TAG,
      auth: 'user',
      params: roundParams,
    },
    async ({ params, req, user }) => {
      const { round, grant } = await authorizeRound(ctx, req, params.roundId, 'meeting.read');
      requireTeamPage(grant, user, '/poll');
      const data: RoundPollsDto = await roundPolls(ctx.db, round, await currencyOf(ctx, round.eventId));
      return { data };
    },
  );

  // The report: administrator and production (the roles with the report page are exactly those holding poll.manage).
  const report = async (access: AccessGrant, roundId: string | undefined): Promise<ReportDto> => {
    const rounds = await roundsOfEvent(ctx.db, access.eventId);
    if (roundId && !rounds.some((r) => r._id === roundId)) throw new HttpError(404, m.roundNotFound, 'ROUND_NOT_FOUND');
    return conferenceReport(ctx.db, { eventId: access.eventId, currency: await currencyOf(ctx, access.eventId), rounds, roundId: roundId ?? null });
  };

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/event/:id/report',
      summary: 'Reporte de la rueda de negocios: solicitudes, aceptación, reuniones realizadas, inasistencias, negocio esperado por sector y rueda, satisfacción, ayuda',
      tag: TAG,
      auth: 'user',
      params: z.object({ id: z.string().min(1).max(100) }),
      query: reportQuery,
      access: { action: 'poll.manage', event: (i) => i.params.id },
    },
    async ({ access, query }) => ({ data: await report(access, query.round) }),
  );

  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/businessConference/event/:id/report/export',
      summary: 'El reporte de la rueda de negocios como XLSX (hojas Resumen, Por rueda, Por sector, Encuestas)',
      tag: TAG,
      auth: 'user',
      params: z.object({ id: z.string().min(1).max(100) }),
      query: reportQuery,
      access: { action: 'poll.manage', event: (i) => i.params.id },
    },
    async ({ access, query, res }) => {
      const data = await report(access, query.round);
      const rounds = data.roundId ? await Promise.all([findRound(ctx.db, data.roundId)]) : await roundsOfEvent(ctx.db, access.eventId);
      const polls = await Promise.all(rounds.flatMap((r) => (r ? [roundPolls(ctx.db, r, data.currency)] : [])));
      const buf = await reportWorkbook(data, polls);
      const name = `reporte-rueda-${access.eventCode}${data.roundId ? `-${data.rounds.find((r) => r._id === data.roundId)?.code ?? ''}` : ''}`;
      res.setHeader('Content-Disposition', `attachment; filename="${name}.xlsx"`);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      res.setHeader('Content-Length', String(buf.length));
      res.status(200).send(buf);
      return undefined;
    },
  );
}

/** Neutralizes spreadsheet formulas in participant-entered text. */
const safeText = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
const major = (minor: number) => Math.round(minor) / 100;

async function reportWorkbook(data: ReportDto, polls: RoundPollsDto[]): Promise<Buffer> {
  const x = m.xlsx;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Aforo';
  const sheet = (title: string, columns: { header: string; width?: number }[]) => {
    const ws = wb.addWorksheet(title);
    ws.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 18 }));
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    return ws;
  };
  const money = `${x.expectedAmount} (${data.currency})`;
  const rate = (f: ReportFigures) => (f.acceptanceRate === null ? null : Math.round(f.acceptanceRate * 10000) / 100);

  const summary = sheet(x.summary, [{ header: x.indicator, width: 40 }, { header: x.value, width: 20 }]);
  const t = data.totals;
  const rows: [string, string | number | null][] = [
    [x.round, data.roundId ? (data.rounds.find((r) => r._id === data.roundId)?.name ?? '') : data.rounds.map((r) => r.name).join(', ')],
    [x.requests, t.requests],
    [x.accepted, t.accepted],
    [x.acceptanceRate, rate(t)],
    [x.meetingsHeld, t.meetingsHeld],
    [x.noShows, t.noShows],
    [`${money} · ${x.side} ${m.side.offer}`, major(t.expectedByOffer)],
    [`${money} · ${x.side} ${m.side.demand}`, major(t.expectedByDemand)],
    [x.answers, t.pollAnswers],
    [x.satisfaction, t.satisfactionAverage],
    [x.helpCount, t.helpRequests],
    [x.helpAverageWait, t.helpAverageWaitSeconds],
  ];
  for (const r of rows) summary.addRow(r);

  const byRound = sheet(x.byRound, [
    { header: x.round, width: 30 },
    { header: x.requests },
    { header: x.accepted },
    { header: x.acceptanceRate },
    { header: x.meetingsHeld },
    { header: x.noShows },
    { header: `${money} · ${m.side.offer}`, width: 26 },
    { header: `${money} · ${m.side.demand}`, width: 26 },
    { header: x.satisfaction },
    { header: x.helpCount },
    { header: x.helpAverageWait, width: 26 },
  ]);
  for (const r of data.byRound) {
    byRound.addRow([r.name, r.requests, r.accepted, rate(r), r.meetingsHeld, r.noShows, major(r.expectedByOffer), major(r.expectedByDemand), r.satisfactionAverage, r.helpRequests, r.helpAverageWaitSeconds]);
  }

  const bySector = sheet(x.bySector, [
    { header: x.sector, width: 30 },
    { header: `${money} · ${m.side.offer}`, width: 26 },
    { header: `${money} · ${m.side.demand}`, width: 26 },
    { header: x.answers },
    { header: x.satisfaction },
  ]);
  for (const s of data.bySector) bySector.addRow([safeText(s.sector), major(s.expectedByOffer), major(s.expectedByDemand), s.answers, s.satisfactionAverage]);

  const answers = sheet(x.polls, [
    { header: x.round, width: 24 },
    { header: x.meeting, width: 38 },
    { header: x.side, width: 10 },
    { header: x.participant, width: 28 },
    { header: x.sector, width: 20 },
    { header: x.counterpart, width: 28 },
    { header: x.interest, width: 10 },
    { header: money, width: 22 },
    { header: x.satisfaction },
    { header: x.comment, width: 40 },
    { header: x.answeredAt, width: 22 },
  ]);
  const roundName = new Map(data.rounds.map((r) => [r._id, r.name]));
  for (const p of polls) {
    for (const r of p.rows) {
      answers.addRow([
        roundName.get(r.roundId) ?? '',
        r.meetingId,
        m.side[r.side],
        safeText(r.companyName),
        safeText(r.sector),
        safeText(r.counterpartCompanyName),
        m.interest[r.interest],
        major(r.expectedAmount),
        r.satisfaction,
        safeText(r.comment),
        new Date(r.updatedAt),
      ]);
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

