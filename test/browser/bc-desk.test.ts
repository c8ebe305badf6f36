import { describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../support/accounts.js';
import { seedDesk } from '../businessConference/desk-support.js';
import { useFixture } from '../support/app.js';
import { signedIn } from './sales-helpers.js';
import { seriousViolationsOutsideAppBar } from './events-helpers.js';
import { eventually, hasHorizontalScroll, useBrowserApp } from './support.js';

const app = useBrowserApp();
const who = (c: { user?: SignedUpUser }) => c.user!;
const w = useFixture(() => seedDesk(app), async () => {});

describe('business conference desk in the browser', () => {
  it('a participant asks for help from a meeting; a support agent in another browser sees it live and takes it', async () => {
    const area = `/module/${who(w.org).user._id}/${w.ev.eventCode}/businessConference`;

    // The agent (support) has the help desk open before the request exists.
    const agent = await signedIn(app, who(w.agents[0]!));
    // The participant, in a phone-sized window of their own.
    const participant = await signedIn(app, who(w.demand.c), 375, 800);
    try {
      await agent.page.goto(`${area}/helpRequest`);
      await agent.page.getByRole('heading', { name: 'Solicitudes de ayuda' }).waitFor();
      await agent.page.getByText('No hay solicitudes aquí').waitFor();
      expect(await seriousViolationsOutsideAppBar(agent.page)).toEqual([]);

      await participant.page.goto(`${area}/demand/schedules`);
      // The welcome tour opens on a participant's first visit (the home area's): skipped here.
      await participant.page.getByTestId('bc-tour-skip').click();
      const ask = participant.page.getByTestId(`help-${w.meetingId}`).getByTestId('help-ask');
      await ask.click();
      await participant.page.getByText('En breves momentos se conectará un administrador').waitFor();
      await participant.page.getByTestId(`help-${w.meetingId}`).getByText('Esperando a un administrador').waitFor();

      // Live on the desk, without a reload.
      const card = agent.page.getByTestId('help-request').filter({ hasText: 'Compras Andinas' });
      await card.waitFor();
      await eventually(() => agent.page.getByTestId('help-open-count').textContent()).toBe('1');
      await card.getByRole('button', { name: 'Atender' }).click();
      await card.getByText('Atiende tú', { exact: false }).waitFor();
      // The take opens the chat panel on the participant's conversation.
      await agent.page.getByRole('heading', { level: 3, name: 'Contacto Compras Andinas' }).waitFor();
      await agent.page.getByRole('button', { name: 'Cerrar chat' }).click();

      // The participant sees who is helping them, live.
      await participant.page.getByTestId(`help-${w.meetingId}`).getByText('Te atiende Sara Soporte').waitFor();
      expect(await hasHorizontalScroll(participant.page)).toBe(false);

      await agent.page.getByRole('button', { name: 'Marcar como resuelta' }).click();
      await agent.page.getByRole('tab', { name: 'Resueltas' }).click();
      await agent.page.getByTestId('help-request').filter({ hasText: 'Compras Andinas' }).getByText('Resuelta', { exact: true }).waitFor();
    } finally {
      await agent.context.close();
      await participant.context.close();
    }
  });

  it('registerAttendance: the organizer checks a participant in per day, searches, and sees the counts; works at 375 px', async () => {
    const area = `/module/${who(w.org).user._id}/${w.ev.eventCode}/businessConference`;
    for (const width of [1280, 375]) {
      const org = await signedIn(app, who(w.org), width, 800);
      try {
        await org.page.goto(`${area}/registerAttendance`);
        await org.page.getByRole('heading', { name: 'Registro presencial' }).waitFor();
        await org.page.getByLabel('Buscar por empresa o nombre').fill('cafe');
        await eventually(() => org.page.getByTestId('attendance-row').count()).toBe(1);
        const box = org.page.getByRole('checkbox', { name: new RegExp(`^Café del Valle asistió el`) }).first();
        if (width === 1280) {
          await box.check();
          await eventually(() => org.page.getByTestId(`attendance-count-${w.days[0]}`).textContent()).toBe('1');
        } else {
          // The check-in made at 1280 px is there after a reload.
          await eventually(() => box.isChecked()).toBe(true);
        }
        expect(await hasHorizontalScroll(org.page)).toBe(false);
        expect(await seriousViolationsOutsideAppBar(org.page)).toEqual([]);
      } finally {
        await org.context.close();
      }
    }
  });
});
