/**
 * An event's business-conference home settings (settings/reminders), stream
 * `businessConference-reminderSettings-<eventId>`: the reminders sent before every meeting (minutes before, the
 * e-mail channel) and the organizer's support contact the help drawer shows (spec 9: phone with its WhatsApp
 * link, e-mail). Pure: time and the user come in. Also the pure rule of which reminder is due for a meeting.
 */
import { DEFAULT_REMINDER_OFFSETS, MAX_REMINDERS, REMINDER_MINUTES_MAX, REMINDER_MINUTES_MIN } from '../../contracts/businessConference-home.js';
import { messages } from '../../messages/es.js';
import { DomainError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.businessConference.home;

export const reminderSettingsStreamId = (eventId: string) => `businessConference-reminderSettings-${eventId}`;

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type RemindersConfigured = E<'businessConference.RemindersConfigured', { eventId: string; offsets: number[]; email: boolean; by: string | null; at: string }>;
export type SupportContactChanged = E<'businessConference.SupportContactChanged', { eventId: string; phone: string | null; email: string | null; by: string | null; at: string }>;
export type ReminderSettingsEvent = RemindersConfigured | SupportContactChanged;

export type ConfigureReminders = E<'businessConference.ConfigureReminders', { eventId: string; offsets: number[]; email: boolean }>;
export type ChangeSupportContact = E<'businessConference.ChangeSupportContact', { eventId: string; phone: string | null; email: string | null }>;
export type ReminderSettingsCommand = ConfigureReminders | ChangeSupportContact;

export type ReminderSettingsState = { offsets: number[]; email: boolean; supportPhone: string | null; supportEmail: string | null };

/** Until the organizer saves, e-mail reminders go 60 and 10 minutes before each meeting. */
export const initialState = (): ReminderSettingsState => ({ offsets: [...DEFAULT_REMINDER_OFFSETS], email: true, supportPhone: null, supportEmail: null });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function normalizeOffsets(offsets: number[]): number[] {
  for (const o of offsets) {
    if (!Number.isInteger(o) || o < REMINDER_MINUTES_MIN || o > REMINDER_MINUTES_MAX) {
      throw new DomainError('REMINDER_OFFSET_INVALID', m.reminderOffsetInvalid(REMINDER_MINUTES_MIN, REMINDER_MINUTES_MAX), 400, { field: 'offsets' });
    }
  }
  const sorted = [...new Set(offsets)].sort((a, b) => b - a);
  if (sorted.length > MAX_REMINDERS) throw new DomainError('REMINDER_TOO_MANY', m.remindersTooMany(MAX_REMINDERS), 400, { field: 'offsets' });
  return sorted;
}

function normalizeContact(phone: string | null, email: string | null) {
  const p = phone?.trim() || null;
  const e = email?.trim().toLowerCase() || null;
  if (p && !/^\+?[\d\s().-]{6,40}$/.test(p)) throw new DomainError('SUPPORT_PHONE_INVALID', m.supportPhoneInvalid, 400, { field: 'phone' });
  if (e && !EMAIL.test(e)) throw new DomainError('SUPPORT_EMAIL_INVALID', m.supportEmailInvalid, 400, { field: 'email' });
  return { phone: p, email: e };
}

export function decide(command: ReminderSettingsCommand, state: ReminderSettingsState, ctx: DecideContext): ReminderSettingsEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  switch (command.type) {
    case 'businessConference.ConfigureReminders': {
      const offsets = normalizeOffsets(command.data.offsets);
      if (command.data.email === state.email && offsets.join(',') === state.offsets.join(',')) return [];
      return [{ type: 'businessConference.RemindersConfigured', data: { eventId: command.data.eventId, offsets, email: command.data.email, by, at } }];
    }
    case 'businessConference.ChangeSupportContact': {
      const { phone, email } = normalizeContact(command.data.phone, command.data.email);
      if (phone === state.supportPhone && email === state.supportEmail) return [];
      return [{ type: 'businessConference.SupportContactChanged', data: { eventId: command.data.eventId, phone, email, by, at } }];
    }
  }
}

export function evolve(state: ReminderSettingsState, event: ReminderSettingsEvent): ReminderSettingsState {
  switch (event.type) {
    case 'businessConference.RemindersConfigured':
      return { ...state, offsets: event.data.offsets, email: event.data.email };
    case 'businessConference.SupportContactChanged':
      return { ...state, supportPhone: event.data.phone, supportEmail: event.data.email };
  }
}

export const reminderSettingsDecider: Decider<ReminderSettingsCommand, ReminderSettingsEvent, ReminderSettingsState> = { decide, evolve, initialState };

/**
 * The reminder a meeting starting at `start` is due for at `now`: the one of smallest offset whose time has come,
 * while the meeting has not started (a meeting placed 5 minutes ahead gets the 10-minute reminder only, not a
 * late 60-minute one as well). Null when none is due.
 */
export function dueReminder(start: string, offsets: number[], now: Date): number | null {
  const startMs = Date.parse(start);
  if (!(now.getTime() < startMs)) return null;
  const due = offsets.filter((o) => startMs - o * 60_000 <= now.getTime());
  return due.length ? Math.min(...due) : null;
}

/** When the reminder `offset` minutes before `start` falls due. */
export const reminderDueAt = (start: string, offset: number) => new Date(Date.parse(start) - offset * 60_000).toISOString();
