/**
 * Use cases of the CRM's import (issue 22): upload (file kept, columns and row count recorded), start (mapping
 * checked, the worker enqueued) and the worker's run over the rows. Each row goes through `recordInflow` (matched
 * by e-mail or E.164 phone: a known person only gets what they lack), keyed by import and row, so rows done again
 * after a crash or a retry write nothing new; each chunk's counts are recorded once (the decider accepts a chunk
 * only where the last one ended).
 */
import type { CountryCode } from 'libphonenumber-js';
import type { AppContext } from '../../context.js';
import type { ImportDto, StartImportBody } from '../../contracts/contacts-import.js';
import { checkName, checkPhone, normalizeEmail } from '../../domain/contacts/record.js';
import { importDecider, importStreamId, type ImportEvent, type ImportMapping, type ImportState, type RowError } from '../../domain/contacts/import.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import type { Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { importFileContent } from '../../projections/contacts/import-queries.js';
import { handleCommand } from '../handle.js';
import { recordInflow } from './inflow.js';
import { readImportFile } from './import-file.js';
import { importJob } from '../../workers/contacts/import-job.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId' | 'db'>;
const m = messages.contacts.crmImport;
const PREVIEW_ROWS = 8;
export const IMPORT_CHUNK = 200;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const YES = new Set(['si', 'sí', 'yes', 'y', 's', 'true', '1', 'x', 'acepta', 'aceptado', 'otorgado']);

export async function loadImport(ctx: Pick<AppContext, 'store'>, importId: string): Promise<ImportState> {
  const recorded = (await ctx.store.readStream(importStreamId(importId))) as Recorded<ImportEvent>[];
  return recorded.reduce(importDecider.evolve, importDecider.initialState());
}

export async function uploadImport(ctx: Ctx, input: { importId: string; clientId: string; userId: string; fileName: string; content: Buffer }) {
  const file = await readImportFile(input.content);
  await ctx.db
    .insertInto('contacts_import_files')
    .values({ id: input.importId, client_id: input.clientId, kind: 'file', content: input.content })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const existing = await ctx.db.selectFrom('contacts_import_files').select('client_id').where('id', '=', input.importId).executeTakeFirst();
  // An id another organizer used is not theirs to read (ids are the client's: a collision is a forged request).
  if (existing?.client_id !== input.clientId) throw new NotFoundError('IMPORT_NOT_FOUND', m.importNotFound);
  const r = await handleCommand(ctx, {
    streamId: importStreamId(input.importId),
    decider: importDecider,
    command: { type: 'contacts.UploadImport', data: { importId: input.importId, clientId: input.clientId, fileName: input.fileName.slice(0, 200), columns: file.columns, rowCount: file.rows.length } },
    meta: { commandId: `import-upload:${input.importId}`, userId: input.userId },
  });
  return { position: r.position, preview: file.rows.slice(0, PREVIEW_ROWS), columns: file.columns, rowCount: file.rows.length };
}

export async function startImport(ctx: Ctx & Pick<AppContext, 'jobs'>, input: { importId: string; clientId: string; userId: string } & StartImportBody) {
  const mapping = Object.fromEntries(Object.entries(input.mapping).filter(([, v]) => v !== undefined)) as ImportMapping;
  const r = await handleCommand(ctx, {
    streamId: importStreamId(input.importId),
    decider: importDecider,
    command: { type: 'contacts.StartImport', data: { importId: input.importId, clientId: input.clientId, mapping, defaultCountry: input.defaultCountry } },
    meta: { userId: input.userId },
  });
  await ctx.jobs.enqueue(importJob, { importId: input.importId }, `contacts.import:${input.importId}`);
  return { position: r.position };
}

const cell = (row: string[], col: number | undefined) => (col === undefined ? '' : (row[col] ?? '').trim());
const consentOf = (v: string) => (v && YES.has(v.toLowerCase()) ? { status: 'granted' as const, source: m.importSource } : undefined);

/** One row into the CRM: its outcome, or its error in Spanish. */
async function importRow(ctx: Ctx, s: ImportState, row: string[], index: number): Promise<'created' | 'updated' | RowError> {
  const map = s.mapping!;
  try {
    const name = checkName(cell(row, map.name));
    const rawEmail = cell(row, map.email);
    if (rawEmail && !EMAIL.test(rawEmail)) throw new DomainError('EMAIL_INVALID', m.importEmailInvalid, 400);
    const email = normalizeEmail(rawEmail);
    const phone = checkPhone(cell(row, map.phone), s.defaultCountry as CountryCode);
    if (!email && !phone) throw new DomainError('IMPORT_NO_CONTACT', m.importNoContact, 400);
    const emailConsent = consentOf(cell(row, map.emailConsent));
    const whatsappConsent = consentOf(cell(row, map.whatsappConsent));
    const r = await recordInflow(ctx, {
      clientId: s.clientId!,
      source: 'import',
      key: `${s.importId}:${index}`,
      person: { name, email, phone, consent: { ...(emailConsent ? { email: emailConsent } : {}), ...(whatsappConsent ? { whatsapp: whatsappConsent } : {}) } },
    });
    return r.created ? 'created' : 'updated';
  } catch (err) {
    if (err instanceof DomainError) return { row: index + 2, message: err.messagePublic };
    throw err;
  }
}

/** The worker's run: from where the log says it stopped to the end, a chunk at a time. */
export async function runImport(ctx: Ctx, importId: string): Promise<void> {
  let state = await loadImport(ctx, importId);
  if (state.status !== 'running') return;
  const content = await importFileContent(ctx.db, importId);
  if (!content) throw new Error(`import ${importId}: its file is gone`);
  const { rows } = await readImportFile(content);
  while (state.status === 'running' && state.processed < state.rowCount) {
    const from = state.processed;
    const to = Math.min(from + IMPORT_CHUNK, state.rowCount);
    let created = 0;
    let updated = 0;
    const errors: RowError[] = [];
    for (let i = from; i < to; i++) {
      const outcome = await importRow(ctx, state, rows[i] ?? [], i);
      if (outcome === 'created') created++;
      else if (outcome === 'updated') updated++;
      else errors.push(outcome);
    }
    await handleCommand(ctx, {
      streamId: importStreamId(importId),
      decider: importDecider,
      command: { type: 'contacts.RecordImportRows', data: { importId, from, to, created, updated, errors } },
      meta: { commandId: `import-rows:${importId}:${from}` },
    });
    state = await loadImport(ctx, importId);
  }
}

export type { ImportDto };
