import type { OutgoingMail } from '../workers/mail/transport.js';
import { messages } from '../messages/es.js';
import { orderCalendar } from './ical.js';
import type { TicketDocuments } from './model.js';
import { ticketsPdf } from './pdf.js';
import { ticketQrPng } from './qr.js';
import { checkTemplate, htmlToText, mergeFields, renderTemplate, sampleDocuments, type MailTemplate } from './template.js';

const t = messages.ticketDocuments.mail;

/** The inline image id of a ticket's QR in the confirmation mail. */
export const qrCid = (ticketId: string) => `qr-${ticketId}@aforo`;

/** Links the documents point to: the order's confirmation page and the public event page. */
export function documentLinks(appUrl: string, docs: TicketDocuments) {
  return { orderUrl: `${appUrl}/order/${docs.order.id}/confirmation`, eventUrl: `${appUrl}/e/${docs.event.eventCode}` };
}

/**
 * The confirmation mail of an order: the organizer's template (or the default) rendered with the order's merge
 * fields, the tickets' PDF and the calendar file attached, and one QR image per ticket inline (cid).
 */
export async function composeConfirmationMail(docs: TicketDocuments, template: MailTemplate, opts: { to: string; appUrl: string; now: Date }): Promise<OutgoingMail> {
  const links = documentLinks(opts.appUrl, docs);
  const rendered = await renderTemplate(template, mergeFields(docs, { ...links, qrSrc: (id) => `cid:${qrCid(id)}` }));
  const [pdf, qrs] = await Promise.all([ticketsPdf(docs), Promise.all(docs.tickets.map((ticket) => ticketQrPng(ticket.code)))]);
  const ics = orderCalendar({ event: docs.event, orderId: docs.order.id, url: links.orderUrl, stamp: opts.now });
  return {
    to: opts.to,
    subject: rendered.subject,
    html: rendered.html,
    text: htmlToText(rendered.html) || t.fallbackText(docs.event.name),
    attachments: [
      { filename: t.pdfName, content: pdf, contentType: 'application/pdf' },
      { filename: t.icsName, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
      ...docs.tickets.map((ticket, i) => ({
        filename: `qr-${i + 1}.png`,
        content: qrs[i],
        contentType: 'image/png',
        cid: qrCid(ticket.ticketId),
        contentDisposition: 'inline' as const,
      })),
    ],
  };
}

/** The template rendered with example data for the editor's preview; the QR images inline as data URLs. */
export async function previewConfirmationMail(template: MailTemplate, appUrl: string): Promise<MailTemplate> {
  const checked = await checkTemplate(template);
  const docs = sampleDocuments();
  const qrs = new Map(await Promise.all(docs.tickets.map(async (ticket) => [ticket.ticketId, (await ticketQrPng(ticket.code, { scale: 4 })).toString('base64')] as const)));
  return renderTemplate(checked, mergeFields(docs, { ...documentLinks(appUrl, docs), qrSrc: (id) => `data:image/png;base64,${qrs.get(id)}` }));
}
