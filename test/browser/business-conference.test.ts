import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createEvent, signUpVerified, type Client } from '../events/helpers.js';
import { settled } from '../businessConference/insights-support.js';
import { seriousViolationsOutsideAppBar } from './events-helpers.js';
import { signedIn } from './sales-helpers.js';
import { hasHorizontalScroll, useBrowserApp } from './support.js';

/**
 * The business conference in chromium, the end-to-end flow (issue 21): an offerer and a demander register
 * on the public pages, the organizer approves, sets reminders and the support contact, the demander goes through
 * the tour and requests a meeting, the offerer accepts, "Programar todo" places it, both see it on their agendas
 * (/mymeetings, /conference) and a help request from the schedule is taken live by a support agent.
 */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 150 });
const app = useBrowserApp();
let base: string;
beforeAll(() => {
  base = app.url;
});

function ok(r: { status: number; body: any }, what: string) {
  if (r.status !== 200 && r.status !== 201) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

async function apiRound(org: Client, eventId: string, name: string) {
  const body = ok(
    await org.post(`/event/${eventId}/businessConferences`, {
      clientId: randomUUID(),
      name,
      startDate: '2030-05-01',
      endDate: '2030-05-01',
      timeZone: 'America/Lima',
      meetingMinutes: 30,
      days: [{ date: '2030-05-01', start: '09:00', end: '12:00', breaks: [] }],
      venue: 'tables',
      tables: 5,
      requestDeadline: null,
      requestMode: 'accept',
      schedulingMode: 'organizer',
      maxRequestsPerParticipant: null,
      productDeadline: '2030-04-26T23:59',
    }),
    'round',
  );
  await settled(app, body.position);
  return body.data as { _id: string; code: string; slots: { slotId: string; start: string }[] };
}

describe('business conference (chromium)', () => {
  it('the issue flow: an offerer and a demander register, request and accept, the organizer schedules everything, both see the agenda, and a help request is taken live by support', async () => {
    const orgUser = await signUpVerified(app, { displayName: 'Olga Organizadora' });
    const org = client(app.url, orgUser);
    const created = await createEvent(org, { eventName: 'Expo Cacao' });
    await settled(app, created.position);
    const ev = created.data;
    const round = await apiRound(org, ev._id, 'Rueda Expo Cacao');
    const agentUser = await signUpVerified(app, { displayName: 'Sara Soporte' });
    ok(await org.post(`/event/${ev._id}/collaborator`, { email: agentUser.email, module: 'businessConference', role: 'support' }), 'support');
    const area = `/module/${orgUser.user._id}/${ev.eventCode}/businessConference`;

    // Both register through the public pages of the round.
    const sellerUser = await signUpVerified(app, { displayName: 'Rita Ramos' });
    const buyerUser = await signUpVerified(app, { displayName: 'Bruno Baca' });
    const seller = await signedIn(app, sellerUser);
    const buyer = await signedIn(app, buyerUser, 375, 800);
    const register = async (page: import('playwright-core').Page, type: 'offer' | 'demand', company: string, ruc: string) => {
      await page.goto(`${base}/${ev.eventCode}/businessConference/${round.code}/${type}`);
      await page.getByLabel(/Razón social/).fill(company);
      await page.getByLabel(/^RUC/).fill(ruc);
      await page.getByLabel(/^Sector/).fill('Agroindustria');
      await page.getByLabel(/Teléfono/).fill('999888777');
      if (type === 'offer') {
        await page.getByTestId('add-product').click();
        await page.getByLabel(/Nombre del producto/).fill('Cacao fino de aroma');
        await page.locator('#products\\.0\\.sector').fill('Agroindustria');
      }
      await page.getByTestId('register-submit').click();
      await page.getByTestId('registration-done').waitFor();
    };
    await register(seller.page, 'offer', 'Cacao Amazonas SAC', '20100070970');
    await register(buyer.page, 'demand', 'Chocolates Lima SAC', '20131312955');

    // The organizer approves them on myOffer and myDemand.
    const desk = await signedIn(app, orgUser);
    for (const [page, company] of [['/myOffer', 'Cacao Amazonas SAC'], ['/myDemand', 'Chocolates Lima SAC']] as const) {
      await desk.page.goto(`${base}${area}${page}`);
      await desk.page.getByRole('button', { name: `Detalle de ${company}` }).click();
      const drawer = desk.page.getByRole('dialog', { name: company });
      await drawer.getByRole('button', { name: 'Aprobar' }).click();
      await poll(() => drawer.textContent()).toContain('Aprobado');
      await desk.page.keyboard.press('Escape');
    }

    // settings/reminders: the organizer adds a 30-minute reminder (WhatsApp waits for the CRM) and the support contact.
    await desk.page.goto(`${base}${area}/settings/reminders`);
    await desk.page.getByRole('heading', { name: 'Recordatorios antes de las reuniones' }).waitFor();
    expect(await desk.page.getByTestId('bc-reminder-60').textContent()).toContain('1 hora antes');
    expect(await desk.page.getByRole('switch', { name: 'WhatsApp' }).isDisabled()).toBe(true);
    await desk.page.getByLabel('Minutos antes').fill('30');
    await desk.page.getByTestId('bc-reminder-add').click();
    await desk.page.getByTestId('bc-reminders-save').click();
    await desk.page.getByText('Recordatorios guardados.').waitFor();
    await desk.page.getByLabel('Teléfono de soporte (WhatsApp)').fill('+51 987 654 321');
    await desk.page.getByLabel('Correo de soporte').fill('soporte@cacao.pe');
    await desk.page.getByTestId('bc-support-save').click();
    await desk.page.getByText('Contacto de soporte guardado.').waitFor();
    expect(await seriousViolationsOutsideAppBar(desk.page)).toEqual([]);
    await desk.page.setViewportSize({ width: 375, height: 800 });
    await poll(() => hasHorizontalScroll(desk.page)).toBe(false);
    await desk.page.setViewportSize({ width: 1280, height: 900 });

    // The demander enters the module area (375 px): the welcome dialog, then 4 cards with dots, back and next.
    await buyer.page.goto(`${base}${area}/demand/productCatalog`);
    const tour = buyer.page.getByTestId('bc-tour');
    await tour.getByText('¡Bienvenido a Rueda Expo Cacao!').waitFor();
    expect(await seriousViolationsOutsideAppBar(buyer.page)).toEqual([]);
    await tour.getByTestId('bc-tour-start').click();
    await tour.getByText('Paso 1 de 4').waitFor();
    expect(await tour.getByTestId('bc-tour-back').isDisabled()).toBe(true);
    for (const n of [2, 3, 4]) {
      await tour.getByTestId('bc-tour-next').click();
      await tour.getByText(`Paso ${n} de 4`).waitFor();
    }
    await tour.getByTestId('bc-tour-back').click();
    await tour.getByText('Paso 3 de 4').waitFor();
    await tour.getByTestId('bc-tour-next').click();
    await tour.getByTestId('bc-tour-finish').click();
    await poll(() => tour.count()).toBe(0);
    const buyerApi = client(app.url, buyerUser);
    await poll(async () => ok(await buyerApi.get('/businessConference/tour'), 'tour').data.tour.demand.module).toBe(false);
    // The help drawer away from schedule pages: the organizer's support contact (WhatsApp link, e-mail).
    await buyer.page.getByTestId('bc-help-open').click();
    const drawer = buyer.page.getByTestId('bc-help-drawer');
    await drawer.getByRole('heading', { name: 'Contacto de soporte' }).waitFor();
    expect(await drawer.getByRole('link', { name: 'Soporte por WhatsApp: +51 987 654 321' }).getAttribute('href')).toBe('https://wa.me/51987654321');
    expect(await drawer.textContent()).toContain('Correo: soporte@cacao.pe');
    expect(await drawer.textContent()).toContain('Ingresa 5 minutos antes de tus citas.');
    expect(await seriousViolationsOutsideAppBar(buyer.page)).toEqual([]);
    await buyer.page.getByRole('button', { name: 'Cerrar la ayuda' }).click();

    // The demander finds the product in the catalogue and requests a meeting.
    await buyer.page.getByRole('button', { name: /Cacao fino de aroma de Cacao Amazonas SAC/ }).click();
    await buyer.page.getByRole('dialog', { name: 'Cacao Amazonas SAC' }).getByRole('button', { name: 'Solicitar reunión' }).click();
    await buyer.page.getByTestId('request-meeting-submit').click();
    await buyer.page.getByText('Solicitud de reunión enviada.').waitFor();

    // The offerer skips their tour (3 cards); the catalogue's tip gives the round's own product deadline.
    await seller.page.goto(`${base}${area}/offer/productCatalog`);
    await seller.page.getByTestId('bc-tour-start').click();
    await seller.page.getByTestId('bc-tour').getByText('Paso 1 de 3').waitFor();
    await seller.page.getByTestId('bc-tour-skip').click();
    const tip = seller.page.getByTestId('bc-catalogue-tip');
    expect(await tip.textContent()).toContain('El plazo para subir tus productos vence el 26 de abril de 2030');
    await tip.getByTestId('bc-catalogue-tip-ok').click();
    await poll(() => tip.count()).toBe(0);

    // The offerer accepts it from their meetings.
    await seller.page.goto(`${base}/mymeetings`);
    await seller.page.getByRole('button', { name: 'Aceptar' }).click();
    await seller.page.getByText('Reunión aceptada.').waitFor();

    // "Programar todo" on agend places it.
    await desk.page.goto(`${base}${area}/agend`);
    await desk.page.getByRole('button', { name: 'Programar todo' }).click();
    await poll(() => desk.page.getByTestId('bc-schedule-summary').textContent()).toContain('Ubicadas: 1 ');
    expect(await seriousViolationsOutsideAppBar(desk.page)).toEqual([]);

    // Both see it on their agendas, with the table.
    const home = ok(await buyerApi.get('/businessConference/conference'), 'home').data;
    const meeting = home.rounds[0].nextMeetings[0];
    expect(meeting.counterpart.company).toBe('Cacao Amazonas SAC');
    await seller.page.reload();
    await poll(() => seller.page.getByTestId(`meeting-place-${meeting.meetingId}`).textContent()).toContain(`Mesa ${meeting.table}`);
    await buyer.page.goto(`${base}/conference`);
    const homeCard = buyer.page.getByTestId('bc-home-round');
    await poll(() => homeCard.getByTestId('bc-home-meeting').textContent()).toContain(`Mesa ${meeting.table}`);
    expect(await homeCard.getByTestId('bc-home-meeting').textContent()).toContain('Con Cacao Amazonas SAC');
    expect(await homeCard.getByTestId('bc-home-status').textContent()).toBe('Inscripción aprobada');
    expect(await seriousViolationsOutsideAppBar(buyer.page)).toEqual([]);
    expect(await hasHorizontalScroll(buyer.page)).toBe(false);

    // The demander asks for help from their schedule; a support agent, in another browser, takes it live.
    const agent = await signedIn(app, agentUser);
    await agent.page.goto(`${base}${area}/helpRequest`);
    await agent.page.getByRole('heading', { name: 'Solicitudes de ayuda' }).waitFor();
    await buyer.page.goto(`${base}${area}/demand/schedules`);
    const help = buyer.page.getByTestId(`help-${meeting.meetingId}`);
    await help.getByTestId('help-ask').click();
    await buyer.page.getByText('En breves momentos se conectará un administrador').waitFor();
    const card = agent.page.getByTestId('help-request').filter({ hasText: 'Chocolates Lima SAC' });
    await card.getByRole('button', { name: 'Atender' }).click();
    await help.getByText('Te atiende Sara Soporte').waitFor();
    expect(await hasHorizontalScroll(buyer.page)).toBe(false);
    // On a schedule page the help drawer offers the administrator's help on each meeting (the same request).
    await buyer.page.getByTestId('bc-help-open').click();
    const ask = buyer.page.getByTestId('bc-help-drawer').getByTestId('bc-help-ask');
    await ask.getByRole('heading', { name: 'Pedir ayuda al administrador' }).waitFor();
    await ask.getByText('Te atiende Sara Soporte').waitFor();
    expect(await seriousViolationsOutsideAppBar(buyer.page)).toEqual([]);

    // Someone registered in no round gets the home's explanation instead.
    await agent.page.goto(`${base}/conference`);
    await agent.page.getByText('Aún no participas en ninguna rueda de negocios').waitFor();
    expect(await seriousViolationsOutsideAppBar(agent.page)).toEqual([]);
    for (const c of [seller, buyer, desk, agent]) await c.context.close();
  }, 90_000);
});
