import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisConnection } from '../../src/context.js';
import { sendMeetingReminderJob } from '../../src/workers/businessConference/reminders-send.js';
import { client, createEvent, organizer, type Client } from '../events/helpers.js';
import { signUp, type SignedUpUser } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';
import { newRuc, settled } from './insights-support.js';

/**
 * The participant's home (/conference), the tour (PUT updateCollaboratorTour) and the meeting reminders of
 * settings/reminders over HTTP, against real PostgreSQL, Redis (BullMQ) and SMTP. Rounds are in 2030, so every
 * meeting is still to come; the reminders' time is the node's clock, moved by the test.
 */
const app = useTestApp({ smtp: true });

function ok(r: { status: number; body: any }, what: string) {
  if (r.status !== 200 && r.status !== 201) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function newRound(org: Client, eventId: string, name: string, over: Record<string, unknown> = {}) {
  const body = ok(
    await org.post(`/event/${eventId}/businessConferences`, {
      clientId: randomUUID(),
      name,
      startDate: '2030-05-01',
      endDate: '2030-05-01',
      timeZone: 'America/Lima',
      meetingMinutes: 30,
      days: [{ date: '2030-05-01', start: '09:00', end: '12:00', breaks: [] }],
      venue: 'tables',
      tables: 5,
      requestDeadline: null,
      requestMode: 'accept',
      schedulingMode: 'organizer',
      maxRequestsPerParticipant: null,
      productDeadline: '2030-04-20T23:59',
      ...over,
    }),
    'round',
  );
  await settled(app, body.position);
  return body.data as { _id: string; code: string; eventId: string; slots: { slotId: string; start: string }[] };
}

/** `who` registers in the round (offer or demand) and the organizer approves. */
async function register(org: Client, who: Client, ev: { eventCode: string }, round: { code: string }, type: 'offer' | 'demand', company: string) {
  const reg = ok(
    await who.post('/businessConference/register', {
      clientId: randomUUID(),
      eventCode: ev.eventCode,
      code: round.code,
      type,
      company: { name: company, ruc: newRuc(), sector: 'Agroindustria', logoUrl: null, description: company },
      contactName: `Contacto ${company}`,
      phone: null,
      fields: {},
      products: type === 'offer' ? [{ name: `Café de ${company}`, description: 'Muestra', sector: 'Agroindustria', imageUrl: null }] : [],
    }),
    'register',
  );
  const participantId = reg.data.participant._id as string;
  return participantId;
}

async function approve(org: Client, participantId: string) {
  const d = ok(await org.post(`/businessConference/participant/${participantId}/decision`, { clientId: randomUUID(), decision: 'approve' }), 'approve');
  await settled(app, d.position);
}

async function acceptedMeeting(roundId: string, demand: Client, offer: Client, offerId: string) {
  const r = ok(await demand.post('/businessConference/meetings', { roundId, counterpartId: offerId, preferredSlotId: null, message: null, clientId: randomUUID() }), 'request');
  await settled(app, r.position);
  const a = ok(await offer.post(`/businessConference/meetings/${r.data._id}/accept`, { reason: null }), 'accept');
  await settled(app, a.position);
  return r.data._id as string;
}

async function place(org: Client, roundId: string, meetingId: string, slotId: string, table: number) {
  const r = ok(await org.post(`/businessConference/round/${roundId}/agenda/meeting/${meetingId}/move`, { slotId, table, clientId: randomUUID() }), 'move');
  await settled(app, r.position);
}

const userClient = async (name: string) => {
  const u = await signUp(app.url, { displayName: name });
  return { c: client(app.url, u), u };
};

describe('the participant home (/conference)', () => {
  it('a participant of two rounds (two events) sees both, their status and role, and the next meeting with its counterpart and table', async () => {
    const org = await organizer(app.url);
    const ev1 = (await createEvent(org)).data;
    const ev2 = (await createEvent(org, { eventName: 'Expo Alimentaria' })).data;
    const r1 = await newRound(org, ev1._id, 'Rueda Agroexporta');
    const r2 = await newRound(org, ev2._id, 'Rueda Alimentaria', { startDate: '2030-06-01', endDate: '2030-06-01', days: [{ date: '2030-06-01', start: '09:00', end: '12:00', breaks: [] }] });

    const ana = await userClient('Ana Compras');
    const seller = await userClient('Luis Ventas');
    const anaA = await register(org, ana.c, ev1, r1, 'demand', 'Supermercados Lima');
    await approve(org, anaA);
    await register(org, ana.c, ev2, r2, 'offer', 'Supermercados Lima'); // left pending
    const sellerA = await register(org, seller.c, ev1, r1, 'offer', 'Café Andino SAC');
    await approve(org, sellerA);
    const meetingId = await acceptedMeeting(r1._id, ana.c, seller.c, sellerA);
    await place(org, r1._id, meetingId, r1.slots[2]!.slotId, 3);
    const contact = ok(await org.put(`/businessConference/event/${ev1._id}/supportContact`, { phone: '+51 987 654 321', email: 'soporte@agroexporta.pe' }), 'support');
    await settled(app, contact.position);

    const home = ok(await ana.c.get('/businessConference/conference'), 'home').data;
    expect(home.rounds.map((r: any) => [r.round.name, r.participant.type, r.participant.status])).toEqual([
      ['Rueda Agroexporta', 'demand', 'approved'],
      ['Rueda Alimentaria', 'offer', 'pending'],
    ]);
    const first = home.rounds[0];
    expect(first.event).toMatchObject({ _id: ev1._id, eventCode: ev1.eventCode });
    expect(first.acceptedMeetings).toBe(1);
    expect(first.nextMeetings).toEqual([
      expect.objectContaining({ meetingId, slotId: r1.slots[2]!.slotId, start: r1.slots[2]!.start, table: 3, room: null, side: 'demand', counterpart: expect.objectContaining({ company: 'Café Andino SAC' }) }),
    ]);
    expect(first.support).toEqual({ phone: '+51 987 654 321', whatsapp: 'https://wa.me/51987654321', email: 'soporte@agroexporta.pe' });
    expect(first.round.productDeadline).toBeTruthy();
    // A pending registration lists no meetings; the second event has no support contact yet.
    expect(home.rounds[1]).toMatchObject({ acceptedMeetings: 0, nextMeetings: [], support: { phone: null, whatsapp: null, email: null } });

    // The counterpart sees their own side of the same meeting; a user with no registration sees nothing.
    const theirs = ok(await seller.c.get('/businessConference/conference'), 'home').data;
    expect(theirs.rounds).toHaveLength(1);
    expect(theirs.rounds[0].nextMeetings[0]).toMatchObject({ meetingId, side: 'offer', counterpart: { company: 'Supermercados Lima' } });
    const nobody = await userClient('Sin Rueda');
    expect(ok(await nobody.c.get('/businessConference/conference'), 'home').data).toEqual({ rounds: [] });
    expect((await client(app.url).get('/businessConference/conference')).status).toBe(401);
  });
});

describe('PUT updateCollaboratorTour', () => {
  it('saves the flag once (a repeat or retry changes nothing), refuses a side the user does not hold, and leaves other users alone', async () => {
    const org = await organizer(app.url);
    const ev = (await createEvent(org)).data;
    const round = await newRound(org, ev._id, 'Rueda del tour');
    const offerer = await userClient('Olga Oferta');
    const other = await userClient('Otro Participante');
    await approve(org, await register(org, offerer.c, ev, round, 'offer', 'Textiles Cusco'));
    await approve(org, await register(org, other.c, ev, round, 'offer', 'Alpaca Perú'));

    const fresh = { offer: { module: true, productCatalogue: true }, demand: { module: true } };
    expect(ok(await offerer.c.get('/businessConference/tour'), 'tour').data.tour).toEqual(fresh);

    const clientId = randomUUID();
    const first = ok(await offerer.c.put('/updateCollaboratorTour', { tour: { offer: { module: false } }, clientId }), 'tour');
    expect(first.data.tour.offer.module).toBe(false);
    expect(first.position).toBeTruthy();
    // The same request again (a retry with its client id, or a second click) appends nothing.
    const retry = ok(await offerer.c.put('/updateCollaboratorTour', { tour: { offer: { module: false } }, clientId }), 'retry');
    expect(retry.data.tour.offer.module).toBe(false);
    const again = ok(await offerer.c.put('/updateCollaboratorTour', { tour: { offer: { module: false } } }), 'again');
    expect(again.position).toBeNull();
    const userId = (offerer.u as SignedUpUser).user._id;
    expect(await app.ctx.store.readStream(`businessConference-tour-${userId}`)).toHaveLength(1);

    await settled(app, first.position);
    expect(ok(await offerer.c.get('/businessConference/tour'), 'tour').data.tour).toEqual({ ...fresh, offer: { module: false, productCatalogue: true } });
    // Another user's tour is untouched.
    expect(ok(await other.c.get('/businessConference/tour'), 'tour').data.tour).toEqual(fresh);

    // An offerer has no demand tour; someone with no approved registration has none at all; bad bodies are 400.
    const notHeld = await offerer.c.put('/updateCollaboratorTour', { tour: { demand: { module: false } } });
    expect(notHeld.status).toBe(403);
    expect(notHeld.body.messagePublic).toBe('No participas en la rueda de negocios con ese rol.');
    const stranger = await userClient('Curioso');
    expect((await stranger.c.put('/updateCollaboratorTour', { tour: { offer: { module: false } } })).status).toBe(403);
    const bad = await offerer.c.put('/updateCollaboratorTour', { tour: { offer: { module: 'no' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.messagePublic).toBeTruthy();
    expect((await client(app.url).put('/updateCollaboratorTour', { tour: { offer: { module: false } } })).status).toBe(401);
  });
});

describe('meeting reminders (settings/reminders)', () => {
  let events: QueueEvents;
  let reminderQueue: Queue;
  beforeAll(async () => {
    const opts = { connection: redisConnection(app.ctx.config.redisUrl), prefix: app.ctx.bullPrefix };
    events = new QueueEvents('reminders', opts);
    reminderQueue = new Queue('reminders', opts);
    await events.waitUntilReady();
  });
  afterAll(async () => {
    app.ctx.clock = () => new Date();
    await events?.close();
    await reminderQueue?.close();
  });

  const jobId = (meetingId: string, offset: number, start: string) => `${sendMeetingReminderJob.name}:${meetingId}:${offset}:${start}`.replace(/:/g, '_');
  const queue = () => reminderQueue;
  async function jobOf(id: string) {
    await expect.poll(async () => !!(await queue().getJob(id)), { timeout: 15_000, interval: 100 }).toBe(true);
    return (await queue().getJob(id))!;
  }
  /** Runs a delayed job now (as if its time had come) and waits until it finished. */
  async function runNow(id: string) {
    const job = await jobOf(id);
    const done = job.waitUntilFinished(events, 20_000);
    await job.promote();
    await done;
  }

  it('one e-mail to each side when the reminder falls due, once whatever the replays; a moved meeting is reminded at its new time only', async () => {
    const org = await organizer(app.url);
    const ev = (await createEvent(org)).data;
    const round = await newRound(org, ev._id, 'Rueda Recordatorios');
    const offer = await userClient('Rita Oferta');
    const demand = await userClient('Raúl Demanda');
    const offerId = await register(org, offer.c, ev, round, 'offer', 'Cacao Amazonas');
    const demandId = await register(org, demand.c, ev, round, 'demand', 'Chocolates Lima');
    await approve(org, offerId);
    await approve(org, demandId);

    // The organizer keeps 60 and 10 minutes (saving them as they are records nothing) and the version guards edits.
    const saved = ok(await org.put(`/businessConference/event/${ev._id}/reminders`, { offsets: [60, 10], email: true, expectedVersion: -1 }), 'reminders');
    expect(saved.position).toBeNull();
    const stale = await org.put(`/businessConference/event/${ev._id}/reminders`, { offsets: [30], email: true, expectedVersion: 4 });
    expect(stale.status).toBe(409);
    const badOffset = await org.put(`/businessConference/event/${ev._id}/reminders`, { offsets: [0], email: true });
    expect(badOffset.status).toBe(400);
    expect(ok(await org.get(`/businessConference/event/${ev._id}/homeSettings`), 'settings').data).toMatchObject({ offsets: [60, 10], email: true, version: -1 });
    // Participants cannot read or change the organizer's settings.
    expect((await offer.c.get(`/businessConference/event/${ev._id}/homeSettings`)).status).toBe(403);

    const meetingId = await acceptedMeeting(round._id, demand.c, offer.c, offerId);
    const slot = round.slots[1]!;
    await place(org, round._id, meetingId, slot.slotId, 2);

    // Placing the meeting planned both reminders, each delayed until its time.
    const sixty = await jobOf(jobId(meetingId, 60, slot.start));
    expect(Math.abs(sixty.timestamp + sixty.delay - (Date.parse(slot.start) - 60 * 60_000))).toBeLessThan(60_000);
    const ten = await jobOf(jobId(meetingId, 10, slot.start));
    expect(Math.abs(ten.timestamp + ten.delay - (Date.parse(slot.start) - 10 * 60_000))).toBeLessThan(60_000);

    const offerEmail = (offer.u as SignedUpUser).email;
    const demandEmail = (demand.u as SignedUpUser).email;
    const reminders = (to: string) => app.smtp.mailsTo(to).filter((m) => m.subject.startsWith('Tu reunión con'));

    // Its time comes (the node's clock): both sides get the 60-minute reminder with the counterpart and the table.
    app.ctx.clock = () => new Date(Date.parse(slot.start) - 59 * 60_000);
    await runNow(jobId(meetingId, 60, slot.start));
    const toOffer = await app.smtp.waitForMail((m) => m.to.includes(offerEmail) && m.subject.startsWith('Tu reunión con'));
    expect(toOffer.subject).toBe('Tu reunión con Chocolates Lima empieza en 1 hora');
    expect(toOffer.text).toContain('Mesa 2');
    expect(toOffer.text).toContain('Ingresa 5 minutos antes de tu cita.');
    const toDemand = await app.smtp.waitForMail((m) => m.to.includes(demandEmail) && m.subject.startsWith('Tu reunión con'));
    expect(toDemand.subject).toBe('Tu reunión con Cacao Amazonas empieza en 1 hora');

    // A replay of the same reminder (another job of the same meeting, reminder and start) sends nothing more.
    await app.ctx.jobs.enqueue(sendMeetingReminderJob, sixty.data, `${meetingId}:60:${slot.start}:replay`);
    await expect.poll(async () => (await queue().getJob(jobId(meetingId, 60, `${slot.start}:replay`)))?.getState(), { timeout: 15_000 }).toBe('completed');
    expect(reminders(offerEmail)).toHaveLength(1);
    expect(reminders(demandEmail)).toHaveLength(1);

    // The organizer moves the meeting: the old 10-minute job finds it elsewhere and sends nothing; the new time gets its own.
    const later = round.slots[4]!;
    await place(org, round._id, meetingId, later.slotId, 4);
    app.ctx.clock = () => new Date(Date.parse(slot.start) - 9 * 60_000);
    await runNow(jobId(meetingId, 10, slot.start));
    expect(reminders(offerEmail)).toHaveLength(1);
    app.ctx.clock = () => new Date(Date.parse(later.start) - 9 * 60_000);
    await runNow(jobId(meetingId, 10, later.start));
    await expect.poll(() => reminders(offerEmail).length, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => reminders(demandEmail).length, { timeout: 15_000 }).toBe(2);
    expect(reminders(demandEmail)[1]!.subject).toBe('Tu reunión con Cacao Amazonas empieza en 10 minutos');
    expect(reminders(demandEmail)[1]!.text).toContain('Mesa 4');

    // New reminder times are planned for the meetings already placed.
    const changed = ok(await org.put(`/businessConference/event/${ev._id}/reminders`, { offsets: [30], email: true, expectedVersion: -1 }), 'reminders');
    await settled(app, changed.position);
    await jobOf(jobId(meetingId, 30, later.start));
  });
});
