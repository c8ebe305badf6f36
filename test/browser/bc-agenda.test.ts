import { describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../support/accounts.js';
import { client, signUpVerified } from '../events/helpers.js';
import { newMeeting } from '../businessConference/insights-support.js';
import { expectOk, meetingsRound, newParticipant } from '../businessConference/meetings-support.js';
import { useFixture } from '../support/app.js';
import { seriousViolationsOutsideAppBar } from './events-helpers.js';
import { signedIn } from './sales-helpers.js';
import { eventually, hasHorizontalScroll, useBrowserApp } from './support.js';

const app = useBrowserApp();
const who = (c: { user?: SignedUpUser }) => c.user!;
const w = useFixture(
  async () => {
    // A verified organizer: the shell's "verify your e-mail" banner is not part of these pages.
    const { org, ev, round } = await meetingsRound(app, { tables: 2 }, client(app.url, await signUpVerified(app, { displayName: 'Olga Organizadora' })));
    const o1 = await newParticipant(app, org, ev, round, 'offer', 'Café del Valle', 'Agro');
    const d1 = await newParticipant(app, org, ev, round, 'demand', 'Compras Andinas', 'Retail');
    const d2 = await newParticipant(app, org, ev, round, 'demand', 'Distribuidora Lima', 'Retail');
    const m11 = await newMeeting(app, round._id, d1, o1, 'accept');
    const m12 = await newMeeting(app, round._id, d2, o1, 'accept');
    return { org, ev, round, o1, d1, d2, m11, m12 };
  },
  async () => {},
);

describe('agenda pages in the browser', () => {
  it('agend: Programar todo with its summary, a refused move explained in Spanish, one participant\'s agenda; room: the floor', async () => {
    const area = `/module/${who(w.org).user._id}/${w.ev.eventCode}/businessConference`;
    const org = await signedIn(app, who(w.org));
    try {
      await org.page.goto(`${area}/agend`);
      await org.page.getByRole('heading', { name: 'Agenda' }).waitFor();
      await org.page.getByRole('button', { name: 'Programar todo' }).click();
      await eventually(() => org.page.getByTestId('bc-schedule-summary').textContent()).toContain('Ubicadas: 2 ');
      expect(await seriousViolationsOutsideAppBar(org.page)).toEqual([]);

      // Café del Valle meets both buyers: moving one meeting into the other's slot is refused.
      const agenda = expectOk(await w.org.get(`/businessConference/round/${w.round._id}/agenda`), 'agenda');
      const other = agenda.placements.find((p: { meetingId: string }) => p.meetingId === w.m11);
      const otherIndex = w.round.slots.findIndex((s) => s.slotId === other.slotId);
      await org.page.getByRole('button', { name: 'Mover la reunión Café del Valle – Distribuidora Lima' }).click();
      const dialog = org.page.getByRole('dialog', { name: 'Mover reunión' });
      await dialog.getByRole('combobox', { name: 'Horario' }).click();
      await org.page.getByRole('option').nth(otherIndex).click();
      await dialog.getByRole('button', { name: 'Mover', exact: true }).click();
      await dialog.getByRole('alert').getByText('Uno de los participantes ya tiene otra reunión en ese horario.').waitFor();
      expect(await seriousViolationsOutsideAppBar(org.page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();

      // One participant's printable agenda.
      await org.page.getByRole('combobox', { name: 'Participante' }).fill('Compras');
      await org.page.getByRole('option', { name: /Compras Andinas/ }).click();
      await org.page.getByRole('heading', { name: 'Agenda de Compras Andinas' }).waitFor();
      await org.page.getByRole('button', { name: 'Imprimir agenda del participante' }).waitFor();

      await org.page.goto(`${area}/room`);
      await org.page.getByRole('heading', { name: 'Sala' }).waitFor();
      await org.page.getByText('No hay un horario de reuniones en curso.').waitFor();
      await org.page.getByRole('heading', { name: 'Siguiente horario' }).waitFor();
      expect(await seriousViolationsOutsideAppBar(org.page)).toEqual([]);
    } finally {
      await org.context.close();
    }
  }, 90_000);

  it('works at 375 px', async () => {
    const area = `/module/${who(w.org).user._id}/${w.ev.eventCode}/businessConference`;
    const org = await signedIn(app, who(w.org), 375, 800);
    try {
      for (const [page, heading] of [
        ['agend', 'Agenda'],
        ['room', 'Sala'],
      ] as const) {
        await org.page.goto(`${area}/${page}`);
        await org.page.getByRole('heading', { name: heading, exact: true }).waitFor();
        expect(await hasHorizontalScroll(org.page)).toBe(false);
        expect(await seriousViolationsOutsideAppBar(org.page)).toEqual([]);
      }
    } finally {
      await org.context.close();
    }
  }, 60_000);
});
