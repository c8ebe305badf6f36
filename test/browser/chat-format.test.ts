import { describe, expect, it } from 'vitest';
import { badgeText, notificationDate } from '../../web/src/modules/notifications/format';

describe('notification formatting (spec 9)', () => {
  const now = new Date('2026-03-14T20:00:00');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();

  it('shows dates under 36 hours as relative time in Spanish', () => {
    expect(notificationDate(hoursAgo(0.001), now)).toBe('hace unos segundos');
    expect(notificationDate(hoursAgo(2), now)).toBe('hace 2 horas');
    expect(notificationDate(hoursAgo(35.9), now)).toBe('hace un día');
  });

  it('shows older dates as DD/MM/YY h:mm a', () => {
    expect(notificationDate(hoursAgo(36), now)).toBe('13/03/26 8:00 am');
    expect(notificationDate(new Date('2025-12-24T21:05:00').toISOString(), now)).toBe('24/12/25 9:05 pm');
  });

  it("shows the unread count, '9+' from 10 up", () => {
    expect(badgeText(0)).toBe(0);
    expect(badgeText(9)).toBe(9);
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });
});
