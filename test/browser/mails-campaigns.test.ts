// The mails module in chromium (issue 22): the organizer writes an e-mail campaign in the wizard (mui-tiptap editor,
// merge field), picks the audience by a contacts search with the server's preview, sends it now and watches it turn
// "Enviada" live (socket push), the mails arriving at the real SMTP server; a larger campaign through the
// organizer's own (slow) SMTP server is paused and resumed from its page; the store's WhatsApp page of
// an event sends to the event's attendees through the fake Cloud API. 375 px and axe on the pages.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, type SignedUpUser } from '../support/accounts.js';
import { startFakeWhatsApp } from '../support/fake-whatsapp.js';
import { campaignApi } from '../contacts/campaign-support.js';
import { client, signUpVerified } from '../events/helpers.js';
import { publishedEvent } from '../sales/helpers.js';
import { hasHorizontalScroll, newPage, seriousAxeViolations, useBrowserApp } from './support.js';

const NUMBER = '1098765432101';
const TOKEN = 'EAAG-token-de-prueba-1234567890';
const fake = await startFakeWhatsApp({ tokens: { [NUMBER]: TOKEN } });
const app = useBrowserApp({ smtp: { delayMs: 5 }, env: { WHATSAPP_API_URL: fake.url, WHATSAPP_API_VERSION: 'v21.0', WHATSAPP_VERIFY_TOKEN: 'verificar-aforo' } });
afterAll(() => fake.close());

/** The organizer's own SMTP server, answering each message after `delayMs`: a campaign of a few hundred takes a while. */
async function slowSmtp(delayMs: number) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () =>
        setTimeout(() => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        }, delayMs),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function signedIn(browser: Browser, who: SignedUpUser, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, app.url, width, 900, { bypassCSP: true });
  const [name, ...value] = who.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: app.url, httpOnly: true, sameSite: 'Lax' }]);
  return { context, page };
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function addContact(who: SignedUpUser, body: Record<string, unknown>) {
  const res = await fetch(`${app.api}/contacts/${who.user._id}/contacts`, {
    method: 'POST',
    headers: { ...bearer(who.token), 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: randomUUID(), ...body }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

describe('mails: campaigns (chromium)', () => {
  it('creates an e-mail campaign in the wizard, sends it now and watches it finish live', { timeout: 240_000 }, async () => {
    const org = await signUpVerified(app, { displayName: 'Organizadora Correos' });
    const tag = `t${randomUUID().slice(0, 8)}`;
    const people = ['Rosa Quispe', 'Luis Mamani', 'Elena Torres'].map((name, i) => ({ name, email: `${tag}.${i}@correo.pe` }));
    for (const p of people) await addContact(org, { ...p, consent: { email: { status: 'granted', source: 'Feria' } } });
    // Someone else of the organizer, outside the search: not a recipient.
    await addContact(org, { name: 'Otra Persona', email: `otra.${tag}@correo.pe`.replace(tag, 'x'), consent: { email: { status: 'granted', source: 'Feria' } } });
    const c = campaignApi(app.api, org.token);
    await c.emailSender('Boletín Aforo');

    const { context, page } = await signedIn(app.browser, org);
    try {
      await page.goto(`/module/${org.user._id}/mails`);
      await page.getByRole('heading', { name: 'Envíos masivos', level: 1 }).waitFor();
      await page.getByText('Aún no hay campañas.').waitFor();
      await page.getByRole('link', { name: 'Nueva campaña' }).click();
      await page.getByRole('heading', { name: 'Nueva campaña', level: 1 }).waitFor();
      await page.getByLabel('Nombre de la campaña').fill('Boletín de abril');
      await pick(page, 'Remitente', /Boletín Aforo/);
      await page.getByLabel('Asunto').fill('Novedades para {{ contact.name }}');
      await page.locator('.ProseMirror').click();
      await page.keyboard.type('Hola ');
      await page.getByRole('button', { name: 'Insertar el nombre del contacto' }).click();
      await page.keyboard.type(', te esperamos.');
      await page.getByRole('radio', { name: 'Búsqueda en contactos' }).check();
      await page.getByLabel('Buscar contactos').fill(tag);
      await page.getByRole('button', { name: 'Ver audiencia' }).click();
      const preview = page.getByTestId('audience-preview');
      await preview.getByText('3 destinatarios').waitFor();
      await preview.getByText(`${tag}.0@correo.pe`).waitFor();
      expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);
      await page.getByRole('button', { name: 'Enviar ahora' }).click();

      // The detail page: the status turns "Enviada" by itself (socket pushes), with the counts and the recipients.
      await page.getByRole('heading', { name: 'Boletín de abril', level: 1 }).waitFor();
      await page.getByTestId('campaign-status').getByText('Enviada').waitFor({ timeout: 60_000 });
      await page.getByTestId('campaign-counts').getByText('Enviado: 3').waitFor();
      await page.getByTestId('campaign-progress').getByText('3 de 3 destinatarios atendidos').waitFor();
      const recipients = page.getByRole('grid', { name: 'Destinatarios' });
      for (const p of people) await recipients.getByRole('row').filter({ hasText: p.email }).getByText('Enviado').waitFor();
      for (const p of people) {
        const mail = await app.smtp.waitForMail((m) => m.to.includes(p.email), 30_000);
        expect(mail.subject).toBe(`Novedades para ${p.name}`);
        expect(mail.html).toContain(`Hola ${p.name}, te esperamos.`);
      }
      expect(app.smtp.mails.some((m) => m.to.some((a) => a.startsWith('otra.')))).toBe(false);
      expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);

      // Listed with its status; the activity page shows the sends.
      await page.getByRole('link', { name: 'Volver a las campañas' }).click();
      await page.getByRole('row').filter({ hasText: 'Boletín de abril' }).getByText('Enviada').waitFor();
      await page.goto(`/module/${org.user._id}/mails/activity`);
      await page.getByRole('heading', { name: 'Actividad', level: 1 }).waitFor();
      await page.getByRole('grid', { name: 'Actividad' }).getByRole('row').filter({ hasText: `${tag}.1@correo.pe` }).first().waitFor();

      // 375 px: the list and the wizard fit, no serious axe violation.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`/module/${org.user._id}/mails/massMailing`);
      await page.getByRole('heading', { name: 'Envíos masivos', level: 1 }).waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await page.goto(`/module/${org.user._id}/mails/massMailing/new`);
      await page.getByRole('heading', { name: 'Nueva campaña', level: 1 }).waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('pauses and resumes a larger campaign from its page', { timeout: 240_000 }, async () => {
    const org = await signUpVerified(app, { displayName: 'Organizadora Pausas' });
    const smtp = await slowSmtp(250);
    try {
      const c = campaignApi(app.api, org.token);
      const senderId = randomUUID();
      const saved = await c.call('/contacts/senders', { clientId: senderId, channel: 'email', name: 'Servidor propio', fromEmail: 'envios@aforo.test', smtpUrl: smtp.url });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const tag = `p${randomUUID().slice(0, 8)}`;
      const recipients = Array.from({ length: 300 }, (_, i) => ({ contactId: `${tag}-${i}`, address: `${tag}.${i}@example.test`, name: `Persona ${i}`, consent: true }));
      const { id } = await c.create({ senderId, recipients, name: 'Gran envío', content: { kind: 'email', subject: 'Hola {{ contact.name }}', html: '<p>Hola {{ contact.name }}.</p>' } });
      await c.send(id);
      await c.waitStatus(id, 'running');

      const { context, page } = await signedIn(app.browser, org);
      try {
        await page.goto(`/module/${org.user._id}/mails/massMailing/${id}`);
        await page.getByRole('heading', { name: 'Gran envío', level: 1 }).waitFor();
        const status = page.getByTestId('campaign-status');
        await status.getByText('Enviando').waitFor();
        // 300 messages at a quarter of a second each through the organizer's server: running long enough to pause.
        await page.getByRole('button', { name: 'Pausar' }).click();
        await status.getByText('Pausada').waitFor();
        await page.getByText('La campaña está pausada').waitFor();
        expect((await c.progress(id)).campaign.status).toBe('paused');
        await page.getByRole('button', { name: 'Reanudar' }).click();
        await status.getByText('Enviando').waitFor();
        await status.getByText('Enviada').waitFor({ timeout: 120_000 });
        await page.getByTestId('campaign-counts').getByText('Enviado: 300').waitFor();
        expect(new Set(smtp.received).size).toBe(300);
        // The recipients grid, paged by the server: a first page of the 300, each one sent.
        const rows = page.getByRole('grid', { name: 'Destinatarios' }).getByRole('row').filter({ hasText: `@example.test` });
        await rows.first().getByText('Enviado').waitFor();
        expect(await rows.count()).toBe(25);

        await page.setViewportSize({ width: 375, height: 800 });
        await page.reload();
        await page.getByRole('heading', { name: 'Gran envío', level: 1 }).waitFor();
        expect(await hasHorizontalScroll(page)).toBe(false);
        expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);
      } finally {
        await context.close();
      }
    } finally {
      await smtp.close();
    }
  });

  it("sends a WhatsApp campaign to an event's attendees from the store page", { timeout: 240_000 }, async () => {
    const org = client(app.url, await signUpVerified(app, { displayName: 'Organizadora Tienda' }));
    const ev = await publishedEvent(org, { capacity: 50, tickets: [{ name: 'Libre', price: 0, quantity: 50 }] });
    const buyer = client(app.url, await signUpVerified(app, { displayName: 'Ana Compradora' }));
    const r = await buyer.post('/reservation', { clientId: randomUUID(), eventId: ev.id, lines: [{ ticketTypeId: ev.ticketIds[0], quantity: 1 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const phone = `+5198${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    await addContact(org.user!, { name: 'Ana', email: buyer.user!.email, phone, consent: { whatsapp: { status: 'granted', source: 'Feria' } } });
    const c = campaignApi(app.api, org.user!.token);
    await c.whatsappSender(NUMBER, TOKEN);

    const { context, page } = await signedIn(app.browser, org.user!);
    try {
      await page.goto(`/module/${org.user!.user._id}/${ev.code}/store/manageAttendees/campaignWhatsApp`);
      await page.getByRole('heading', { name: 'Campaña de WhatsApp', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Nueva campaña' }).click();
      await page.getByRole('heading', { name: 'Nueva campaña', level: 1 }).waitFor();
      await page.getByLabel('Nombre de la campaña').fill('Te esperamos');
      await pick(page, 'Remitente', 'WhatsApp');
      await page.getByLabel('Nombre de la plantilla de WhatsApp').fill('recordatorio_evento');
      await page.getByLabel('Parámetros del cuerpo').fill('{{ contact.name }}');
      await page.getByRole('button', { name: 'Ver audiencia' }).click();
      await page.getByTestId('audience-preview').getByText('1 destinatarios').waitFor();
      await page.getByRole('button', { name: 'Enviar ahora' }).click();
      await page.getByRole('heading', { name: 'Te esperamos', level: 1 }).waitFor();
      await page.getByTestId('campaign-status').getByText('Enviada').waitFor({ timeout: 60_000 });
      const sent = fake.messages.filter((m) => m.to === phone.replace('+', '') || m.to === phone);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.template.name).toBe('recordatorio_evento');
      expect(JSON.stringify(sent[0]!.template.components)).toContain('Ana');
      await page.getByRole('link', { name: 'Volver a las campañas' }).click();
      await page.getByRole('row').filter({ hasText: 'Te esperamos' }).getByText('Enviada').waitFor();
      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await page.getByRole('heading', { name: 'Campaña de WhatsApp', level: 1 }).waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await seriousAxeViolations(page, ['[data-testid="notifications-button"]'])).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
