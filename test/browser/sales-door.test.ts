import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueGuestOrder } from '../../src/commands/sales/guest-order.js';
import { checkinStreamId } from '../../src/domain/sales/checkin.js';
import { ticketForScan } from '../../src/projections/sales/checkin-queries.js';
import { waitForPosition } from '../../src/projections/wait.js';
import { client } from '../events/helpers.js';
import { publishedEvent } from '../sales/helpers.js';
import { signUp } from '../support/accounts.js';
import { startTestApp, useFixture } from '../support/app.js';
import { signedIn } from './sales-helpers.js';
import { CHROMIUM_ARGS, ensureWebBuilt, hasHorizontalScroll, seriousAxeViolations } from './support.js';

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000, interval: 100 });

/**
 * The camera: chromium's fake capture device plays this file (raw YUV 4:2:0 frames). It is read when a page opens
 * the camera, so the test writes the ticket's QR into it just before.
 */
const FAKE_VIDEO = path.join(tmpdir(), `aforo-door-camera-${process.pid}.y4m`);

/** A Y4M video of `text` as a QR code, black on white, a few identical frames (chromium loops it). */
function writeQrVideo(text: string) {
  const W = 640;
  const H = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const scale = Math.floor(Math.min(W, H) / (n + 8));
  const left = Math.floor((W - n * scale) / 2);
  const top = Math.floor((H - n * scale) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!qr.modules.get(r, c)) continue;
      for (let dy = 0; dy < scale; dy++) y.fill(16, (top + r * scale + dy) * W + left + c * scale, (top + r * scale + dy) * W + left + (c + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  writeFileSync(FAKE_VIDEO, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 5 }, () => frame)]));
}

/** The app and ONE browser for the file, the browser with a fake camera (and its permission granted). */
const app = useFixture(
  async () => {
    ensureWebBuilt();
    writeQrVideo('aforo');
    const [started, launched] = await Promise.allSettled([
      startTestApp(),
      chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${FAKE_VIDEO}`],
      }),
    ]);
    if (started.status === 'rejected' || launched.status === 'rejected') {
      if (started.status === 'fulfilled') await started.value.close();
      if (launched.status === 'fulfilled') await launched.value.close();
      throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
    }
    return Object.assign(started.value, { browser: launched.value });
  },
  async ({ browser, close }) => {
    await browser.close();
    await close();
    rmSync(FAKE_VIDEO, { force: true });
  },
);

let base: string;
beforeAll(() => {
  base = app.url;
});

/**
 * Serious axe-core findings of the door's page: the shell's app bar and its e-mail verification banner are the
 * shell's to check (the banner's long address trips scrollable-region-focusable on a phone).
 */
async function doorViolations(page: Page): Promise<string[]> {
  const violations = await seriousAxeViolations(page, ['header.MuiAppBar-root', '[data-testid="verify-banner"]']);
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** An organizer with a published event and guest-list tickets for the given names. */
async function eventWithTickets(names: string[]) {
  const organizer = await signUp(base, { displayName: 'Valeria Campos' });
  const ev = await publishedEvent(client(base, organizer), { capacity: 100, tickets: [{ name: 'General', quantity: 50 }] });
  const r = await issueGuestOrder(app.ctx, {
    eventId: ev.id,
    ticketTypeId: ev.ticketIds[0],
    by: organizer.user._id,
    clientId: randomUUID(),
    method: 'guest',
    attendees: names.map((name, i) => ({ name, email: `invitado${i}.${randomUUID().slice(0, 6)}@correo.pe` })),
  });
  await waitForPosition(app.ctx.db, app.ctx.store, r.position!, { timeoutMs: 20_000 });
  for (const t of r.tickets) await poll(async () => (await ticketForScan(app.ctx.db, t.code)) !== null).toBe(true);
  return { organizer, ev, tickets: r.tickets };
}

async function scanByCode(page: Page, code: string) {
  await page.getByTestId('door-code').fill(code);
  await page.getByRole('button', { name: 'Validar', exact: true }).click();
}

describe('the door (chromium)', () => {
  it('validates a ticket by manual code, shows the duplicate on the second scan, and finds a ticket by name', async () => {
    const { organizer, ev, tickets } = await eventWithTickets(['Rosa Quispe', 'Mateo Huamán']);
    const { context, page } = await signedIn(app, organizer);
    await page.goto('/tickets/validate');
    // The events where this user may scan.
    await page.getByRole('link', { name: /Feria de Café/ }).first().click();
    await page.waitForURL(`**/tickets/validate/${ev.code}`);
    await page.getByTestId('door-counts').waitFor();

    await scanByCode(page, tickets[0].code);
    const answer = page.getByTestId('door-answer');
    await poll(() => answer.getAttribute('data-result')).toBe('admitted');
    expect(await answer.textContent()).toContain('INGRESO VÁLIDO');
    expect(await answer.textContent()).toContain('Rosa Quispe');
    expect(await answer.textContent()).toContain('General');

    await scanByCode(page, tickets[0].code);
    await poll(() => answer.getAttribute('data-result')).toBe('conflict');
    expect(await answer.textContent()).toMatch(/NO PUEDE INGRESAR.*Rosa Quispe.*Esta entrada ya ingresó por «Puerta principal» a las \d{2}:\d{2}\./);
    expect(await doorViolations(page)).toEqual([]);

    // Search by name, then the exit button of the row.
    await page.getByLabel('Buscar por nombre o correo').fill('mateo');
    await page.getByRole('button', { name: 'Registrar el ingreso de Mateo Huamán' }).click();
    await poll(() => answer.getAttribute('data-result')).toBe('admitted');
    expect(await answer.textContent()).toContain('Mateo Huamán');
    await poll(() => page.getByTestId('door-counts').textContent()).toContain('2 dentro ahora');

    // The ticket's page for the door.
    await page.goto(`/tickets/verify/${tickets[1].code}`);
    await poll(() => page.getByTestId('verify-state').textContent()).toBe('Dentro');
    await page.getByRole('button', { name: 'Registrar salida' }).click();
    await poll(() => page.getByTestId('verify-answer').textContent()).toBe('Salida registrada.');
    await poll(() => page.getByTestId('verify-state').textContent()).toBe('Fuera');

    // /validateTicket/{code}: the public check of a ticket, without the person's name.
    await page.goto(`/validateTicket/${tickets[1].code}`);
    await poll(() => page.getByTestId('ticket-validity').textContent()).toContain('Entrada válida');
    expect(await page.getByTestId('ticket-validity').textContent()).not.toContain(tickets[1].attendeeName);
    await context.close();
  }, 90_000);

  it('offline: scans are queued on the device, synced when back online, and the conflicts are listed', async () => {
    const { organizer, ev, tickets } = await eventWithTickets(['Lucía Mamani', 'Jorge Torres']);
    // Jorge was admitted at another door before this one went offline.
    const other = await client(base, organizer).post('/checkin', { eventId: ev.id, code: tickets[1].code, door: 'Puerta Sur', scanId: randomUUID() });
    expect(other.body.result).toBe('admitted');

    const { context, page } = await signedIn(app, organizer, 412, 915);
    // The door downloads the event's tickets while online, for provisional answers offline.
    const listed = page.waitForResponse((r) => r.url().includes(`/api/v2/checkin/${ev.id}/list`) && r.status() === 200);
    await page.goto(`/tickets/validate/${ev.code}`);
    await page.getByTestId('door-counts').waitFor();
    await listed;
    await context.setOffline(true);
    await page.getByText('Sin conexión: los escaneos se guardan en este dispositivo').waitFor();

    await scanByCode(page, tickets[0].code);
    const answer = page.getByTestId('door-answer');
    await poll(() => answer.getAttribute('data-result')).toBe('queued');
    expect(await answer.getAttribute('data-provisional')).toBe('valid');
    expect(await answer.textContent()).toContain('Lucía Mamani · General');
    expect(await answer.textContent()).toContain('Según la lista descargada: entrada válida.');
    await scanByCode(page, tickets[1].code);
    await poll(() => answer.getAttribute('data-provisional')).toBe('inside');
    expect(await answer.textContent()).toContain('Jorge Torres');
    await poll(() => page.getByTestId('door-pending').textContent()).toBe('2 escaneos pendientes de enviar');
    expect(await hasHorizontalScroll(page)).toBe(false);
    // Kept across a reload of the app's state: the queue is in the device's storage.
    expect(await page.evaluate((id) => JSON.parse(localStorage.getItem(`aforo.door.queue.${id}`) ?? '[]').length, ev.id)).toBe(2);
    expect(await app.ctx.store.readStream(checkinStreamId(tickets[0].ticketId))).toHaveLength(0);

    await context.setOffline(false);
    await poll(() => page.getByTestId('door-synced').textContent()).toBe('1 escaneo sincronizado correctamente.');
    expect(await page.getByTestId('door-pending').count()).toBe(0);
    const conflicts = page.getByTestId('door-conflicts');
    await poll(() => conflicts.textContent()).toContain('Jorge Torres');
    expect(await conflicts.textContent()).toMatch(/Esta entrada ya ingresó por «Puerta Sur» a las \d{2}:\d{2}\./);
    expect(await doorViolations(page)).toEqual([]);
    const stream = await app.ctx.store.readStream(checkinStreamId(tickets[0].ticketId));
    expect(stream.map((e) => e.type)).toEqual(['sales.TicketAdmitted']);
    expect(stream[0].data).toMatchObject({ door: 'Puerta principal' });
    await context.close();
  }, 90_000);

  it('manage/auditorium creates a room; manageAttendees/rooms shows who is in it against its capacity', async () => {
    const { organizer, ev, tickets } = await eventWithTickets(['Ana Flores']);
    const { context, page } = await signedIn(app, organizer);
    await page.goto(`/module/${organizer.user._id}/${ev.code}/store/manage/auditorium`);
    // The module area is the heaviest route (toolbar, drawer, role checks): room for a loaded machine.
    await page.getByText('Aún no hay salas').waitFor({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Agregar sala' }).click();
    await page.getByLabel('Nombre').fill('Auditorio Principal');
    await page.getByLabel('Aforo').fill('10');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Sala creada.').waitFor();
    await poll(() => page.getByRole('heading', { name: 'Auditorio Principal' }).count()).toBe(1);

    const rooms = await client(base, organizer).get(`/event/${ev.id}/rooms`);
    const roomId = rooms.body.data[0]._id;
    const scan = await client(base, organizer).post('/checkin', { eventId: ev.id, code: tickets[0].code, door: 'Acceso auditorio', room: roomId, scanId: randomUUID() });
    expect(scan.body.result).toBe('admitted');

    // The drawer lists Salas under Gestionar Asistentes.
    await page.getByRole('button', { name: 'Gestionar Asistentes' }).click();
    await page.getByTestId('menu-rooms').click();
    await page.waitForURL('**/store/manageAttendees/rooms');
    await poll(() => page.getByTestId('room-inside').first().textContent()).toBe('1 de 10');
    await poll(() => page.getByTestId('room-people').textContent()).toContain('Ana Flores');
    await context.close();
  }, 90_000);

  it('the camera scanner reads a ticket’s QR and admits it', async () => {
    const { organizer, ev, tickets } = await eventWithTickets(['Camila Ramos']);
    // The QR of a ticket holds its code, or a link to /tickets/verify/{code}: the door accepts both.
    writeQrVideo(`${base}/tickets/verify/${tickets[0].code}`);
    const { context, page } = await signedIn(app, organizer, 412, 915);
    await page.goto(`/tickets/validate/${ev.code}`);
    await page.getByTestId('door-counts').waitFor();
    await page.getByRole('button', { name: 'Activar cámara' }).click();
    const answer = page.getByTestId('door-answer');
    // Decoding chromium's fake camera takes longer while other test files load both cores.
    // A camera that failed to start shows its Spanish alert instead: the poll then ends with that text.
    const cameraAlert = page.locator('[role="alert"]').filter({ hasText: /cámara/i });
    await expect
      .poll(async () => (await cameraAlert.count()) ? `alerta: ${await cameraAlert.first().textContent()}` : answer.getAttribute('data-result', { timeout: 1000 }).catch(() => null), { timeout: 60_000, interval: 200 })
      .toBe('admitted');
    expect(await answer.textContent()).toContain('Camila Ramos');
    // The QR stays in front of the camera: it is not scanned again and again.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await answer.getAttribute('data-result')).toBe('admitted');
    await page.getByRole('button', { name: 'Detener cámara' }).click();
    expect(await app.ctx.store.readStream(checkinStreamId(tickets[0].ticketId))).toHaveLength(1);
    await context.close();
  }, 90_000);
});
