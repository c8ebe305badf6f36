import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { newMeeting, newParticipant, placeInFirstSlot, seedRound } from './insights-support.js';

const t = useTestApp({ smtp: true });

describe('the poll link mailed after a meeting', () => {
  it('once a meeting is placed in a slot that is over, both sides get their own signed link, which opens their poll', async () => {
    const { org, ev, round } = await seedRound(t);
    const offer = await newParticipant(t, org, ev, round, 'offer', 'Café Andino SAC', 'Agroindustria');
    const demand = await newParticipant(t, org, ev, round, 'demand', 'Supermercados Lima', 'Retail');
    const meetingId = await newMeeting(t, round._id, demand, offer, 'accept');
    await placeInFirstSlot(t, org, round, meetingId, 3);

    for (const [who, side, other] of [
      [demand, 'demand', 'Café Andino SAC'],
      [offer, 'offer', 'Supermercados Lima'],
    ] as const) {
      const mail = await t.smtp.waitForMail((m) => m.to.includes(who.c.user!.email.toLowerCase()) && m.subject.includes('reunión'), 20_000);
      expect(mail.subject).toBe(`¿Cómo te fue en tu reunión con ${other}?`);
      const link = mail.links.find((l) => l.includes('/poll/'))!;
      expect(link).toContain(`/${ev.eventCode}/businessConference/${round.code}/${side}/poll/`);
      const token = decodeURIComponent(link.split('/poll/')[1]!);
      const opened = await who.c.get(`/businessConference/poll/${ev.eventCode}/${round.code}/${encodeURIComponent(token)}`);
      expect(opened.status).toBe(200);
      expect(opened.body.data.item).toMatchObject({ meetingId, side, table: 3 });
    }
    // One mail per side.
    expect(t.smtp.mailsTo(demand.c.user!.email).filter((m) => m.subject.startsWith('¿Cómo te fue'))).toHaveLength(1);
  });
});
