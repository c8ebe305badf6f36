import { describe, expect, it } from 'vitest';
import { reminderDecider, reminderDueAt, type ReminderEvent, type ReminderScheduled } from '../../src/domain/sales/reminder.js';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import { parseGuestCsv } from '../../src/commands/sales/guest-list.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(reminderDecider);
const at = SPEC_NOW.toISOString();
const R = '66666666-6666-4666-8666-666666666666';
const EVENT = '11111111-1111-4111-8111-111111111111';
const inHours = (h: number) => new Date(SPEC_NOW.getTime() + h * 3600_000).toISOString();
const def = { subject: 'Mañana', body: 'Hola {{nombre}}', when: { kind: 'at' as const, at: inHours(24) }, dueAt: inHours(24) };
const scheduled: ReminderScheduled = { type: 'sales.ReminderScheduled', data: { reminderId: R, eventId: EVENT, ...def, revision: 1, by: SPEC_USER_ID, at } };

describe('reminder decider', () => {
  it('schedules a future reminder at revision 1; a past one is refused in Spanish', () => {
    spec.when({ type: 'sales.ScheduleReminder', data: { reminderId: R, eventId: EVENT, ...def } }).then([scheduled]);
    spec
      .when({ type: 'sales.ScheduleReminder', data: { reminderId: R, eventId: EVENT, ...def, dueAt: inHours(-1) } })
      .thenThrows(DomainError, (e) => e.code === 'REMINDER_IN_PAST' && e.messagePublic.includes('ya pasó'));
  });

  it('a change is a new revision (the old job turns stale); an unchanged one records nothing', () => {
    const moved = { ...def, when: { kind: 'before' as const, amount: 2, unit: 'hours' as const }, dueAt: inHours(5) };
    spec.given([scheduled]).when({ type: 'sales.ChangeReminder', data: { eventId: EVENT, ...moved } }).then([
      { type: 'sales.ReminderChanged', data: { reminderId: R, eventId: EVENT, ...moved, revision: 2, by: SPEC_USER_ID, at } },
    ]);
    spec.given([scheduled]).when({ type: 'sales.ChangeReminder', data: { eventId: EVENT, ...def } }).then([]);
  });

  it('another event cannot reach it; a sent reminder is final; cancelling twice is one cancel', () => {
    spec.given([scheduled]).when({ type: 'sales.CancelReminder', data: { eventId: 'other' } }).thenThrows(NotFoundError);
    const cancelled: ReminderEvent = { type: 'sales.ReminderCancelled', data: { reminderId: R, eventId: EVENT, revision: 2, by: SPEC_USER_ID, at } };
    spec.given([scheduled]).when({ type: 'sales.CancelReminder', data: { eventId: EVENT } }).then([cancelled]);
    spec.given([scheduled, cancelled]).when({ type: 'sales.CancelReminder', data: { eventId: EVENT } }).then([]);
    const sent: ReminderEvent = { type: 'sales.ReminderSent', data: { reminderId: R, eventId: EVENT, revision: 1, count: 3, at } };
    spec.given([scheduled, sent]).when({ type: 'sales.CancelReminder', data: { eventId: EVENT } }).thenThrows(DomainError, (e) => e.code === 'REMINDER_ALREADY_SENT');
  });

  it('the send of a stale revision, of a cancelled or an already sent reminder records nothing', () => {
    spec.given([scheduled]).when({ type: 'sales.RecordReminderSent', data: { revision: 1, count: 2 } }).then([
      { type: 'sales.ReminderSent', data: { reminderId: R, eventId: EVENT, revision: 1, count: 2, at } },
    ]);
    spec.given([scheduled]).when({ type: 'sales.RecordReminderSent', data: { revision: 0, count: 2 } }).then([]);
    const sent: ReminderEvent = { type: 'sales.ReminderSent', data: { reminderId: R, eventId: EVENT, revision: 1, count: 2, at } };
    spec.given([scheduled, sent]).when({ type: 'sales.RecordReminderSent', data: { revision: 1, count: 2 } }).then([]);
  });

  it('due N hours or days before the start, or at a fixed instant', () => {
    expect(reminderDueAt({ kind: 'before', amount: 3, unit: 'hours' }, '2030-05-01T19:00:00-05:00')).toBe('2030-05-01T21:00:00.000Z');
    expect(reminderDueAt({ kind: 'before', amount: 2, unit: 'days' }, '2030-05-01T19:00:00-05:00')).toBe('2030-04-30T00:00:00.000Z');
    expect(reminderDueAt({ kind: 'at', at: '2030-04-01T10:00:00-05:00' }, '2030-05-01T19:00:00-05:00')).toBe('2030-04-01T15:00:00.000Z');
  });
});

describe('guest-list CSV', () => {
  const types = [{ id: 't1', name: 'General' }, { id: 't2', name: 'Prensa acreditada' }];
  it('reads comma or semicolon files with any header case and accents, checking each row', () => {
    const rows = parseGuestCsv('\uFEFFNombre,Correo Electrónico,Tipo de Entrada\r\n"Pérez, Ana",ANA@correo.pe,general\r\nLuis,luis@correo.pe,prensa ACREDITADA\r\n', types);
    expect(rows).toEqual([
      { line: 2, name: 'Pérez, Ana', email: 'ana@correo.pe', ticketType: 'general', ticketTypeId: 't1', error: null },
      { line: 3, name: 'Luis', email: 'luis@correo.pe', ticketType: 'prensa ACREDITADA', ticketTypeId: 't2', error: null },
    ]);
    const bad = parseGuestCsv('nombre;correo;tipo de entrada\n;x@correo.pe;General\nAna;ana@;General\nLuz;luz@correo.pe;VIP', types);
    expect(bad.map((r) => r.error)).toEqual(['Falta el nombre.', 'El correo no es válido.', 'El tipo de entrada «VIP» no existe en este evento.']);
  });
  it('refuses a file without the columns or without rows', () => {
    expect(() => parseGuestCsv('a,b\n1,2', types)).toThrow(DomainError);
    expect(() => parseGuestCsv('nombre,correo,tipo de entrada\n\n', types)).toThrow(/CSV_EMPTY/);
    expect(() => parseGuestCsv('nombre,correo,tipo de entrada\n"sin cerrar,a@b.pe,General', types)).toThrow(/CSV_UNREADABLE/);
  });
});
