import { Drop, Liquid, type Template } from 'liquidjs';
import { TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX } from '../contracts/sales-documents.js';
import { DomainError } from '../domain/shared/errors.js';
import { messages } from '../messages/es.js';
import { formatEventDateTime, formatMoney, zoneCity, type TicketDocuments } from './model.js';

const m = messages.ticketDocuments;

/** Limits of an organizer's template (checked at save time and again at every render). */
export const TEMPLATE_LIMITS = {
  subjectMax: TEMPLATE_SUBJECT_MAX,
  bodyMax: TEMPLATE_BODY_MAX,
  /** The rendered mail body. */
  outputMax: 500_000,
  /** Milliseconds of rendering (liquidjs renderLimit). */
  renderMs: 500,
} as const;

class FileAccessRefused extends Error {}

/**
 * One sandboxed liquidjs engine: unknown variables and filters are errors (a typo is caught when the template is
 * saved, not in a buyer's inbox), only own properties are read (no prototype walking), no file access (include,
 * render and layout are refused), and parse size, render time and memory are bounded. `escape` HTML-escapes
 * every output: a buyer's name cannot inject markup into the mail.
 */
function engine(outputEscape: 'escape' | undefined): Liquid {
  const liquid = new Liquid({
    strictFilters: true,
    strictVariables: true,
    ownPropertyOnly: true,
    outputEscape,
    parseLimit: TEMPLATE_LIMITS.bodyMax,
    renderLimit: TEMPLATE_LIMITS.renderMs,
    memoryLimit: 20_000_000,
    cache: false,
    relativeReference: false,
    root: [],
    partials: [],
    layouts: [],
  });
  for (const tag of ['include', 'render', 'layout']) {
    liquid.registerTag(tag, {
      parse() {
        throw new FileAccessRefused(tag);
      },
      *render() {},
    });
  }
  return liquid;
}
const htmlEngine = engine('escape');
const textEngine = engine(undefined);

/** A ticket as the template sees it; printed alone (`{{ tickets }}`) it is "Type: Name. ". */
class TicketDrop extends Drop {
  constructor(
    readonly type: string,
    readonly attendee: string,
    readonly email: string,
    readonly code: string,
    readonly qr: string,
  ) {
    super();
  }
  override valueOf(): string {
    return `${this.type}: ${this.attendee}. `;
  }
}

export interface MergeOptions {
  /** Link to the order's confirmation page. */
  orderUrl: string;
  /** Link to the public event page. */
  eventUrl: string;
  /** Image source of each ticket's QR in the mail (`cid:...`) by ticket id. */
  qrSrc: (ticketId: string) => string;
}

/** The merge fields: {{ buyer.name }}, {{ event.name }}, {{ event.startDate }}, {{ order.id }}, {{ tickets }}... */
export function mergeFields(docs: TicketDocuments, opts: MergeOptions) {
  const { event, order } = docs;
  return {
    buyer: { name: order.buyer?.name ?? docs.tickets[0]?.attendeeName ?? '', email: order.buyer?.email ?? '' },
    event: {
      name: event.name,
      code: event.eventCode,
      startDate: formatEventDateTime(event.startDate, event.timeZone),
      endDate: formatEventDateTime(event.endDate, event.timeZone),
      timeZone: `Hora de ${zoneCity(event.timeZone)}`,
      venue: event.venue ?? event.onlineUrl ?? '',
      url: opts.eventUrl,
    },
    order: { id: order.id, total: formatMoney(order.total, order.currency), url: opts.orderUrl, ticketCount: docs.tickets.length },
    tickets: docs.tickets.map((t) => new TicketDrop(t.ticketTypeName, t.attendeeName, t.attendeeEmail, t.code, opts.qrSrc(t.ticketId))),
  };
}

/** Example data for checking a template at save time and for the editor's preview. */
export function sampleDocuments(): TicketDocuments {
  return {
    event: {
      id: '00000000-0000-4000-8000-000000000001',
      eventCode: 'mi-evento',
      name: 'Mi evento',
      startDate: '2030-05-02T00:00:00.000Z',
      endDate: '2030-05-02T04:00:00.000Z',
      timeZone: 'America/Lima',
      venue: 'Parque Kennedy, Miraflores',
      onlineUrl: null,
      description: null,
    },
    order: { id: '00000000-0000-4000-8000-0000000000aa', eventId: '00000000-0000-4000-8000-000000000001', total: 6100, currency: 'PEN', paidAt: null, buyer: { name: 'Ana Pérez', email: 'ana@example.com' } },
    tickets: [
      { ticketId: 't1', code: 'EJEMPLO1', ticketTypeName: 'General', attendeeName: 'Ana Pérez', attendeeEmail: 'ana@example.com' },
      { ticketId: 't2', code: 'EJEMPLO2', ticketTypeName: 'VIP', attendeeName: 'Luis Quispe', attendeeEmail: 'luis@example.com' },
    ],
  };
}

export interface MailTemplate {
  subject: string;
  html: string;
}

export const defaultTemplate = (): MailTemplate => ({ subject: m.mail.defaultSubject, html: m.mail.defaultBody });

/** A liquidjs error as the catalogue's Spanish refusal (400); anything else is rethrown. */
function refusal(err: unknown, where: 'subject' | 'html'): DomainError {
  const field = where;
  const e = err as Error & { originalError?: unknown; token?: { getPosition?: () => [number, number] } };
  const msg = String(e?.message ?? '');
  const original = e?.originalError;
  let text: string;
  if (original instanceof FileAccessRefused || err instanceof FileAccessRefused) text = m.templateNoFiles;
  else if (e?.name === 'UndefinedVariableError') text = m.templateUnknownField(/undefined variable: ([^,\s]+)/.exec(msg)?.[1] ?? '?');
  else if (/undefined filter: /.test(msg)) text = m.templateUnknownFilter(/undefined filter: ([^,\s]+)/.exec(msg)?.[1] ?? '?');
  else if (/tag "([^"]+)" not found/.test(msg)) text = m.templateUnknownTag(/tag "([^"]+)" not found/.exec(msg)![1]);
  else if (/render limit exceeded|memory alloc limit exceeded/.test(msg)) text = m.templateTooSlow;
  else if (/parse length limit exceeded/.test(msg)) text = where === 'subject' ? m.subjectTooLong(TEMPLATE_LIMITS.subjectMax) : m.bodyTooLong(TEMPLATE_LIMITS.bodyMax);
  else {
    const line = e?.token?.getPosition?.()[0] ?? 1;
    text = m.templateSyntax(where === 'subject' ? m.templateSubject : m.templateBody, line);
  }
  return new DomainError('TEMPLATE_INVALID', text, 400, { field });
}

const LIQUID_ERRORS = new Set(['ParseError', 'TokenizationError', 'RenderError', 'UndefinedVariableError', 'AssertionError', 'LiquidError']);
const isLiquidError = (err: unknown) => err instanceof FileAccessRefused || LIQUID_ERRORS.has((err as Error)?.name);

function parse(source: string, where: 'subject' | 'html'): Template[] {
  try {
    return (where === 'subject' ? textEngine : htmlEngine).parse(source);
  } catch (err) {
    if (isLiquidError(err)) throw refusal(err, where);
    throw err;
  }
}

async function renderOne(source: string, where: 'subject' | 'html', data: object): Promise<string> {
  const tpl = parse(source, where);
  try {
    return String(await (where === 'subject' ? textEngine : htmlEngine).render(tpl, data));
  } catch (err) {
    if (isLiquidError(err)) throw refusal(err, where);
    throw err;
  }
}

/**
 * Renders subject and HTML body with the merge fields. The subject is one line of plain text; the body's
 * output is bounded in size. Throws DomainError TEMPLATE_INVALID (Spanish) for a template liquidjs refuses.
 */
export async function renderTemplate(template: MailTemplate, data: ReturnType<typeof mergeFields> | Record<string, unknown>): Promise<MailTemplate> {
  const [subject, html] = await Promise.all([renderOne(template.subject, 'subject', data), renderOne(template.html, 'html', data)]);
  if (html.length > TEMPLATE_LIMITS.outputMax) throw new DomainError('TEMPLATE_INVALID', m.templateTooLong, 400, { field: 'html' });
  return { subject: subject.replace(/\s+/g, ' ').trim().slice(0, TEMPLATE_LIMITS.subjectMax), html };
}

/** One line of plain text through the same sandboxed engine (WhatsApp template parameters of a campaign). */
export async function renderPlainText(source: string, data: Record<string, unknown>): Promise<string> {
  return renderOne(source, 'subject', data);
}

/**
 * Checks a template before it is saved: the lengths, then a render with example data (so unknown fields and
 * filters, broken tags and runaway loops are refused in Spanish at save time).
 */
export async function checkTemplate(template: MailTemplate): Promise<MailTemplate> {
  const subject = template.subject.trim();
  if (!subject) throw new DomainError('TEMPLATE_INVALID', m.subjectRequired, 400, { field: 'subject' });
  if (subject.length > TEMPLATE_LIMITS.subjectMax) throw new DomainError('TEMPLATE_INVALID', m.subjectTooLong(TEMPLATE_LIMITS.subjectMax), 400, { field: 'subject' });
  if (!template.html.trim()) throw new DomainError('TEMPLATE_INVALID', m.bodyRequired, 400, { field: 'html' });
  if (template.html.length > TEMPLATE_LIMITS.bodyMax) throw new DomainError('TEMPLATE_INVALID', m.bodyTooLong(TEMPLATE_LIMITS.bodyMax), 400, { field: 'html' });
  const docs = sampleDocuments();
  await renderTemplate({ subject, html: template.html }, mergeFields(docs, { orderUrl: 'https://aforo.example/order/1/confirmation', eventUrl: 'https://aforo.example/e/mi-evento', qrSrc: (id) => `cid:qr-${id}` }));
  return { subject, html: template.html };
}

/** A plain-text version of rendered HTML for the mail's text part (tags dropped, entities of the escape undone). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
