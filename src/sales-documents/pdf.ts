import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { messages } from '../messages/es.js';
import { formatEventDateTime, zoneCity, type TicketDocuments } from './model.js';
import { ticketQrPng } from './qr.js';

const t = messages.ticketDocuments.pdf;
const A4_WIDTH = 595.28; // points: prints at home and reads on a phone

/**
 * fontkit takes an object of features to switch off; pdfkit's types only know the array form (features to add).
 */
// cast: the object form is what fontkit's setFeatureOverrides reads to remove a default feature.
const NO_LIGATURES = { liga: false, clig: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];

/** Where DejaVu Sans is installed (Debian's fonts-dejavu-core, in the Docker image). */
const FONT_DIRS = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/dejavu'];
let fonts: { regular: Buffer; bold: Buffer } | null | undefined;

/**
 * DejaVu Sans when the machine has it: names in Greek, Cyrillic, Polish, Turkish... print as written. Otherwise
 * the built-in Helvetica, whose WinAnsi encoding covers Spanish but garbles other scripts. Read once per process.
 */
function unicodeFonts(): { regular: Buffer; bold: Buffer } | null {
  if (fonts !== undefined) return fonts;
  const dir = FONT_DIRS.find((d) => existsSync(path.join(d, 'DejaVuSans.ttf')) && existsSync(path.join(d, 'DejaVuSans-Bold.ttf')));
  fonts = dir ? { regular: readFileSync(path.join(dir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')) } : null;
  return fonts;
}

/**
 * The order's tickets as one PDF, a page per ticket: event, date and time in the event's zone, venue, ticket
 * type, attendee, the QR and the order id.
 */
export async function ticketsPdf(docs: TicketDocuments): Promise<Buffer> {
  const qrs = await Promise.all(docs.tickets.map((ticket) => ticketQrPng(ticket.code, { scale: 10 })));
  const pdf = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${t.title}: ${docs.event.name}`, Author: 'Aforo', Subject: docs.order.id } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const unicode = unicodeFonts();
  if (unicode) {
    pdf.registerFont('Regular', unicode.regular);
    pdf.registerFont('Bold', unicode.bold);
  }
  const regular = unicode ? 'Regular' : 'Helvetica';
  const bold = unicode ? 'Bold' : 'Helvetica-Bold';
  pdf.font(regular);
  const { event } = docs;
  const width = A4_WIDTH - 112;
  // Text options of every line: no ligatures ("fl", "fi"), so the text copies, searches and extracts as written.
  const o = (extra: PDFKit.Mixins.TextOptions = {}): PDFKit.Mixins.TextOptions => ({ width, features: NO_LIGATURES, ...extra });
  docs.tickets.forEach((ticket, index) => {
    if (index > 0) pdf.addPage();
    pdf.fontSize(10).fillColor('#666666').text(t.page(index + 1, docs.tickets.length), o({ align: 'right' }));
    pdf.moveDown(0.5);
    pdf.fontSize(22).fillColor('#111111').font(bold).text(event.name, o());
    pdf.moveDown(0.8);
    const field = (label: string, value: string) => {
      pdf.font(regular).fontSize(10).fillColor('#666666').text(label.toUpperCase(), o());
      pdf.font(bold).fontSize(13).fillColor('#111111').text(value, o());
      pdf.moveDown(0.6);
    };
    field(t.date, `${formatEventDateTime(event.startDate, event.timeZone)} (${t.timeZone(zoneCity(event.timeZone))})`);
    field(t.venue, event.venue ?? (event.onlineUrl ? `${t.online}: ${event.onlineUrl}` : t.online));
    field(t.ticketType, ticket.ticketTypeName);
    field(t.attendee, ticket.attendeeName);
    const top = pdf.y + 8;
    const size = 220;
    pdf.image(qrs[index], 56 + (width - size) / 2, top, { width: size, height: size });
    pdf.y = top + size + 12;
    pdf.font(regular).fontSize(9).fillColor('#666666').text(`${t.code}: ${ticket.code}`, 56, pdf.y, o({ align: 'center' }));
    pdf.text(`${t.order}: ${docs.order.id}`, o({ align: 'center' }));
    pdf.moveDown(1);
    pdf.fontSize(9).fillColor('#444444').text(t.footer, o({ align: 'center' }));
  });
  pdf.end();
  return done;
}
