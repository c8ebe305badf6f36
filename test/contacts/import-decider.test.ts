import { describe, it } from 'vitest';
import { importDecider, type ImportRowsRecorded, type ImportStarted, type ImportUploaded } from '../../src/domain/contacts/import.js';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

// Given/when/then of a CRM import (pure decider): its mapping's rules and chunks recorded exactly once.
const at = SPEC_NOW.toISOString();
const I = '66666666-6666-4666-8666-666666666666';
const CLIENT = '00000000-0000-4000-8000-0000000c11e7';
const code = (c: string) => (e: unknown) => e instanceof DomainError && e.code === c;
const spec = DeciderSpecification.for(importDecider);
const uploaded: ImportUploaded = { type: 'contacts.ImportUploaded', data: { importId: I, clientId: CLIENT, fileName: 'a.csv', columns: ['Nombre', 'Correo', 'Celular'], rowCount: 300, by: SPEC_USER_ID, at } };
const mapping = { name: 0, email: 1 };
const started: ImportStarted = { type: 'contacts.ImportStarted', data: { importId: I, clientId: CLIENT, mapping, defaultCountry: 'PE', by: SPEC_USER_ID, at } };
const chunk = (from: number, to: number): ImportRowsRecorded => ({ type: 'contacts.ImportRowsRecorded', data: { importId: I, clientId: CLIENT, from, to, created: to - from, updated: 0, errors: [], at } });
const start = (m: Record<string, number>, clientId = CLIENT) => ({ type: 'contacts.StartImport' as const, data: { importId: I, clientId, mapping: m, defaultCountry: 'PE' } });
const record = (from: number, to: number) => ({ type: 'contacts.RecordImportRows' as const, data: { importId: I, from, to, created: to - from, updated: 0, errors: [] } });

describe('import upload', () => {
  it('records the columns and rows once; an empty file is refused', () => {
    spec.when({ type: 'contacts.UploadImport', data: { importId: I, clientId: CLIENT, fileName: 'a.csv', columns: ['Nombre', 'Correo', 'Celular'], rowCount: 300 } }).then([uploaded]);
    spec.given([uploaded]).when({ type: 'contacts.UploadImport', data: { importId: I, clientId: CLIENT, fileName: 'a.csv', columns: ['Nombre'], rowCount: 1 } }).then([]);
    spec.when({ type: 'contacts.UploadImport', data: { importId: I, clientId: CLIENT, fileName: 'a.csv', columns: ['Nombre'], rowCount: 0 } }).thenThrows(code('IMPORT_EMPTY'));
  });
});

describe('import start', () => {
  it('starts with a name and an e-mail or phone column, each column once, inside the file', () => {
    spec.given([uploaded]).when(start(mapping)).then([started]);
    spec.given([uploaded]).when(start({ email: 1 })).thenThrows(code('IMPORT_NAME_COLUMN'));
    spec.given([uploaded]).when(start({ name: 0 })).thenThrows(code('IMPORT_CONTACT_COLUMN'));
    spec.given([uploaded]).when(start({ name: 0, email: 0 })).thenThrows(code('IMPORT_COLUMN_TWICE'));
    spec.given([uploaded]).when(start({ name: 0, phone: 3 })).thenThrows(code('IMPORT_BAD_COLUMN'));
  });
  it('a repeated start is nothing; another mapping after it is refused; another organizer finds nothing', () => {
    spec.given([uploaded, started]).when(start(mapping)).then([]);
    spec.given([uploaded, started]).when(start({ name: 0, phone: 2 })).thenThrows(code('IMPORT_STARTED'));
    spec.given([uploaded]).when(start(mapping, 'someone-else')).thenThrows(NotFoundError);
    spec.given([]).when(start(mapping)).thenThrows(NotFoundError);
  });
});

describe('import rows', () => {
  it('takes a chunk only where the last ended, and completes with the last row', () => {
    spec.given([uploaded, started]).when(record(0, 200)).then([chunk(0, 200)]);
    // The same chunk again (a worker restarted after recording it): nothing.
    spec.given([uploaded, started, chunk(0, 200)]).when(record(0, 200)).then([]);
    spec.given([uploaded, started, chunk(0, 200)]).when(record(200, 300)).then([chunk(200, 300), { type: 'contacts.ImportCompleted', data: { importId: I, clientId: CLIENT, at } }]);
    spec.given([uploaded]).when(record(0, 200)).then([]);
  });
});
