import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/shared/errors.js';
import { calendarUid, orderCalendar } from '../../src/sales-documents/ical.js';
import { formatMoney } from '../../src/sales-documents/model.js';
import { ticketsPdf } from '../../src/sales-documents/pdf.js';
import { ticketQrPng } from '../../src/sales-documents/qr.js';
import { icsLines, pdfPages, pdfText, zbar } from './documents-helpers.js';
import { checkTemplate, defaultTemplate, htmlToText, mergeFields, renderTemplate, sampleDocuments } from '../../src/sales-documents/template.js';

/** The ticket documents as pure functions: QR, PDF, calendar file, the sandboxed template. */

const dir = mkdtempSync(path.join(tmpdir(), 'aforo-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const docs = sampleDocuments();
const fields = () => mergeFields(docs, { orderUrl: 'https://aforo.test/order/x/confirmation', eventUrl: 'https://aforo.test/e/mi-evento', qrSrc: (id) => `cid:qr-${id}` });

describe('QR, PDF and calendar file', () => {
  it('the QR PNG decodes to the ticket code', async () => {
    const png = await ticketQrPng('K7QW2M9XRT4ZB8NC');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const file = path.join(dir, 'qr.png');
    writeFileSync(file, png);
    expect(zbar(file)).toEqual(['K7QW2M9XRT4ZB8NC']);
  });

  it('the PDF has a page per ticket naming event, attendee and type, with a QR that decodes', async () => {
    const pdf = await ticketsPdf(docs);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(dir, 'tickets.pdf');
    writeFileSync(file, pdf);
    const text = pdfText(file);
    for (const s of ['Mi evento', 'Ana Pérez', 'Luis Quispe', 'VIP', 'Hora de Lima', 'Parque Kennedy', docs.order.id]) expect(text).toContain(s);
    // 7 p. m. in Lima is midnight UTC: the date is the event's own.
    expect(text).toMatch(/miércoles, 1 de mayo de 2030, 7:00\s*p\.\s*m\./);
    const pages = pdfPages(file, path.join(dir, 'page'));
    expect(pages).toHaveLength(2);
    expect(zbar(pages[0])).toEqual(['EJEMPLO1']);
    expect(zbar(pages[1])).toEqual(['EJEMPLO2']);
  });

  it('names in other scripts are set in an embedded Unicode font (DejaVu Sans, installed in the image), not Helvetica', async () => {
    const names = { ...docs, tickets: [{ ...docs.tickets[0], attendeeName: 'Łukasz Żółć · Ελένη · Дмитрий Øster' }] };
    const pdf = (await ticketsPdf(names)).toString('latin1');
    // Ghostscript's text extraction cannot map subset glyphs back, so the check is on the fonts the file embeds.
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(pdf).toMatch(/\/FontFile2/);
    expect(pdf).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('the calendar file has one event with a stable UID and the start in UTC', () => {
    const a = icsLines(orderCalendar({ event: docs.event, orderId: docs.order.id, url: 'https://aforo.test/o', stamp: new Date('2030-01-01T00:00:00Z') }));
    const b = icsLines(orderCalendar({ event: docs.event, orderId: docs.order.id, url: 'https://aforo.test/o', stamp: new Date('2030-02-01T00:00:00Z') }));
    const get = (lines: [string, string][], k: string) => lines.filter(([n]) => n === k).map(([, v]) => v);
    expect(get(a, 'BEGIN')).toEqual(['VCALENDAR', 'VEVENT']);
    expect(get(a, 'UID')).toEqual([calendarUid(docs.event.id, docs.order.id)]);
    expect(get(b, 'UID')).toEqual(get(a, 'UID'));
    expect(get(a, 'DTSTART')).toEqual(['20300502T000000Z']);
    expect(get(a, 'DTEND')).toEqual(['20300502T040000Z']);
    expect(get(a, 'SUMMARY')).toEqual(['Mi evento']);
  });

  it('money in minor units with the currency prefix', () => {
    expect(formatMoney(3050, 'PEN')).toBe('S/. 30.50');
    expect(formatMoney(5, 'USD')).toBe('$ 0.05');
    expect(formatMoney(120000, 'EUR')).toBe('€ 1200.00');
  });
});

describe('the confirmation template (liquidjs, sandboxed)', () => {
  const refused = async (subject: string, html: string) => {
    try {
      await checkTemplate({ subject, html });
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      return err as DomainError;
    }
    throw new Error('template accepted');
  };

  it('renders the merge fields; outputs are HTML-escaped in the body, plain in the subject', async () => {
    const hostile = { ...docs, order: { ...docs.order, buyer: { name: '<b>Ana</b> & Co', email: 'ana@example.com' } } };
    const out = await renderTemplate(
      { subject: 'Hola {{ buyer.name }}: {{ event.name }}', html: '<p>{{ buyer.name }} · {{ order.id }} · {{ order.total }} · {{ event.startDate }}</p><p>{{ tickets }}</p>{% for t in tickets %}<img src="{{ t.qr }}">{% endfor %}' },
      mergeFields(hostile, { orderUrl: 'u', eventUrl: 'e', qrSrc: (id) => `cid:qr-${id}` }),
    );
    expect(out.subject).toBe('Hola <b>Ana</b> & Co: Mi evento');
    expect(out.html).toContain('&lt;b&gt;Ana&lt;/b&gt; &amp; Co');
    expect(out.html).toContain(docs.order.id);
    expect(out.html).toContain('S/. 61.00');
    expect(out.html).toContain('General: Ana Pérez. VIP: Luis Quispe.');
    expect(out.html).toContain('<img src="cid:qr-t1"><img src="cid:qr-t2">');
  });

  it('the default template renders and names every ticket with its QR', async () => {
    const out = await renderTemplate(defaultTemplate(), fields());
    expect(out.subject).toBe('Tus entradas para Mi evento');
    expect(out.html).toContain('cid:qr-t1');
    expect(htmlToText(out.html)).toContain('Hola, Ana Pérez:');
  });

  it('refuses in Spanish at save time: syntax, unknown field, unknown filter or tag, files, runaway loops, empty parts', async () => {
    expect((await refused('Hola', '<p>\n{% if %}</p>')).messagePublic).toBe(
      'El contenido tiene un error de sintaxis en la línea 2: revisa que cada {% … %} y {{ … }} esté bien escrito y cerrado.',
    );
    expect((await refused('Hola {{ buyer.nmae }}', '<p>x</p>')).messagePublic).toBe('La plantilla usa el campo «buyer.nmae», que no existe. Revisa los campos disponibles.');
    expect((await refused('Hola', '{{ buyer.name | shout }}')).messagePublic).toBe('La plantilla usa el filtro «shout», que no existe.');
    expect((await refused('Hola', '{% unknown %}')).messagePublic).toBe('La plantilla usa la etiqueta «unknown», que no existe.');
    expect((await refused('Hola', '{% include "/etc/passwd" %}')).messagePublic).toBe('La plantilla no puede incluir otros archivos.');
    expect((await refused('Hola', '{% render "x" %}')).messagePublic).toBe('La plantilla no puede incluir otros archivos.');
    expect((await refused('Hola', '{% for i in (1..100000000) %}{{ i }}{% endfor %}')).messagePublic).toBe('La plantilla tarda demasiado en generarse. Simplifica los bucles.');
    expect((await refused('  ', '<p>x</p>')).details).toEqual({ field: 'subject' });
    expect((await refused('Hola', '   ')).details).toEqual({ field: 'html' });
    expect((await refused('Hola', 'x'.repeat(50_001))).messagePublic).toBe('El contenido puede tener como máximo 50000 caracteres.');
  });

  it('reads only the merge fields: no prototype or constructor walking', async () => {
    expect((await refused('x', '{{ buyer.constructor }}')).code).toBe('TEMPLATE_INVALID');
    expect((await refused('x', '{{ tickets.first.constructor.name }}')).code).toBe('TEMPLATE_INVALID');
  });
});
