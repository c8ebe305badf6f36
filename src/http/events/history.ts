import type { Response } from 'express';
import type { AppContext } from '../../context.js';
import type { AuditEntry } from '../../contracts/events.js';
import { buildHistory, formatAuditValue } from '../../domain/events/audit.js';
import { eventStreamId } from '../../domain/events/event.js';
import { messages } from '../../messages/es.js';
import { usersByIds } from '../../projections/events/queries.js';

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

/** CSV (UTF-8 with BOM for spreadsheets): one row per changed field, with before and after. */
export async function historyCsv(ctx: AppContext, res: Response, eventId: string): Promise<void> {
  const entries = await historyOf(ctx, eventId);
  const lines = [messages.events.csvHeader.map(csvCell).join(',')];
  for (const e of entries) {
    const base = [e.at, e.userName ?? e.userId ?? '', e.action, e.subject ?? ''];
    if (!e.changes.length) lines.push([...base, '', '', ''].map(csvCell).join(','));
    for (const c of e.changes) {
      lines.push([...base, c.field, formatAuditValue(c.before), formatAuditValue(c.after)].map(csvCell).join(','));
    }
  }
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="historial-${eventId}.csv"`);
  res.status(200).send(`\uFEFF${lines.join('\r\n')}\r\n`);
}
