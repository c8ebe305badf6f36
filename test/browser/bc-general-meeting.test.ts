import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../support/accounts.js';
import { meetingsRound, newParticipant } from '../businessConference/meetings-support.js';
import { seriousViolationsOutsideAppBar } from './events-helpers.js';
import { signedIn } from './sales-helpers.js';
import { hasHorizontalScroll, useBrowserApp } from './support.js';

const app = useBrowserApp();
let base: string;
beforeAll(() => {
  base = app.url;
});

describe('the general room /generalmeeting/{round} (chromium)', () => {
  it('a participant opens it from /conference on a phone; /generalmeeting goes to the only room or lists them; the team opens it from the Tablero', async () => {
    const days = [{ date: '2030-05-01', start: '09:00', end: '12:00', breaks: [{ start: '10:30', end: '11:00' }] }];
    const { org, ev, round } = await meetingsRound(app, { name: 'Rueda Agroexporta', venue: 'virtual', days });
    const demand = await newParticipant(app, org, ev, round, 'demand', 'Compras Andinas', 'Retail');
    const videoUrl = `https://meet.jit.si/aforo-rueda-general-${round._id}`;

    const { page, context } = await signedIn(app, demand.c.user as SignedUpUser, 375, 800);
    await page.goto(`${base}/conference`);
    await page.getByRole('link', { name: 'Sala general de Rueda Agroexporta' }).click();
    await page.waitForURL(`${base}/generalmeeting/${round._id}`);
    await page.getByRole('heading', { level: 1, name: 'Sala general' }).waitFor();
    await page.getByText('Rueda Agroexporta ·').waitFor();
    const join = page.getByRole('link', { name: 'Unirse a la sala' });
    expect(await join.getAttribute('href')).toBe(videoUrl);
    expect(await join.getAttribute('target')).toBe('_blank');
    expect(await page.getByTestId('gm-state').textContent()).toBe('Próximamente');
    await page.getByText('Entras como Compras Andinas').waitFor();
    await page.getByRole('heading', { name: 'Horario de hoy' }).waitFor();
    await page.getByText('La rueda de negocios no tiene jornada hoy.').waitFor();
    const program = page.getByRole('region', { name: 'Programa de la rueda' });
    expect(await program.textContent()).toContain('1 de mayo de 2030: de 09:00 a 12:00');
    expect(await program.textContent()).toContain('Pausa de 10:30 a 11:00');
    expect(await seriousViolationsOutsideAppBar(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('link', { name: 'Volver a Mi rueda de negocios' }).click();
    await page.waitForURL(`${base}/conference`);

    // Without a round: straight to the only one; with two, a list to choose from.
    await page.goto(`${base}/generalmeeting`);
    await page.waitForURL(`${base}/generalmeeting/${round._id}`);
    const other = await meetingsRound(app, { name: 'Rueda Textil' }, org, ev);
    await newParticipant(app, org, ev, other.round, 'demand', 'Compras Andinas', 'Retail', demand.c);
    await page.goto(`${base}/generalmeeting`);
    await page.getByRole('link', { name: 'Entrar a la sala general de Rueda Textil' }).click();
    await page.waitForURL(`${base}/generalmeeting/${other.round._id}`);
    expect(await page.getByRole('link', { name: 'Unirse a la sala' }).getAttribute('href')).toBe(`https://meet.jit.si/aforo-rueda-general-${other.round._id}`);
    await page.getByText('Las reuniones de esta rueda son presenciales, en las mesas del evento; la sala general es virtual.').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await context.close();

    // The event's owner, from the round's card on the Tablero.
    const owner = await signedIn(app, org.user as SignedUpUser);
    await owner.page.goto(`${base}/module/${(org.user as SignedUpUser).user._id}/${ev.eventCode}/businessConference`);
    await owner.page.getByTestId(`dashboard-general-meeting-${round.code}`).click();
    await owner.page.waitForURL(`${base}/generalmeeting/${round._id}`);
    await owner.page.getByText('Entras como parte del equipo del evento').waitFor();
    expect(await owner.page.getByRole('link', { name: 'Unirse a la sala' }).getAttribute('href')).toBe(videoUrl);
    await owner.context.close();
  }, 90_000);
});
