// A campaign mail as its recipient sees it (chromium): a campaign from a contacts filter is sent through the real
// SMTP server; the mail's short link opens the page it points to and counts one click; the footer's subscription
// page (no sign-in) shows the person's channels and saves a change of consent; the one-click unsubscribe works.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../support/accounts.js';
import { campaignApi } from '../contacts/campaign-support.js';
import { atNode, newPage, seriousAxeViolations, useBrowserApp } from './support.js';

const app = useBrowserApp({ smtp: { delayMs: 5 } });

describe('campaign mail, short link and subscription page (chromium)', () => {
  it('clicks the short link, changes the subscription and unsubscribes with one click', { timeout: 180_000 }, async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Boletín' });
    const contactId = randomUUID();
    const created = await fetch(`${app.api}/contacts/${org.user._id}/contacts`, {
      method: 'POST',
      headers: { ...bearer(org.token), 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: contactId, name: 'Rosa Quispe', email: 'rosa@correo.pe', phone: '+51987654321', consent: { email: { status: 'granted', source: 'Feria' } } }),
    });
    expect(created.status).toBe(201);
    const c = campaignApi(app.api, org.token);
    const senderId = await c.emailSender();
    const id = randomUUID();
    const r = await c.call('/contacts/campaigns', {
      clientId: id,
      name: 'Boletín de marzo',
      channel: 'email',
      senderId,
      content: { kind: 'email', subject: 'Novedades para {{ contact.name }}', html: `<p>Lee nuestra <a href="${app.url}/confidentialityPolicy">política de privacidad</a>.</p>` },
      audience: { source: 'filter', filter: { filterField: 'emailConsent', filterOperator: 'is', filterValue: 'granted' } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    await c.send(id);
    await c.waitStatus(id, 'completed');
    const [mail] = app.smtp.mailsTo('rosa@correo.pe');
    expect(mail!.subject).toBe('Novedades para Rosa Quispe');

    const { context, page } = await newPage(app.browser, app.url, 1280, 900, { bypassCSP: true });
    try {
      // The short link redirects to the page and counts one click for the campaign.
      const short = /href="(https?:\/\/[^"]+\/r\/[0-9A-Za-z]{16})"/.exec(mail!.html)![1]!;
      await page.goto(atNode(short, app.url));
      await page.waitForURL(/\/confidentialityPolicy$/);
      await expect.poll(async () => (await c.progress(id)).engagement?.uniqueClicks).toBe(1);

      // The subscription page: e-mail on, WhatsApp off; the person turns e-mail off and WhatsApp on.
      const sub = /href="(https?:\/\/[^"]+?\/subscription\/[^"/]+)"/.exec(mail!.html)![1]!;
      await page.goto(atNode(sub, app.url));
      await page.getByRole('heading', { name: 'Hola, Rosa: tus suscripciones' }).waitFor();
      const email = page.getByRole('switch', { name: /Correos electrónicos \(r\*\*\*@correo\.pe\)/ });
      const whatsapp = page.getByRole('switch', { name: /Mensajes de WhatsApp/ });
      expect(await email.isChecked()).toBe(true);
      expect(await whatsapp.isChecked()).toBe(false);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await email.click();
      await whatsapp.click();
      await page.getByRole('button', { name: 'Guardar mis preferencias' }).click();
      await page.getByRole('status').filter({ hasText: 'Listo: guardamos tus preferencias.' }).waitFor();
      const contact = (await (await fetch(`${app.api}/contacts/${org.user._id}/contacts/${contactId}`, { headers: bearer(org.token) })).json()) as any;
      expect(contact.data.consent.email).toMatchObject({ status: 'withdrawn', source: 'subscription-page' });
      expect(contact.data.consent.whatsapp).toMatchObject({ status: 'granted', source: 'subscription-page' });

      // At 375 px the page fits.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await page.getByRole('heading', { name: 'Hola, Rosa: tus suscripciones' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1)).toBe(true);
    } finally {
      await context.close();
    }

    // The one-click unsubscribe of the mail's List-Unsubscribe header marks the recipient unsubscribed.
    const header = /^List-Unsubscribe: (.*)$/im.exec(mail!.raw.replace(/\r?\n[ \t]+/g, ' '))![1]!;
    const link = /<(https?:\/\/[^>]+\/unsubscribe)>/.exec(header)![1]!;
    const post = await fetch(atNode(link, app.url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(post.status).toBe(200);
    await expect.poll(async () => (await c.progress(id)).counts).toEqual({ unsubscribed: 1 });
  });
});
