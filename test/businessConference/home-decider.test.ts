import { describe, expect, it } from 'vitest';
import { DEFAULT_TOUR, whatsappLink } from '../../src/contracts/businessConference-home.js';
import { dueReminder, reminderSettingsDecider, type ReminderSettingsEvent } from '../../src/domain/businessConference/reminder-settings.js';
import { tourDecider, type TourUpdated } from '../../src/domain/businessConference/tour.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { planReminders } from '../../src/workers/businessConference/reminders-send.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const at = SPEC_NOW.toISOString();
const U = SPEC_USER_ID;
const EVENT = '11111111-1111-4111-8111-111111111111';

describe('tour decider (updateCollaboratorTour)', () => {
  const spec = DeciderSpecification.for(tourDecider);
  const offerDone: TourUpdated = { type: 'businessConference.TourUpdated', data: { userId: U, tour: { offer: { module: false } }, at } };

  it('finishing or skipping the offer tour records the module flag false; every flag starts true', () => {
    spec.given([]).when({ type: 'businessConference.UpdateTour', data: { userId: U, tour: { offer: { module: false } }, roles: ['offer'] } }).then([offerDone]);
    spec.given([]).when({ type: 'businessConference.UpdateTour', data: { userId: U, tour: { offer: { module: false } }, roles: ['offer'] } }).thenState({
      tour: { ...DEFAULT_TOUR, offer: { module: false, productCatalogue: true } },
    });
  });

  it('saying it again records nothing (a retried or repeated PUT is idempotent)', () => {
    spec.given([offerDone]).when({ type: 'businessConference.UpdateTour', data: { userId: U, tour: { offer: { module: false } }, roles: ['offer'] } }).then([]);
  });

  it('only the flags that change are recorded; the demand tour stays to show', () => {
    spec
      .given([offerDone])
      .when({ type: 'businessConference.UpdateTour', data: { userId: U, tour: { offer: { module: false, productCatalogue: false } }, roles: ['offer_demand'] } })
      .then([{ type: 'businessConference.TourUpdated', data: { userId: U, tour: { offer: { productCatalogue: false } }, at } }]);
    spec
      .given([offerDone])
      .when({ type: 'businessConference.UpdateTour', data: { userId: U, tour: { demand: { module: false } }, roles: ['offer_demand'] } })
      .thenState((s) => expect(s.tour).toEqual({ offer: { module: false, productCatalogue: true }, demand: { module: false } }));
  });

  it('a side the user does not take part in is refused (403, Spanish); an empty tour is a 400', () => {
    spec
      .given([])
      .when({ type: 'businessConference.UpdateTour', data: { userId: U, tour: { demand: { module: false } }, roles: ['offer'] } })
      .thenThrows(DomainError, (e) => e.code === 'TOUR_ROLE_NOT_HELD' && e.status === 403 && e.messagePublic.includes('rueda de negocios'));
    spec
      .given([])
      .when({ type: 'businessConference.UpdateTour', data: { userId: U, tour: { offer: { module: false } }, roles: [] } })
      .thenThrows(DomainError, (e) => e.code === 'TOUR_ROLE_NOT_HELD');
    spec.given([]).when({ type: 'businessConference.UpdateTour', data: { userId: U, tour: {}, roles: ['offer'] } }).thenThrows(DomainError, (e) => e.code === 'TOUR_EMPTY' && e.status === 400);
  });
});

describe('reminder settings decider (settings/reminders)', () => {
  const spec = DeciderSpecification.for(reminderSettingsDecider);
  const configured: ReminderSettingsEvent = { type: 'businessConference.RemindersConfigured', data: { eventId: EVENT, offsets: [120, 15], email: true, by: U, at } };

  it('reminders are stored distinct, largest first; the same ones again record nothing', () => {
    spec.given([]).when({ type: 'businessConference.ConfigureReminders', data: { eventId: EVENT, offsets: [15, 120, 15], email: true } }).then([configured]);
    spec.given([configured]).when({ type: 'businessConference.ConfigureReminders', data: { eventId: EVENT, offsets: [120, 15], email: true } }).then([]);
    // The defaults (60 and 10 minutes, e-mail) need no event to be what they are.
    spec.given([]).when({ type: 'businessConference.ConfigureReminders', data: { eventId: EVENT, offsets: [10, 60], email: true } }).then([]);
  });

  it('out-of-range or too many reminders are refused in Spanish, by field', () => {
    spec
      .given([])
      .when({ type: 'businessConference.ConfigureReminders', data: { eventId: EVENT, offsets: [0], email: true } })
      .thenThrows(DomainError, (e) => e.code === 'REMINDER_OFFSET_INVALID' && e.details?.field === 'offsets' && e.messagePublic.includes('minutos'));
    spec
      .given([])
      .when({ type: 'businessConference.ConfigureReminders', data: { eventId: EVENT, offsets: [1, 2, 3, 4, 5, 6], email: true } })
      .thenThrows(DomainError, (e) => e.code === 'REMINDER_TOO_MANY');
  });

  it('the support contact is trimmed and checked; the WhatsApp link keeps the digits', () => {
    spec
      .given([])
      .when({ type: 'businessConference.ChangeSupportContact', data: { eventId: EVENT, phone: ' +51 987 654 321 ', email: 'Soporte@Feria.pe' } })
      .then([{ type: 'businessConference.SupportContactChanged', data: { eventId: EVENT, phone: '+51 987 654 321', email: 'soporte@feria.pe', by: U, at } }]);
    spec
      .given([])
      .when({ type: 'businessConference.ChangeSupportContact', data: { eventId: EVENT, phone: 'llámame', email: null } })
      .thenThrows(DomainError, (e) => e.code === 'SUPPORT_PHONE_INVALID' && e.details?.field === 'phone');
    spec
      .given([])
      .when({ type: 'businessConference.ChangeSupportContact', data: { eventId: EVENT, phone: null, email: 'no-es-correo' } })
      .thenThrows(DomainError, (e) => e.code === 'SUPPORT_EMAIL_INVALID');
    expect(whatsappLink('+51 987 654 321')).toBe('https://wa.me/51987654321');
    expect(whatsappLink('')).toBeNull();
  });
});

describe('which reminder is due', () => {
  const start = '2030-10-20T15:00:00.000Z';
  const minus = (min: number) => new Date(Date.parse(start) - min * 60_000);

  it('the 60-minute one from an hour before, the 10-minute one from ten minutes before, none once it started', () => {
    expect(dueReminder(start, [60, 10], minus(61))).toBeNull();
    expect(dueReminder(start, [60, 10], minus(60))).toBe(60);
    expect(dueReminder(start, [60, 10], minus(30))).toBe(60);
    expect(dueReminder(start, [60, 10], minus(10))).toBe(10);
    expect(dueReminder(start, [60, 10], minus(0))).toBeNull();
  });

  it('plans one delayed job per reminder and meeting, keyed by meeting, reminder and start; started meetings get none', () => {
    const round = { _id: 'r1', slots: [{ slotId: 's1', day: '2030-10-20', start, end: '2030-10-20T15:30:00.000Z', index: 0 }] };
    const planned = planReminders(round, [{ meetingId: 'm1', slotId: 's1' }], [60, 10], 'p1', minus(90));
    expect(planned.map((p) => [p.key, p.delay])).toEqual([
      [`m1:60:${start}`, 30 * 60_000],
      [`m1:10:${start}`, 80 * 60_000],
    ]);
    expect(planReminders(round, [{ meetingId: 'm1', slotId: 's1' }], [60, 10], 'p1', new Date(start))).toEqual([]);
  });
});
