import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/messages/es.js';
import { signUp, uniqueEmail } from '../support/accounts.js';
import { client, createEvent, organizer, settle, signUpVerified, useEventsNode, type Client } from './helpers.js';

/** The .eml written for `needle` (no SMTP in tests: mails go to <dataDir>/mail). */
async function waitForMail(dataDir: string, needle: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  for (let i = 0; i < 150; i++) {
    for (const f of existsSync(dir) ? readdirSync(dir) : []) {
      const text = readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '');
      if (text.includes(needle)) return text;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail containing ${needle}`);
}

describe('cancelling a pending collaborator invitation', () => {
  const t = useEventsNode();

  const cancelledEvents = async (eventId: string, invitationId: string) =>
    (await t.ctx.store.readStream(`events-event-${eventId}`)).filter(
      (e) => e.type === 'events.CollaboratorInvitationCancelled' && (e.data as { invitationId: string }).invitationId === invitationId,
    );

  async function pendingInvitation(owner: Client, eventId: string, module = 'store', role = 'register') {
    const email = uniqueEmail('pendiente');
    const p = await owner.post(`/event/${eventId}/collaborator`, { email, module, role });
    expect(p.status).toBe(201);
    expect(p.body.data.status).toBe('pending');
    return { email, invitationId: p.body.data.invitationId as string };
  }

  it('the owner and a settings administrator may cancel (a settings invitation); a collaborator without collaborator.manage gets 403', async () => {
    const owner = await organizer(t.node.url, 'Dueña Invitaciones');
    const ev = (await createEvent(owner)).data;
    const settingsAdmin = await signUpVerified(t, { displayName: 'Sara Ajustes' });
    const register = await signUpVerified(t, { displayName: 'Raúl Registro' });
    expect((await owner.post(`/event/${ev._id}/collaborator`, { email: settingsAdmin.email, module: 'settings', role: 'administrator' })).status).toBe(201);
    expect((await owner.post(`/event/${ev._id}/collaborator`, { email: register.email, module: 'store', role: 'register' })).status).toBe(201);
    // A settings administrator hands out (and withdraws) only its own module's roles.
    const first = await pendingInvitation(owner, ev._id, 'settings', 'administrator');
    const storeInvitation = await pendingInvitation(owner, ev._id);
    const refusedStore = await client(t.node.url, settingsAdmin).del(`/event/${ev._id}/invitation/${storeInvitation.invitationId}`);
    expect(refusedStore.status).toBe(403);
    expect(refusedStore.body.code).toBe('ROLE_GRANT_FORBIDDEN');
    expect((await owner.del(`/event/${ev._id}/invitation/${storeInvitation.invitationId}`)).status).toBe(200);
    const second = await pendingInvitation(owner, ev._id, 'businessConference', 'support');

    // Without the permission: 403 and nothing written.
    const denied = await client(t.node.url, register).del(`/event/${ev._id}/invitation/${first.invitationId}`);
    expect(denied.status).toBe(403);
    expect(await cancelledEvents(ev._id, first.invitationId)).toHaveLength(0);
    // A stranger is refused as well.
    expect((await (await organizer(t.node.url)).del(`/event/${ev._id}/invitation/${first.invitationId}`)).status).toBe(403);

    // The settings administrator (same permission as inviting) cancels the first one.
    const byAdmin = await client(t.node.url, settingsAdmin).del(`/event/${ev._id}/invitation/${first.invitationId}`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data).toEqual({ _id: first.invitationId, deleted: true });
    const [event] = await cancelledEvents(ev._id, first.invitationId);
    expect(event).toMatchObject({
      data: { eventId: ev._id, invitationId: first.invitationId, module: 'settings', role: 'administrator', cancelledBy: settingsAdmin.user._id },
      metadata: { userId: settingsAdmin.user._id },
    });
    expect(JSON.stringify(event.data)).not.toContain(first.email);

    // The owner cancels the second one.
    const byOwner = await owner.del(`/event/${ev._id}/invitation/${second.invitationId}`);
    expect(byOwner.status).toBe(200);

    // Collaborators page: no pending invitation left. Read model: both rows marked cancelled, e-mail keys shredded.
    await settle(t, byOwner.body.position);
    const team = await owner.get(`/event/${ev._id}/collaborators`);
    expect(team.body.pending).toEqual([]);
    const rows = await t.ctx.db
      .selectFrom('event_invitations')
      .select(['id', 'cancelled_at', 'cancelled_by', 'email_cipher'])
      .where('event_id', '=', ev._id)
      .orderBy('invited_at')
      .execute();
    expect(rows.map((r) => [r.id, r.cancelled_by, r.email_cipher, r.cancelled_at !== null])).toEqual([
      [first.invitationId, settingsAdmin.user._id, null, true],
      [storeInvitation.invitationId, owner.user!.user._id, null, true],
      [second.invitationId, owner.user!.user._id, null, true],
    ]);
    const keys = await t.ctx.db
      .selectFrom('pii_keys')
      .select('subject_id')
      .where('subject_id', 'in', [`event-invitation:${first.invitationId}`, `event-invitation:${storeInvitation.invitationId}`, `event-invitation:${second.invitationId}`])
      .execute();
    expect(keys).toEqual([]);

    // The audit trail shows who cancelled which invitation.
    const history = await owner.get(`/event/${ev._id}/history`);
    const entries = history.body.data.filter((e: { type: string }) => e.type === 'events.CollaboratorInvitationCancelled');
    expect(entries).toHaveLength(3);
    expect(entries[1]).toMatchObject({
      action: 'Invitación cancelada',
      userName: 'Sara Ajustes',
      subject: expect.stringMatching(/^Invitación: p\*\*\*@example\.test$/),
      changes: [
        { field: 'module', before: 'settings', after: null },
        { field: 'role', before: 'administrator', after: null },
      ],
    });

    // An unknown invitation is a 404.
    expect((await owner.del(`/event/${ev._id}/invitation/${randomUUID()}`)).body.code).toBe('INVITATION_NOT_FOUND');
  });

  it('is idempotent under retry: same Idempotency-Key replays the answer, a plain repeat appends nothing', async () => {
    const owner = await organizer(t.node.url);
    const ev = (await createEvent(owner)).data;
    const { invitationId } = await pendingInvitation(owner, ev._id);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      owner.del(`/event/${ev._id}/invitation/${invitationId}`, { 'Idempotency-Key': key }),
      owner.del(`/event/${ev._id}/invitation/${invitationId}`, { 'Idempotency-Key': key }),
    ]);
    // Two racing requests with one key: one runs, the other replays it (or is told the key is in use).
    expect([a.status, b.status].sort()).toContain(200);
    const replay = await owner.del(`/event/${ev._id}/invitation/${invitationId}`, { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual((a.status === 200 ? a : b).body);
    // A retry without the key (lost answer, new request): the command id finds the first cancellation.
    const again = await owner.del(`/event/${ev._id}/invitation/${invitationId}`);
    expect(again.status).toBe(200);
    expect(again.body.position).toBe(replay.body.position);
    // Concurrent plain retries still write one event.
    const racing = await Promise.all(Array.from({ length: 5 }, () => owner.del(`/event/${ev._id}/invitation/${invitationId}`)));
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await cancelledEvents(ev._id, invitationId)).toHaveLength(1);
  });

  it('the e-mailed link of a cancelled invitation grants nothing, with a clear Spanish message', async () => {
    const owner = await organizer(t.node.url);
    const ev = (await createEvent(owner)).data;
    const { email, invitationId } = await pendingInvitation(owner, ev._id, 'settings', 'administrator');
    const mail = await waitForMail(t.dataDir, invitationId);
    expect(mail).toContain(`/confirm/invitation/${invitationId}`);

    const cancelled = await owner.del(`/event/${ev._id}/invitation/${invitationId}`);
    expect(cancelled.status).toBe(200);
    // Straight away, before the read model may have seen the cancellation: the event's stream refuses the link.
    // The invitee proves the e-mail: the claimer skips the cancelled invitation, and so does the link.
    const invited = client(t.node.url, await signUpVerified(t, { email, displayName: 'Invitada Tarde' }));
    const refused = await invited.post(`/confirm/invitation/${invitationId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'INVITATION_CANCELLED', messagePublic: messages.events.invitationCancelled });
    expect(refused.body.messagePublic).toBe('El organizador canceló esta invitación; el enlace ya no es válido. Pídele una nueva invitación si aún necesitas acceso.');

    // Nothing claimed it (the claimer skips cancelled invitations), and the event stays closed.
    await settle(t, cancelled.body.position);
    const modules = await invited.get(`/modules/${invited.user!.user._id}?fecthEvents=true`);
    expect(modules.status).toBe(200);
    expect(modules.body.data.modules).toEqual([]);
    expect((await invited.get(`/event/${ev._id}`)).status).toBe(403);
    expect((await invited.post(`/confirm/invitation/${invitationId}`)).body.code).toBe('INVITATION_CANCELLED');

    // A new invitation to the same e-mail works again.
    const again = await owner.post(`/event/${ev._id}/collaborator`, { email, module: 'settings', role: 'administrator' });
    expect(again.body.data.status).toBe('granted');
    expect((await invited.get(`/event/${ev._id}/collaborators`)).status).toBe(200);
  });
});
