// Contacts flowing in from the other modules (issue 22): a paid order's buyer and attendees (source sales) and a
// business-conference participant (source businessConference) become the event organizer's contacts, once, with
// no consent (neither form asks for a marketing opt-in); replaying or re-running the reactor writes nothing new,
// and another organizer sees none of them.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { participantStreamId } from '../../src/domain/businessConference/participant.js';
import { orderStreamId } from '../../src/domain/sales/order.js';
import { issueGuestOrder } from '../../src/commands/sales/guest-order.js';
import { inflowReactor } from '../../src/projections/contacts/inflow.js';
import { recordsProjection } from '../../src/projections/contacts/records.js';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { useTestApp } from '../support/app.js';
import { organizer } from '../events/helpers.js';
import { publishedEvent } from '../sales/helpers.js';
import { createRound, registration, settled, user } from '../businessConference/participants-support.js';

const app = useTestApp({ parts: { workers: false } });

type Row = { _id: string; name: string; email: string | null; phone: string | null; source: string; consent: { email: unknown; whatsapp: unknown } };

describe('contacts inflow from sales and the business conference', { timeout: 120_000 }, () => {
  it('records the buyer, each attendee and a participant once, without consent, rebuild-safe, per organizer', async () => {
    const org = await organizer(app.url, 'Organizadora Inflow');
    const clientId = org.user!.user._id;
    const ev = await publishedEvent(org, { capacity: 50, paid: true, tickets: [{ name: 'General', price: 40, quantity: 40 }] });
    const tag = randomUUID().slice(0, 8);
    const ana = `ana.${tag}@correo.pe`;
    const beto = `beto.${tag}@correo.pe`;
    // A cash sale at the desk: a real paid order (reserved, named, paid, ticketed); Ana is the buyer and an attendee.
    const sold = await issueGuestOrder(app.ctx, {
      eventId: ev.id,
      ticketTypeId: ev.ticketIds[0],
      attendees: [
        { name: 'Ana Compradora', email: ana },
        { name: 'Beto Asistente', email: beto },
      ],
      by: clientId,
      clientId: randomUUID(),
      method: 'cash',
    });
    expect(sold.order.status).toBe('paid');

    // A participant registers in a round of the organizer's same event.
    const round = await createRound(app, org, ev.id);
    const quispe = await user(app.url, 'Ana Quispe');
    const reg = await quispe.post('/businessConference/register', registration({ eventCode: ev.code }, round, { contactName: 'Ana Quispe', phone: '999888777' }));
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    await settled(app, reg.body.position);

    const grid = async (query = '') => (await org.get(`/contacts/${clientId}/contacts?pageSize=100${query}`)).body as { rows: Row[]; rowCount: number };
    await expect.poll(async () => (await grid()).rowCount, { timeout: 30_000 }).toBe(3);
    const rows = (await grid()).rows;
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get(ana)).toMatchObject({ name: 'Ana Compradora', source: 'sales', consent: { email: null, whatsapp: null } });
    expect(byEmail.get(beto)).toMatchObject({ name: 'Beto Asistente', source: 'sales', consent: { email: null, whatsapp: null } });
    expect(byEmail.get(quispe.user!.email)).toMatchObject({ name: 'Ana Quispe', phone: '+51999888777', source: 'businessConference', consent: { email: null, whatsapp: null } });
    // The source is a filter of the grid.
    const bc = await grid('&filterField=source&filterOperator=equals&filterValue=businessConference');
    expect(bc.rows.map((r) => r.email)).toEqual([quispe.user!.email]);
    // ...and the report's by-source figures.
    const report = await org.get(`/contacts/${clientId}/report`);
    expect(report.status).toBe(200);
    expect(report.body.data.bySource).toEqual(expect.arrayContaining([{ source: 'sales', contacts: 2 }, { source: 'businessConference', contacts: 1 }]));

    // Another organizer sees none of them.
    const other = await organizer(app.url, 'Otra Organizadora');
    expect((await other.get(`/contacts/${other.user!.user._id}/contacts`)).body.rowCount).toBe(0);
    expect((await other.get(`/contacts/${clientId}/contacts`)).status).toBe(403);

    // Replay-safe: a rebuild of the reactor records nothing; the reactor run again live over the same events
    // (a lost checkpoint) appends nothing to the contacts' streams; the contacts' rebuild gives the same rows.
    const versions = async () => {
      const out: Record<string, number> = {};
      for (const r of rows) out[r._id] = (await app.ctx.store.readStream(`contacts-contact-${r._id}`)).length;
      return out;
    };
    const before = await versions();
    expect(Object.values(before).every((n) => n >= 1)).toBe(true);
    await rebuildProjection(app.ctx, inflowReactor);
    const logged = [...(await app.ctx.store.readStream(orderStreamId(sold.order._id))), ...(await app.ctx.store.readStream(participantStreamId(reg.body.data.participant._id)))];
    expect(logged.some((e) => e.type === 'sales.TicketsIssued') && logged.some((e) => e.type === 'businessConference.ParticipantRegistered')).toBe(true);
    await app.ctx.db.transaction().execute(async (trx: Transaction<DB>) => {
      await inflowReactor.handle(logged, { trx, replaying: false, store: app.ctx.store, afterCommit: () => undefined });
    });
    expect(await versions()).toEqual(before);
    await rebuildProjection(app.ctx, recordsProjection);
    const again = await grid();
    expect(again.rowCount).toBe(3);
    expect(new Map(again.rows.map((r) => [r.email, r.source]))).toEqual(new Map(rows.map((r) => [r.email, r.source])));

    // A phone the CRM refuses (not a valid number) does not stop the reactor: the person comes in without it.
    const pedro = `pedro.${tag}@correo.pe`;
    const registered = { ...logged.find((e) => e.type === 'businessConference.ParticipantRegistered')! };
    registered.data = { ...registered.data, participantId: randomUUID(), contactName: 'Pedro Sin Número', email: pedro, phone: '12' };
    await app.ctx.db.transaction().execute(async (trx: Transaction<DB>) => {
      await inflowReactor.handle([registered], { trx, replaying: false, store: app.ctx.store, afterCommit: () => undefined });
    });
    await expect.poll(async () => (await grid()).rows.find((r) => r.email === pedro), { timeout: 30_000 }).toMatchObject({ name: 'Pedro Sin Número', phone: null, source: 'businessConference' });
  });
});
