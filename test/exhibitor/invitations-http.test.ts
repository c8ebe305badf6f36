import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handleCommand } from '../../src/commands/handle.js';
import { inviteToCompany } from '../../src/commands/exhibitor/invitations.js';
import { createPiiVault } from '../../src/crypto/pii-vault.js';
import { emailHash } from '../../src/domain/accounts/email.js';
import { companyDecider, companyStreamId } from '../../src/domain/exhibitor/company.js';
import { companiesOfEvent } from '../../src/projections/exhibitor/queries.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { uniqueEmail } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';
import { client, createEvent, organizer, signUpVerified, type Client } from '../events/helpers.js';

const app = useTestApp({ smtp: true });
const settle = async (position: string | null) => expect(await waitForPosition(app.ctx.db, app.ctx.store, position ?? '', { timeoutMs: 20_000 })).toBe(true);
const companyBody = (over: Record<string, unknown> = {}) => ({ ruc: '20100070970', name: 'Café Andino SAC', sector: 'Alimentos', quantityExhibitors: 2, quantitySpeakers: 1, ...over });

/** An event with one company (quotas from `over`), settled in the read models. */
async function eventWithCompany(org: Client, over: Record<string, unknown> = {}) {
  const ev = (await createEvent(org)).data;
  const companyId = randomUUID();
  const res = await org.post(`/event/${ev._id}/exhibitorCompanies`, { ...companyBody(over), clientId: companyId });
  expect(res.status).toBe(201);
  await settle(res.body.position);
  return { ev, companyId };
}

/** The organizer invites the company's administrator, who accepts with a verified account of that e-mail. */
async function companyAdmin(org: Client, eventId: string, companyId: string) {
  const email = uniqueEmail('admin-expositor');
  const inv = await org.post(`/event/${eventId}/exhibitorCompanies/${companyId}/invitations`, { email, kind: 'admin', clientId: randomUUID() });
  expect(inv.status).toBe(201);
  await settle(inv.body.position);
  const admin = client(app.url, await signUpVerified(app, { displayName: 'Admin Expositor', email }));
  const accepted = await admin.post(`/exhibitorInvitations/${inv.body.data._id}/accept`);
  expect(accepted.status).toBe(200);
  return { admin, email, invitationId: inv.body.data._id as string, headers: { exhibitorcompany: companyId } };
}

describe('exhibitor invitations over HTTP', () => {
  it('organizer invites the administrator by e-mail; accepting grants the exhibitor role in that company only; the administrator invites within quota', async () => {
    const org = await organizer(app.url);
    const { ev, companyId } = await eventWithCompany(org);
    const email = uniqueEmail('admin-expositor');
    const invitationId = randomUUID();
    const inv = await org.post(`/event/${ev._id}/exhibitorCompanies/${companyId}/invitations`, { email, kind: 'admin', clientId: invitationId });
    expect(inv.status).toBe(201);
    const retry = await org.post(`/event/${ev._id}/exhibitorCompanies/${companyId}/invitations`, { email, kind: 'admin', clientId: invitationId });
    expect(retry.status).toBe(201);
    const twice = await org.post(`/event/${ev._id}/exhibitorCompanies/${companyId}/invitations`, { email, kind: 'admin', clientId: randomUUID() });
    expect(twice).toMatchObject({ status: 409, body: { code: 'ALREADY_INVITED', messagePublic: 'Ese correo ya fue invitado con ese rol en esta empresa.' } });

    // The mail carries the spec's confirmation link.
    const mail = await app.smtp.waitForMail((x) => x.to.includes(email), 20_000);
    expect(mail.subject).toContain('Café Andino SAC');
    expect(mail.links.some((l) => l.endsWith(`/confirm/invitation/${invitationId}?type=exhibitor`))).toBe(true);
    expect(app.smtp.mailsTo(email)).toHaveLength(1);

    await settle(inv.body.position);
    const list = await org.get(`/event/${ev._id}/exhibitorInvitations`);
    expect(list.body.data).toMatchObject([{ _id: invitationId, kind: 'admin', status: 'pending', email, companyName: 'Café Andino SAC' }]);

    // Another account (another e-mail) cannot use the link.
    const stranger = client(app.url, await signUpVerified(app, { displayName: 'Otra' }));
    const wrong = await stranger.post(`/exhibitorInvitations/${invitationId}/accept`);
    expect(wrong).toMatchObject({ status: 403, body: { code: 'INVITATION_OTHER_EMAIL' } });
    expect((await stranger.get(`/event/${ev._id}`, { module: 'exhibitor', exhibitorcompany: companyId })).status).toBe(403);

    const admin = client(app.url, await signUpVerified(app, { displayName: 'Admin Expositor', email }));
    const info = await admin.get(`/exhibitorInvitations/${invitationId}`);
    expect(info.body.data).toMatchObject({ companyName: 'Café Andino SAC', eventCode: ev.eventCode, kind: 'admin', status: 'pending' });
    const accepted = await admin.post(`/exhibitorInvitations/${invitationId}/accept`);
    expect(accepted.status).toBe(200);
    expect((await admin.post(`/exhibitorInvitations/${invitationId}/accept`)).status).toBe(200);
    // Answered after the role reached the guard: the exhibitor role in that company, through validateRole.
    const role = await admin.get(`/validateRole?client=${org.user!.user._id}&event=${ev._id}&module=exhibitor&page=/invitation`, { exhibitorcompany: companyId });
    expect(role.status).toBe(200);
    expect(role.body.data.data.role.exhibitor).toBe('exhibitor');
    const selector = await admin.get(`/exhibitorCompaniesByPermission?event=${ev.eventCode}`);
    expect(selector.body.data.map((c: { _id: string }) => c._id)).toEqual([companyId]);

    // The administrator invites exhibitors and speakers within the quotas, never another administrator.
    const h = { exhibitorcompany: companyId };
    const invite = (kind: string, mailTo = uniqueEmail(kind)) => admin.post(`/event/${ev._id}/exhibitorCompanies/${companyId}/invitations`, { email: mailTo, kind, clientId: randomUUID() }, h);
    expect((await invite('exhibitor')).status).toBe(201);
    expect((await invite('exhibitor')).status).toBe(201);
    const full = await invite('exhibitor');
    expect(full).toMatchObject({ status: 409, body: { code: 'QUOTA_FULL', messagePublic: 'La empresa ya usó su cupo de 2 expositor(es).' } });
    const speaker = await invite('speaker');
    expect(speaker.status).toBe(201);
    expect(speaker.body.data).toMatchObject({ usedExhibitors: 2, usedSpeakers: 1 });
    expect((await invite('admin')).status).toBe(403);
    // Without the company header the role does not count; with another company's id it is refused.
    expect((await admin.post(`/event/${ev._id}/exhibitorCompanies/${companyId}/invitations`, { email: uniqueEmail(), kind: 'speaker', clientId: randomUUID() })).status).toBe(403);
    await settle(speaker.body.position);
    const own = await admin.get(`/event/${ev._id}/exhibitorCompanies/${companyId}/invitations`, h);
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(4);
    // The organizer's pages stay the organizer's.
    expect((await admin.get(`/event/${ev._id}/exhibitorCompanies`, h)).status).toBe(403);
    expect((await admin.get(`/event/${ev._id}/exhibitorInvitations`, h)).status).toBe(403);
    // The company's row counts the places taken; the quota cannot go below them.
    const lower = await org.put(`/event/${ev._id}/exhibitorCompanies/${companyId}`, companyBody({ quantityExhibitors: 1 }));
    expect(lower).toMatchObject({ status: 400, body: { code: 'QUOTA_BELOW_USED' } });
    expect((await companiesOfEvent(app.ctx.db, ev._id))[0]).toMatchObject({ usedExhibitors: 2, usedSpeakers: 1 });
  });

  it('the quota holds under concurrent invitations: 10 at once for 3 places, exactly 3 sent', async () => {
    const org = await organizer(app.url);
    const { ev, companyId } = await eventWithCompany(org, { quantityExhibitors: 3 });
    const { admin, headers } = await companyAdmin(org, ev._id, companyId);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/event/${ev._id}/exhibitorCompanies/${companyId}/invitations`, { email: uniqueEmail('expositor'), kind: 'exhibitor', clientId: randomUUID() }, headers)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'QUOTA_FULL')).toBe(true);
    const events = await app.ctx.store.readStream(companyStreamId(companyId));
    expect(events.filter((e) => e.type === 'exhibitor.InvitationSent' && (e.data as { kind: string }).kind === 'exhibitor')).toHaveLength(3);
  });

  it('without the versioned append the same race overshoots the quota (what the guard prevents)', async () => {
    const org = await organizer(app.url);
    const { companyId } = await eventWithCompany(org, { quantityExhibitors: 3 });
    const stream = companyStreamId(companyId);
    // Each writer folds the stream, decides, then appends with version 'any': no expected-version check.
    const unguarded = async () => {
      const state = (await app.ctx.store.readStream(stream)).reduce((s, e) => companyDecider.evolve(s, e as never), companyDecider.initialState());
      const invitationId = randomUUID();
      const email = uniqueEmail('expositor');
      const emailCipher = await createPiiVault(app.ctx.db).encrypt(`exhibitor-invitation:${invitationId}`, email);
      await new Promise((r) => setTimeout(r, 20));
      return handleCommand(app.ctx, {
        streamId: stream,
        decider: companyDecider,
        command: { type: 'exhibitor.InviteToCompany', data: { invitationId, kind: 'exhibitor', emailHash: emailHash(email), emailCipher, asOrganizer: true } },
        meta: { userId: org.user!.user._id },
        load: async () => ({ state, version: 'any' as const }),
      }).then(
        () => true,
        () => false,
      );
    };
    const ok = (await Promise.all(Array.from({ length: 10 }, unguarded))).filter(Boolean).length;
    expect(ok).toBeGreaterThan(3);
    // The guarded command on the same stream now refuses: the quota is already over.
    const refused = await inviteToCompany(app.ctx, { companyId, invitationId: randomUUID(), kind: 'exhibitor', email: uniqueEmail(), asOrganizer: true, by: org.user!.user._id }).catch((e: { code?: string }) => e.code);
    expect(refused).toBe('QUOTA_FULL');
  });

  it('another organizer and a plain attendee are refused; an exhibitor of one company cannot reach another', async () => {
    const org = await organizer(app.url);
    const { ev, companyId } = await eventWithCompany(org);
    const second = await org.post(`/event/${ev._id}/exhibitorCompanies`, { ...companyBody({ ruc: '20601234565', name: 'Textiles del Sur' }), clientId: randomUUID() });
    await settle(second.body.position);
    const { admin } = await companyAdmin(org, ev._id, companyId);
    const other = await organizer(app.url, 'Otra organizadora');
    const attendee = client(app.url, await signUpVerified(app, { displayName: 'Asistente' }));
    const body = () => ({ email: uniqueEmail(), kind: 'exhibitor', clientId: randomUUID() });
    for (const c of [other, attendee]) {
      expect((await c.post(`/event/${ev._id}/exhibitorCompanies/${companyId}/invitations`, body(), { exhibitorcompany: companyId })).status).toBe(403);
      expect((await c.get(`/event/${ev._id}/exhibitorCompanies/${companyId}/invitations`, { exhibitorcompany: companyId })).status).toBe(403);
      expect((await c.get(`/event/${ev._id}/exhibitorInvitations`)).status).toBe(403);
      expect((await c.get(`/exhibitorCompaniesByPermission?event=${ev._id}`)).body.data ?? []).toEqual([]);
    }
    const otherCompany = second.body.data._id;
    expect((await admin.post(`/event/${ev._id}/exhibitorCompanies/${otherCompany}/invitations`, body(), { exhibitorcompany: otherCompany })).status).toBe(403);
    expect((await admin.post(`/event/${ev._id}/exhibitorCompanies/${otherCompany}/invitations`, body(), { exhibitorcompany: companyId })).status).toBe(403);
    expect((await admin.get(`/event/${ev._id}/exhibitorCompanies/${otherCompany}/invitations`, { exhibitorcompany: companyId })).status).toBe(403);
  });
});
