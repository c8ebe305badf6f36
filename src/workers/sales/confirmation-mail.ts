import { z } from 'zod';
import { findConfirmationMail } from '../../projections/sales/confirmation-mail.js';
import { findOrder } from '../../projections/sales/queries.js';
import { loadTicketDocuments } from '../../sales-documents/load.js';
import { composeConfirmationMail } from '../../sales-documents/mail.js';
import { defaultTemplate } from '../../sales-documents/template.js';
import { defineJob } from '../jobs.js';
import { mailTransport } from '../mail/transport.js';

/**
 * Mails an order's tickets to its buyer (the confirmation mail, or a resend). `key` is the order id for the
 * confirmation (one mail per order however often sales.TicketsIssued is replayed or the job retried: BullMQ's
 * job id and the sent log both carry it) and `<orderId>:resend:<clientId>` for each resend. Everything is
 * rendered from the read models when the job runs, so a transfer or a new template made meanwhile is in it.
 * A template that no longer renders falls back to the default one: the buyer always gets the tickets.
 */
export const confirmationMailJob = defineJob({
  name: 'sales.confirmationMail',
  version: 1,
  queue: 'mail',
  schema: z.object({ orderId: z.string(), key: z.string().min(1).max(200) }),
  options: { removeOnComplete: true, removeOnFail: { age: 7 * 24 * 60 * 60 } },
  async handler(payload, { db, config, logger, once }) {
    const order = await findOrder(db, payload.orderId);
    // The read model may trail the event that caused the job: fail, and BullMQ retries with backoff.
    if (!order) throw new Error(`order ${payload.orderId} not in the read model yet`);
    const docs = await loadTicketDocuments(db, order);
    if (!docs) return; // the event is gone
    if (docs.tickets.length === 0) {
      if (order.status === 'paid') throw new Error(`tickets of order ${payload.orderId} not in the read model yet`);
      return; // cancelled or refunded meanwhile: nothing to send
    }
    const to = docs.order.buyer?.email ?? docs.tickets[0].attendeeEmail;
    if (!to) {
      logger.warn({ orderId: payload.orderId }, 'sales: confirmation mail without a recipient');
      return;
    }
    const stored = await findConfirmationMail(db, order.eventId);
    const template = stored.custom && stored.subject && stored.html ? { subject: stored.subject, html: stored.html } : defaultTemplate();
    const now = new Date();
    let mail;
    try {
      mail = await composeConfirmationMail(docs, template, { to, appUrl: config.appUrl, now });
    } catch (err) {
      logger.warn({ err, orderId: payload.orderId }, 'sales: confirmation template failed; default template used');
      mail = await composeConfirmationMail(docs, defaultTemplate(), { to, appUrl: config.appUrl, now });
    }
    await once(`sales.confirmationMail:${payload.key}`, () => mailTransport(config, logger).send(mail, { key: `order-${payload.key}` }));
  },
});
