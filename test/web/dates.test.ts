import dayjs from 'dayjs';
import 'dayjs/locale/es';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import { cardPrice, dayBadge, longDate, money } from '../../web/src/modules/events/dates.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('es');

describe('event card dates without dayjs', () => {
  const zones = ['America/Lima', 'America/Mexico_City', 'Europe/Madrid', 'America/Argentina/Buenos_Aires', 'UTC'];
  // Midnight and year boundaries, a DST change in Madrid and Mexico's former one, ordinary days.
  const instants = ['2026-12-12T00:00:00Z', '2026-12-31T23:30:00Z', '2026-03-29T00:59:00Z', '2026-03-29T01:00:00Z', '2022-04-03T08:30:00Z', '2026-07-04T15:45:00Z'];

  it('writes the long date and the day badge as dayjs does, in the event’s time zone', () => {
    for (const tz of zones) {
      for (const iso of instants) {
        const d = dayjs(iso).tz(tz);
        const text = `${d.format('dddd, D [de] MMMM [de] YYYY')} · ${d.format('HH:mm')}`;
        expect(longDate(iso, tz)).toBe(text.charAt(0).toUpperCase() + text.slice(1));
        expect(dayBadge(iso, tz)).toEqual({ day: d.format('D'), month: d.format('MMM').replace('.', '').toUpperCase() });
      }
    }
    expect(longDate(null)).toBe('');
  });

  it('shows money with the currency prefix of the spec', () => {
    expect(money(25, 'PEN')).toBe('S/. 25.00');
    expect(money(10.5, 'USD')).toBe('$ 10.50');
    expect(money(8, undefined)).toBe('S/. 8.00');
  });
});

describe('event card price line', () => {
  const t = (key: string, values?: Record<string, string>) => `${key}${values ? ` ${JSON.stringify(values)}` : ''}`;
  it("says 'Gratis' only when every ticket is free, a range when free and paid tickets mix", () => {
    expect(cardPrice({ minPrice: null, maxPrice: null, currency: 'PEN' }, t)).toBeNull();
    expect(cardPrice({ minPrice: 0, maxPrice: 0, currency: 'PEN' }, t)).toBe('events.common.free');
    expect(cardPrice({ minPrice: 0, maxPrice: 45.5, currency: 'PEN' }, t)).toBe(`events.card.freeTo ${JSON.stringify({ price: money(45.5, 'PEN') })}`);
    expect(cardPrice({ minPrice: 20, maxPrice: 45.5, currency: 'USD' }, t)).toBe(`events.card.from ${JSON.stringify({ price: money(20, 'USD') })}`);
  });
});
