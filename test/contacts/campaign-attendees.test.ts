// The store module's attendee campaigns (manageAttendees/campaignWhatsApp, remindersWhatsApp): the audience is the
// holders of the event's tickets (read through the sales module), matched to the organizer's contacts for consent
// and phone; only roles with the store permission attendeeCampaign.manage may use them (a register collaborator
// and another organizer are refused by the access guard).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { client, organizer, signUpVerified } from '../events/helpers.js';
import { publishedEvent } from '../sales/helpers.js';

const app = useTestApp({ parts: { workers: false } });
const content = { kind: 'whatsapp', templateName: 'recordatorio_evento', language: 'es', components: [{ type: 'body', parameters: [{ type: 'text', text: '{{ contact.name }}' }] }] };

describe('attendee campaigns of a store event', { timeout: 120_000 }, () => {
  it('builds the audience from ticket holders with their consent; refuses roles without the store permission', async () => {
    const org = await organizer(app.url, 'Organizadora Tienda');
    const ev = await publishedEvent(org, { capacity: 50, tickets: [{ name: 'Libre', price: 0, quantity: 50 }] });
    const buyers = [];
    for (const name of ['Ana Compradora', 'Beto Comprador', 'Carla Compradora']) {
      const b = await organizer(app.url, name);
      const r = await b.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: name.startsWith('Ana') ? 2 : 1 }] });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      buyers.push(b);
    }
    const [ana, beto] = buyers.map((b) => b.user!);
    // Every buyer became the organizer's contact (contacts.inflow: no phone, no consent). Ana then gets a phone
    // and WhatsApp consent; Beto a phone and no consent; Carla stays without a phone.
    const contacts = `/contacts/${org.user!.user._id}/contacts`;
    const contactOf = async (email: string) => ((await org.get(`${contacts}?pageSize=100`)).body.rows as { _id: string; email: string }[]).find((r) => r.email === email);
    await expect.poll(async () => !!(await contactOf(ana!.email)) && !!(await contactOf(beto!.email)), { timeout: 30_000 }).toBe(true);
    const anaId = (await contactOf(ana!.email))!._id;
    const betoId = (await contactOf(beto!.email))!._id;
    expect((await org.put(`${contacts}/${anaId}`, { name: 'Ana', email: ana!.email, phone: '+51 987 111 222', consent: { whatsapp: { status: 'granted', source: 'Feria' } } })).status).toBe(200);
    expect((await org.put(`${contacts}/${betoId}`, { name: 'Beto', email: beto!.email, phone: '+51987333444' })).status).toBe(200);

    const base = `/event/${ev.id}/attendeeCampaigns`;
    const preview = await org.post(`${base}/preview`, { channel: 'whatsapp' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // Ana's two tickets are one recipient; Carla has no phone.
    expect(preview.body).toMatchObject({ count: 2, withoutConsent: 1, withoutAddress: 1 });
    expect(preview.body.sample.map((s: { address: string }) => s.address).sort()).toEqual(['+51987111222', '+51987333444']);
    const byEmail = await org.post(`${base}/preview`, { channel: 'email' });
    expect(byEmail.body).toMatchObject({ count: 3, withoutConsent: 3, withoutAddress: 0 });

    // A register collaborator of the store, another organizer and an anonymous caller are refused.
    const desk = await signUpVerified(app, { displayName: 'Recepción' });
    const granted = await org.post(`/event/${ev.id}/collaborator`, { email: desk.email, module: 'store', role: 'register' });
    expect(granted.body.data.status).toBe('granted');
    const deskClient = client(app.url, desk);
    const refused = await deskClient.post(`${base}/preview`, { channel: 'whatsapp' });
    expect(refused.status).toBe(403);
    expect(refused.body.messagePublic).toBeTruthy();
    expect((await deskClient.post(base, { clientId: randomUUID(), name: 'X', channel: 'whatsapp', senderId: 'x', content })).status).toBe(403);
    const other = await organizer(app.url, 'Otra organizadora');
    expect((await other.post(`${base}/preview`, { channel: 'whatsapp' })).status).toBe(403);
    expect((await client(app.url).post(`${base}/preview`, { channel: 'whatsapp' })).status).toBe(401);
    // Nor can an organizer use another's event as an audience from the organizer-level API.
    const foreign = await other.post('/contacts/audience/preview', { channel: 'email', audience: { source: 'event', eventId: ev.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.messagePublic).toBe('No encontramos este evento entre los tuyos.');

    // The organizer's WhatsApp sender, a reminder to the attendees, sent: the one without consent is skipped.
    const senderId = randomUUID();
    expect((await org.post('/contacts/senders', { clientId: senderId, channel: 'whatsapp', name: 'WhatsApp', phoneNumberId: '1098765432101', token: 'EAAG-token-de-prueba-1234567890' })).status).toBe(200);
    const id = randomUUID();
    const body = { clientId: id, name: 'Recordatorio: mañana', channel: 'whatsapp', senderId, content, purpose: 'reminder' };
    const created = await org.post(base, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await org.post(base, body)).status).toBe(201);
    expect((await org.get(`${base}?purpose=reminder`)).body.data.map((c: { id: string }) => c.id)).toEqual([id]);
    expect((await org.get(`${base}?purpose=campaign`)).body.data).toEqual([]);
    const sent = await org.post(`${base}/${id}/send`, { clientId: randomUUID() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe('running');
    const progress = await org.get(`${base}/${id}`);
    expect(progress.body.campaign.recipientCount).toBe(2);
    // The register collaborator cannot read it, nor pause it.
    expect((await deskClient.get(`${base}/${id}`)).status).toBe(403);
    expect((await deskClient.post(`${base}/${id}/pause`, { clientId: randomUUID() })).status).toBe(403);
    // A campaign of this organizer not made for this event is not reachable through the event's routes.
    expect((await org.get(`/event/${ev.id}/attendeeCampaigns/${randomUUID()}`)).status).toBe(404);
  });
});
