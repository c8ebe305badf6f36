import { describe, expect, it } from 'vitest';
import { EVENT_CODE_RESERVED_MESSAGE } from '../../src/contracts/events.js';
import { messages } from '../../src/messages/es.js';
import { client, createEvent, newEventBody, organizer, useEventsNode } from './helpers.js';

describe('eventCode availability while typing', () => {
  const t = useEventsNode();

  const check = (c: ReturnType<typeof client>, code: string, eventId?: string) =>
    c.get(`/events/code-availability?code=${encodeURIComponent(code)}${eventId ? `&eventId=${eventId}` : ''}`);

  it('answers taken with the very message the save gives, free otherwise; signed-in users only', async () => {
    const a = await organizer(t.node.url, 'Ana');
    const b = await organizer(t.node.url, 'Beto');
    const ev = (await createEvent(a)).data;

    expect((await check(client(t.node.url), ev.eventCode)).status).toBe(401);

    // Known taken from the append itself (the reservation), without waiting for any projection.
    const taken = await check(b, ev.eventCode);
    expect(taken.status).toBe(200);
    expect(taken.body.data).toEqual({ code: ev.eventCode, available: false, messagePublic: messages.events.codeTaken });
    const save = await b.post('/event', newEventBody({ eventCode: ev.eventCode }));
    expect(save.status).toBe(409);
    expect(save.body).toMatchObject({ code: 'EVENT_CODE_TAKEN', messagePublic: taken.body.data.messagePublic });

    // Normalized like the save (trimmed, lower-case).
    expect((await check(b, ` ${ev.eventCode.toUpperCase()} `)).body.data).toMatchObject({ code: ev.eventCode, available: false });
    expect((await check(b, `${ev.eventCode}-libre`)).body.data).toEqual({ code: `${ev.eventCode}-libre`, available: true, messagePublic: null });

    // Editing: the event's own code is free for it, not for another event.
    expect((await check(a, ev.eventCode, ev._id)).body.data.available).toBe(true);
    const other = (await createEvent(b)).data;
    expect((await check(b, ev.eventCode, other._id)).body.data.available).toBe(false);

    // A code that breaks the format is a 400 with the field message.
    const bad = await check(b, 'A!');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ path: 'code', message: expect.stringContaining('minúsculas') });
  });

  it('refuses the words whose URLs route elsewhere (module area, top-level pages), in any case, on create, rename and check', async () => {
    const a = await organizer(t.node.url);
    const ev = (await createEvent(a)).data;
    for (const code of ['crm', 'create', 'SendWhatsApp', 'editevent', 'admin', 'auth', 'module']) {
      const created = await a.post('/event', newEventBody({ eventCode: code }));
      expect(created.status).toBe(400);
      expect(created.body.errors).toContainEqual({ path: 'eventCode', message: EVENT_CODE_RESERVED_MESSAGE });
      expect((await a.put(`/event/${ev._id}`, { eventCode: code })).status).toBe(400);
      const checked = await check(a, code);
      expect(checked.status).toBe(400);
      expect(checked.body.errors[0]).toEqual({ path: 'code', message: EVENT_CODE_RESERVED_MESSAGE });
    }
    // An empty code is a missing field, not a format error.
    const empty = await a.post('/event', newEventBody({ eventCode: '  ' }));
    expect(empty.body.errors[0]).toEqual({ path: 'eventCode', message: 'Este campo es obligatorio.' });
    // A code that merely contains such a word is fine.
    expect((await a.post('/event', newEventBody({ eventCode: `crm-${ev.eventCode}` }))).status).toBe(201);
  });

  it('follows renames at once: the old code is free, the new one taken', async () => {
    const a = await organizer(t.node.url);
    const b = await organizer(t.node.url);
    const ev = (await createEvent(a)).data;
    const renamed = `${ev.eventCode}-nuevo`;
    expect((await a.put(`/event/${ev._id}`, { eventCode: renamed })).status).toBe(200);
    expect((await check(b, ev.eventCode)).body.data.available).toBe(true);
    expect((await check(b, renamed)).body.data.available).toBe(false);
    // And the answer agrees with the save.
    expect((await b.post('/event', newEventBody({ eventCode: ev.eventCode }))).status).toBe(201);
    expect((await check(a, ev.eventCode)).body.data.available).toBe(false);
  });
});
