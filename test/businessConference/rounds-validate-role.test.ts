import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { createRound, organizerWithRound, registration, settled, user } from './participants-support.js';

/** One node for the file. */
const t = useTestApp();

const ids = (list: { _id: string }[]) => list.map((r) => r._id);

describe('validateRole lists the business conference rounds the caller may see', () => {
  it("the team sees all rounds of its event, the header picks one; a participant sees only theirs; another organizer's never appear", async () => {
    const { org, ev, round } = await organizerWithRound(t);
    const second = await createRound(t, org, ev._id, { name: 'Segunda rueda', startDate: '2030-05-02', endDate: '2030-05-02', days: [{ date: '2030-05-02', start: '09:00', end: '12:00', breaks: [] }] });
    // Another organizer with a round of their own: it must never leak into the first event's answer.
    const other = await organizerWithRound(t);
    const q = (event: string) => `/validateRole?client=${org.user!.user._id}&event=${event}&module=businessConference`;

    const team = await org.get(q(ev._id));
    expect(team.status).toBe(200);
    const data = team.body.data.data;
    expect(ids(data.businessConferences)).toEqual([round._id, second._id]);
    expect(data.businessConferences[0]).toMatchObject({ _id: round._id, name: 'Rueda Agroexporta', startDate: '2030-05-01', endDate: '2030-05-01' });
    expect(ids(data.businessConferences)).not.toContain(other.round._id);
    expect(data.businessConferenceObj).toEqual({ _id: round._id });
    // Everything else keeps its shape.
    expect(data.event._id).toBe(ev._id);
    expect(data.role).toMatchObject({ businessConference: 'administrator' });

    const picked = await org.get(q(ev._id), { businessconference: second._id });
    expect(picked.body.data.data.businessConferenceObj).toEqual({ _id: second._id });
    // A round of another organizer named in the header is not one of the caller's: never echoed back.
    const foreign = await org.get(q(ev._id), { businessconference: other.round._id });
    expect(foreign.status).toBe(200);
    expect(ids(foreign.body.data.data.businessConferences)).toEqual([round._id, second._id]);
    expect(foreign.body.data.data.businessConferenceObj).toEqual({ _id: round._id });

    // The other organizer sees only their own round in their event, and is refused the first event.
    const theirs = await other.org.get(`/validateRole?client=${other.org.user!.user._id}&event=${other.ev._id}&module=businessConference`);
    expect(ids(theirs.body.data.data.businessConferences)).toEqual([other.round._id]);
    expect((await other.org.get(q(ev._id))).status).toBe(403);

    // An approved participant of the second round sees that round only.
    const ana = await user(t.url);
    const p = (await ana.post('/businessConference/register', registration(ev, second))).body.data.participant;
    const ok = await org.post(`/businessConference/participant/${p._id}/decision`, { clientId: crypto.randomUUID(), decision: 'approve' });
    expect(ok.status).toBe(200);
    await settled(t, ok.body.position);
    const part = await ana.get(q(ev._id), { businessconference: second._id });
    expect(part.status).toBe(200);
    expect(ids(part.body.data.data.businessConferences)).toEqual([second._id]);
    expect(part.body.data.data.businessConferenceObj).toEqual({ _id: second._id });

    // Without an event the lists stay empty.
    const none = await org.get('/validateRole');
    expect(none.body.data.data).toMatchObject({ businessConferences: [], businessConferenceObj: null });
  });
});
