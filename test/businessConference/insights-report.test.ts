import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { newMeeting, newParticipant, outcome, placeInFirstSlot, pollBody, seedRound, settled } from './insights-support.js';

const t = useTestApp();

/**
 * The report on a seeded event, built through the other areas' endpoints: round 1 with four requests (two accepted,
 * one declined, one pending), one meeting held (both sides say so), one no-show (the offerer says the demander did
 * not come), three poll answers and one help request (open); round 2 with one accepted meeting and
 * one answer.
 */
describe('report', () => {
  it('computes requests, acceptance, held, no-shows, expected business by sector and round, satisfaction and help; XLSX', async () => {
    const s = await seedRound(t, { name: 'Rueda Agro' });
    const { org, ev, round } = s;
    const A = await newParticipant(t, org, ev, round, 'offer', 'Café Andino SAC', 'Agroindustria');
    const B = await newParticipant(t, org, ev, round, 'offer', 'Textiles Inca', 'Textil');
    const X = await newParticipant(t, org, ev, round, 'demand', 'Supermercados Lima', 'Retail');
    const Y = await newParticipant(t, org, ev, round, 'demand', 'Hoteles del Sur', 'Hoteles');
    const m1 = await newMeeting(t, round._id, X, A, 'accept');
    const m2 = await newMeeting(t, round._id, Y, B, 'accept');
    await newMeeting(t, round._id, X, B, 'decline');
    await newMeeting(t, round._id, Y, A, null);
    await placeInFirstSlot(t, org, round, m1, 1);
    await placeInFirstSlot(t, org, round, m2, 2);
    await outcome(t, X.c, m1, 'demand', true);
    await outcome(t, A.c, m1, 'offer', true);
    await outcome(t, B.c, m2, 'offer', false);

    const base = `/businessConference/round/${round._id}`;
    for (const [who, meeting, body] of [
      [X, m1, pollBody({ expectedAmount: 1_500_000, satisfaction: 5 })],
      [A, m1, pollBody({ expectedAmount: 800_000, satisfaction: 4, interest: 'medium' })],
      [Y, m2, pollBody({ expectedAmount: 200_000, satisfaction: 2, interest: 'low' })],
    ] as const) {
      const r = await who.c.put(`${base}/poll/${meeting}`, body);
      expect(r.status).toBe(200);
      await settled(t, r.body.position);
    }

    const help = await X.c.post('/businessConferenceScheduleHelp', { _businessConferenceSchedule: m1, type: 'demand' });
    expect(help.status).toBeLessThan(300);
    await settled(t, help.body.position);
    // Left open (not taken): it counts, and has no wait yet.
    const desk = await org.get(`/businessConference/rounds/${round._id}/helpRequests`);
    expect(desk.body.data).toHaveLength(1);
    const wait = (desk.body.data as { waitSeconds: number | null }[])[0]!.waitSeconds;

    // A second round of the same event: one accepted meeting, one answer.
    const r2 = await seedRound(t, { name: 'Rueda Textil', org, ev });
    const C = await newParticipant(t, org, ev, r2.round, 'offer', 'Alpacas Puno', 'Textil');
    const Z = await newParticipant(t, org, ev, r2.round, 'demand', 'Tiendas Norte', 'Retail');
    const m5 = await newMeeting(t, r2.round._id, Z, C, 'accept');
    const a5 = await Z.c.put(`/businessConference/round/${r2.round._id}/poll/${m5}`, pollBody({ expectedAmount: 300_000, satisfaction: 3 }));
    await settled(t, a5.body.position);

    const one = await org.get(`/businessConference/event/${ev._id}/report?round=${round._id}`);
    expect(one.status).toBe(200);
    const d = one.body.data;
    expect(d).toMatchObject({ eventId: ev._id, currency: 'PEN', roundId: round._id });
    expect(d.rounds.map((r: { name: string }) => r.name).sort()).toEqual(['Rueda Agro', 'Rueda Textil']);
    expect(d.totals).toEqual({
      requests: 4,
      accepted: 2,
      declined: 1,
      expired: 0,
      cancelled: 0,
      pending: 1,
      acceptanceRate: 0.5,
      meetingsHeld: 1,
      noShows: 1,
      pollAnswers: 3,
      satisfactionAverage: 3.67,
      expectedByOffer: 800_000,
      expectedByDemand: 1_700_000,
      helpRequests: 1,
      helpAverageWaitSeconds: wait,
    });
    expect(d.bySector).toEqual([
      { sector: 'Retail', expectedByOffer: 0, expectedByDemand: 1_500_000, answers: 1, satisfactionAverage: 5 },
      { sector: 'Agroindustria', expectedByOffer: 800_000, expectedByDemand: 0, answers: 1, satisfactionAverage: 4 },
      { sector: 'Hoteles', expectedByOffer: 0, expectedByDemand: 200_000, answers: 1, satisfactionAverage: 2 },
    ]);
    expect(d.satisfaction).toEqual([
      { score: 1, count: 0 },
      { score: 2, count: 1 },
      { score: 3, count: 0 },
      { score: 4, count: 1 },
      { score: 5, count: 1 },
    ]);
    expect(d.byRound).toHaveLength(1);

    const all = (await org.get(`/businessConference/event/${ev._id}/report`)).body.data;
    expect(all.roundId).toBeNull();
    expect(all.totals).toMatchObject({ requests: 5, accepted: 3, acceptanceRate: 0.6, pollAnswers: 4, satisfactionAverage: 3.5, expectedByOffer: 800_000, expectedByDemand: 2_000_000, helpRequests: 1 });
    expect(all.byRound.map((r: { name: string; requests: number; expectedByDemand: number }) => [r.name, r.requests, r.expectedByDemand])).toEqual([
      ['Rueda Agro', 4, 1_700_000],
      ['Rueda Textil', 1, 300_000],
    ]);
    expect(all.bySector.find((x: { sector: string }) => x.sector === 'Retail')).toMatchObject({ expectedByDemand: 1_800_000, answers: 2 });

    const unknown = await org.get(`/businessConference/event/${ev._id}/report?round=${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.messagePublic).toBe('La rueda de negocios no existe.');

    // The XLSX: exceljs reads it back with the four sheets and the same figures.
    const res = await fetch(`${t.api}/businessConference/event/${ev._id}/report/export?round=${round._id}`, { headers: { authorization: `Bearer ${org.user!.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Resumen', 'Por rueda', 'Por sector', 'Encuestas']);
    const summary = wb.getWorksheet('Resumen')!;
    const value = (label: string) => {
      let v: unknown;
      summary.eachRow((row) => {
        if (row.getCell(1).value === label) v = row.getCell(2).value;
      });
      return v;
    };
    expect(value('Solicitudes')).toBe(4);
    expect(value('Tasa de aceptación (%)')).toBe(50);
    expect(value('Reuniones realizadas')).toBe(1);
    expect(value('Inasistencias')).toBe(1);
    expect(value('Solicitudes de ayuda')).toBe(1);
    expect(wb.getWorksheet('Por sector')!.rowCount).toBe(4);
    expect(wb.getWorksheet('Por sector')!.getRow(2).values).toEqual([undefined, 'Retail', 0, 15_000, 1, 5]);
    expect(wb.getWorksheet('Encuestas')!.rowCount).toBe(4);
    expect(wb.getWorksheet('Por rueda')!.getRow(2).getCell(1).value).toBe('Rueda Agro');
  });
});
