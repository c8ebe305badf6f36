/**
 * A confirmed new address is a proved one: an invitation pending for it is claimed by the access module's claimer
 * when the change is confirmed (accounts.EmailChanged), as it is on a verification.
 */
import { describe, expect, it } from 'vitest';
import { markEmailVerified } from '../../src/commands/accounts/service.js';
import { useTestApp } from '../support/app.js';
import { bearer, signUp, uniqueEmail } from '../support/accounts.js';
import { tokenFromMail } from '../support/smtp.js';
import { client, createEvent, eventually, organizer } from '../events/helpers.js';

describe('invitation claimed after an e-mail change', () => {
  const t = useTestApp({ smtp: true });

  it('grants the role once the invited address is confirmed as the account’s new e-mail', async () => {
    const owner = await organizer(t.node.url, 'Dueña Cambio');
    const ev = (await createEvent(owner)).data;
    const invited = uniqueEmail('invitada.nueva');
    const pending = await owner.post(`/event/${ev._id}/collaborator`, { email: invited, module: 'store', role: 'register' });
    expect(pending.body.data.status).toBe('pending');

    const lucia = await signUp(t.node.url, { displayName: 'Lucía Cambia' });
    await markEmailVerified(t.ctx, lucia.user._id);
    const asLucia = client(t.node.url, lucia);
    expect((await asLucia.get(`/event/${ev._id}`)).status).toBe(403);

    const asked = await fetch(`${t.api}/profile/email`, {
      method: 'PUT',
      headers: { ...bearer(lucia.token), 'content-type': 'application/json' },
      body: JSON.stringify({ email: invited }),
    });
    expect(asked.status).toBe(200);
    const mail = await t.smtp.waitForMail((m) => m.to.some((a) => a.toLowerCase() === invited) && m.subject === 'Confirma tu nuevo correo electrónico en Aforo');
    expect((await fetch(`${t.api}/confirm/mail/${tokenFromMail(mail, '/confirm/mail/')}`, { method: 'POST' })).status).toBe(200);

    await eventually(async () => (await asLucia.get(`/event/${ev._id}`)).status === 200);
    const team = await owner.get(`/event/${ev._id}/collaborators`);
    expect(team.body.pending).toEqual([]);
    expect(team.body.data.find((m: { userId: string }) => m.userId === lucia.user._id)?.roles).toEqual({ store: 'register' });
  });
});
