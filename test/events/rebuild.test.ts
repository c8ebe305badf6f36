import { describe, expect, it } from 'vitest';
import { rebuildProjection } from '../../src/projections/rebuild.js';
import { eventsReadModels } from '../../src/projections/events/read-models.js';
import { uniqueEmail } from '../support/accounts.js';
import { createEvent, organizer, settle, signUpVerified, useEventsNode, ticketBody } from './helpers.js';

const TABLES = ['events', 'event_ticket_types', 'event_payment_methods', 'event_members', 'event_invitations'] as const;

describe('events read models rebuild from the log', () => {
  const t = useEventsNode();

  async function dump() {
    const out: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      const rows = await t.ctx.db.selectFrom(table).selectAll().execute();
      out[table] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return out;
  }

  it('replaying every event gives the same rows', async () => {
    const a = await organizer(t.node.url);
    const ev = (await createEvent(a, { eventName: 'Reconstrucción' })).data;
    const tk = await a.post(`/event/${ev._id}/ticket`, ticketBody({ price: 5 }));
    await a.put(`/event/${ev._id}/ticket/${tk.body.data._id}`, { price: 7, name: 'Preferencial' });
    const extra = await a.post(`/event/${ev._id}/ticket`, ticketBody({ name: 'Borrar' }));
    await a.del(`/event/${ev._id}/ticket/${extra.body.data._id}`);
    const pm = await a.post(`/event/${ev._id}/paymentMethod`, { kind: 'bankDeposit', bank: 'BCP', account: '123', holder: 'Ana' });
    await a.put(`/event/${ev._id}/paymentMethod/${pm.body.data._id}`, { instructions: 'Enviar voucher' });
    await a.put(`/event/${ev._id}`, { eventCode: `${ev.eventCode}-x`, capacity: 900, published: true });
    // A verified account gets the role at once (an unverified one would stay a pending invitation).
    const colleague = await signUpVerified(t);
    await a.post(`/event/${ev._id}/collaborator`, { email: colleague.email, module: 'store', role: 'register' });
    await a.post(`/event/${ev._id}/collaborator`, { email: colleague.email, module: 'store', role: 'poll' });
    await a.post(`/event/${ev._id}/collaborator`, { email: uniqueEmail('pendiente'), module: 'contacts', role: 'administrator' });
    const withdrawn = await a.post(`/event/${ev._id}/collaborator`, { email: uniqueEmail('cancelada'), module: 'settings', role: 'administrator' });
    const last = await a.del(`/event/${ev._id}/invitation/${withdrawn.body.data.invitationId}`);
    expect(last.status).toBe(200);
    await settle(t, last.body.position);

    const before = await dump();
    expect(before.events).toHaveLength(1);
    expect(before.event_ticket_types).toHaveLength(1);
    expect(before.event_members).toHaveLength(7); // owner x 6 modules + the colleague's store role
    expect(before.event_invitations).toHaveLength(2);
    expect(before.event_invitations.filter((r) => (JSON.parse(r as string) as { cancelled_at: unknown }).cancelled_at)).toHaveLength(1);
    const result = await rebuildProjection({ db: t.ctx.db, store: t.ctx.store }, eventsReadModels);
    expect(result.applied).toBeGreaterThan(5);
    expect(await dump()).toEqual(before);
  });
});
