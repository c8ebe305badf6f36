/**
 * A CSV or XLSX import of an organizer's contacts (stream `contacts-import-<id>`, the id is the client's): uploaded
 * (columns and a preview read from the file), started with a column mapping, then its rows recorded in chunks by a
 * BullMQ worker. A chunk is accepted only where the previous one ended, so a retried or restarted worker never
 * counts a row twice; the contacts themselves are written through `recordInflow` with a key per row, so a row done
 * again changes nothing. Pure: the parsed file comes in with the command.
 */
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { Decider } from '../shared/types.js';

const m = messages.contacts.crmImport;
export const importStreamId = (importId: string) => `contacts-import-${importId}`;

export const IMPORT_TARGETS = ['name', 'email', 'phone', 'emailConsent', 'whatsappConsent'] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];
/** Target field -> the file's column index. */
export type ImportMapping = Partial<Record<ImportTarget, number>>;
export interface RowError {
  row: number;
  message: string;
}

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type ImportUploaded = E<'contacts.ImportUploaded', { importId: string; clientId: string; fileName: string; columns: string[]; rowCount: number; by: string | null; at: string }>;
export type ImportStarted = E<'contacts.ImportStarted', { importId: string; clientId: string; mapping: ImportMapping; defaultCountry: string; by: string | null; at: string }>;
export type ImportRowsRecorded = E<
  'contacts.ImportRowsRecorded',
  { importId: string; clientId: string; from: number; to: number; created: number; updated: number; errors: RowError[]; at: string }
>;
export type ImportCompleted = E<'contacts.ImportCompleted', { importId: string; clientId: string; at: string }>;
export type ImportEvent = ImportUploaded | ImportStarted | ImportRowsRecorded | ImportCompleted;

export type UploadImport = E<'contacts.UploadImport', { importId: string; clientId: string; fileName: string; columns: string[]; rowCount: number }>;
export type StartImport = E<'contacts.StartImport', { importId: string; clientId: string; mapping: ImportMapping; defaultCountry: string }>;
export type RecordImportRows = E<'contacts.RecordImportRows', { importId: string; from: number; to: number; created: number; updated: number; errors: RowError[] }>;
export type ImportCommand = UploadImport | StartImport | RecordImportRows;

export interface ImportState {
  importId: string | null;
  clientId: string | null;
  status: 'none' | 'uploaded' | 'running' | 'completed';
  columns: string[];
  rowCount: number;
  mapping: ImportMapping | null;
  defaultCountry: string;
  processed: number;
}
export const initialImportState = (): ImportState => ({ importId: null, clientId: null, status: 'none', columns: [], rowCount: 0, mapping: null, defaultCountry: 'PE', processed: 0 });

const sameMapping = (a: ImportMapping, b: ImportMapping) => IMPORT_TARGETS.every((t) => a[t] === b[t]);

export const importDecider: Decider<ImportCommand, ImportEvent, ImportState> = {
  initialState: initialImportState,
  decide(command, state, ctx) {
    const at = ctx.now.toISOString();
    const by = ctx.userId ?? null;
    switch (command.type) {
      case 'contacts.UploadImport': {
        if (state.status !== 'none') return [];
        const d = command.data;
        if (d.rowCount === 0) throw new DomainError('IMPORT_EMPTY', m.importEmpty, 400, { field: 'file' });
        return [{ type: 'contacts.ImportUploaded', data: { ...d, by, at } }];
      }
      case 'contacts.StartImport': {
        const d = command.data;
        if (state.status === 'none' || state.clientId !== d.clientId) throw new NotFoundError('IMPORT_NOT_FOUND', m.importNotFound);
        if (state.status !== 'uploaded') {
          // The same start again (a retried request) is done; another mapping after the start is refused.
          if (state.mapping && sameMapping(state.mapping, d.mapping)) return [];
          throw new DomainError('IMPORT_STARTED', m.importStarted, 409);
        }
        if (d.mapping.name === undefined) throw new DomainError('IMPORT_NAME_COLUMN', m.importNameColumn, 400, { field: 'mapping.name' });
        if (d.mapping.email === undefined && d.mapping.phone === undefined) throw new DomainError('IMPORT_CONTACT_COLUMN', m.importContactColumn, 400, { field: 'mapping.email' });
        for (const t of IMPORT_TARGETS) {
          const c = d.mapping[t];
          if (c !== undefined && (c < 0 || c >= state.columns.length)) throw new DomainError('IMPORT_BAD_COLUMN', m.importBadColumn, 400, { field: `mapping.${t}` });
        }
        const used = IMPORT_TARGETS.map((t) => d.mapping[t]).filter((c) => c !== undefined);
        if (new Set(used).size !== used.length) throw new DomainError('IMPORT_COLUMN_TWICE', m.importColumnTwice, 400, { field: 'mapping' });
        return [{ type: 'contacts.ImportStarted', data: { ...d, by, at } }];
      }
      case 'contacts.RecordImportRows': {
        const d = command.data;
        // Rows already recorded (a worker that ran the chunk again after a crash): nothing new.
        if (state.status !== 'running' || d.from !== state.processed) return [];
        const events: ImportEvent[] = [{ type: 'contacts.ImportRowsRecorded', data: { ...d, clientId: state.clientId!, at } }];
        if (d.to >= state.rowCount) events.push({ type: 'contacts.ImportCompleted', data: { importId: d.importId, clientId: state.clientId!, at } });
        return events;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'contacts.ImportUploaded':
        return { ...state, importId: event.data.importId, clientId: event.data.clientId, status: 'uploaded', columns: event.data.columns, rowCount: event.data.rowCount };
      case 'contacts.ImportStarted':
        return { ...state, status: 'running', mapping: event.data.mapping, defaultCountry: event.data.defaultCountry };
      case 'contacts.ImportRowsRecorded':
        return { ...state, processed: event.data.to };
      case 'contacts.ImportCompleted':
        return { ...state, status: 'completed' };
    }
  },
};
