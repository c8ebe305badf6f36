import type { Response } from 'express';
import type { AppContext } from '../../context.js';
import { AUDIT_CSV_COLUMN_KEYS, auditFieldLabel, auditValueLabel, type LabelLookup } from '../../contracts/audit-labels.js';
import { DEFAULT_TIME_ZONE, type AuditEntry } from '../../contracts/events.js';
import { buildHistory } from '../../domain/events/audit.js';
import { eventStreamId } from '../../domain/events/event.js';
import { findEvent, usersByIds } from '../../projections/events/queries.js';
import webStrings from '../../../web/src/i18n/es.json';

/** The web's catalogue, so the CSV's titles and labels are the history page's own. */
const label: LabelLookup = (key) => {
  const v = key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), webStrings);
  return typeof v === 'string' ? v : undefined;
};

/** DD/MM/YYYY HH:mm in the event's time zone, as the history page shows it. */
function localTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('es-ES', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** The audit trail straight from the event's stream, newest first, with the acting users' names. */
export async function historyOf(ctx: AppContext, eventId: string): Promise<AuditEntry[]> {
  const stream = await ctx.store.readStream(eventStreamId(eventId));
  const records = buildHistory(stream);
  const memberIds = records.flatMap((r) => r.changes.length && r.subject?.startsWith('Colaborador: ') ? [r.subject.slice(13)] : []);
  const names = await usersByIds(ctx.db, [...records.map((r) => r.userId).filter((x): x is string => !!x), ...memberIds]);
  return records
    .map((r) => ({
      ...r,
      userName: r.userId ? (names.get(r.userId)?.displayName ?? null) : null,
      subject: r.subject?.replace(/^Colaborador: (.+)$/, (_m, id: string) => `Colaborador: ${names.get(id)?.displayName ?? id}`) ?? null,
    }))
    .reverse();
}

function csvCell(value: string): string {
  // Quote everything; neutralize spreadsheet formulas in user-entered text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * CSV (UTF-8 with BOM for spreadsheets): one row per changed field, with before and after, in the history page's
 * words (column titles, field and value labels, dates in the event's time zone); the action and its subject
 * get a column each.
 */
export async function historyCsv(ctx: AppContext, res: Response, eventId: string): Promise<void> {
  const [entries, event] = await Promise.all([historyOf(ctx, eventId), findEvent(ctx.db, eventId)]);
  const tz = event?.time_zone ?? DEFAULT_TIME_ZONE;
  const value = (field: string, v: unknown) =>
    auditValueLabel(field, v, label, {
      empty: '',
      other: (x) => (typeof x === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(x) ? localTime(x, tz) : typeof x === 'object' ? JSON.stringify(x) : String(x)),
    });
  const lines = [AUDIT_CSV_COLUMN_KEYS.map((k) => csvCell(label(k) ?? k)).join(',')];
  for (const e of entries) {
    const base = [localTime(e.at, tz), e.userName ?? e.userId ?? label('events.history.system') ?? '', e.action, e.subject ?? ''];
    if (!e.changes.length) lines.push([...base, '', '', ''].map(csvCell).join(','));
    for (const c of e.changes) {
      lines.push([...base, auditFieldLabel(c.field, label), value(c.field, c.before), value(c.field, c.after)].map(csvCell).join(','));
    }
  }
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="historial-${eventId}.csv"`);
  res.status(200).send(`\uFEFF${lines.join('\r\n')}\r\n`);
}
