import { z } from 'zod';
import { loadReminder, recordReminderSent } from '../../commands/sales/reminders.js';
import { messages } from '../../messages/es.js';
import { findEvent } from '../../projections/events/queries.js';
import { reminderRecipients } from '../../projections/sales/admin.js';
import { defineJob } from '../jobs.js';
import { mailTransport } from '../mail/transport.js';

/** `{{nombre}}` and `{{evento}}` in an organizer's reminder, replaced by plain text (no template engine needed). */
export function fillReminder(text: string, vars: { nombre: string; evento: string }): string {
  return text.replace(/\{\{\s*(nombre|evento)\s*\}\}/g, (_m, k: 'nombre' | 'evento') => vars[k]);
}

/**
 * Sends a reminder to every attendee e-mail of the event when it falls due (BullMQ delay, keyed by reminder id and
 * revision). A job of an edited (older revision) or cancelled reminder sends nothing. Each address gets the mail
 * once per reminder whatever the retries (job_sent_log keyed by reminder and address); the count is recorded on
 * the reminder's stream.
 */
export const sendReminderJob = defineJob({
  name: 'sales.sendReminder',
  version: 1,
  queue: 'reminders',
  schema: z.object({ reminderId: z.string(), revision: z.number().int() }),
  async handler(payload, { db, config, logger, once, commands }) {
    const state = await loadReminder(commands, payload.reminderId);
    if (state.status !== 'scheduled' || state.revision !== payload.revision) return;
    // BullMQ may run a delayed job a little early; the stream's dueAt is the rule.
    if (Date.parse(state.dueAt) > commands.clock().getTime() + 1000) throw new Error('reminder not due yet');
    const event = await findEvent(db, state.eventId);
    if (!event) return;
    // A cancelled event's attendees get no "see you tomorrow": the reminder closes as sent to nobody.
    const recipients = event.cancelled_at ? [] : await reminderRecipients(db, state.eventId);
    const transport = mailTransport(config, logger);
    const date = new Date(event.start_date).toLocaleString('es-PE', { timeZone: event.time_zone, dateStyle: 'full', timeStyle: 'short' });
    const footer = messages.salesAdmin.reminderFooter(event.event_name, date, `${config.appUrl}/mytickets`);
    let count = 0;
    for (const r of recipients) {
      const vars = { nombre: r.name, evento: event.event_name };
      await once(`sales.reminder:${state.reminderId}:${r.email}`, () =>
        transport.send(
          { to: r.email, subject: fillReminder(state.subject, vars), text: `${fillReminder(state.body, vars)}\n\n--\n${footer}` },
          { key: `sales.reminder:${state.reminderId}:${r.email}` },
        ),
      );
      count++;
    }
    await recordReminderSent(commands, state.reminderId, state.revision, count);
    logger.debug({ reminderId: state.reminderId, count }, 'sales: reminder sent');
  },
});
