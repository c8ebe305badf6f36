import { sql } from 'kysely';
import { IMPORT_UPDATED_SOCKET_EVENT } from '../../contracts/contacts-import.js';
import type { ImportEvent } from '../../domain/contacts/import.js';
import { userRoom } from '../../realtime/realtime.js';
import { defineProjection } from '../projection.js';
import { importDto } from './import-queries.js';

/** `contacts.imports`: an import's status, counts and per-row errors; each change is pushed to the organizer. */
export const importsProjection = defineProjection<ImportEvent>({
  name: 'contacts.imports',
  eventTypes: ['contacts.ImportUploaded', 'contacts.ImportStarted', 'contacts.ImportRowsRecorded', 'contacts.ImportCompleted'],
  async handle(events, ctx) {
    const { trx } = ctx;
    const changed = new Map<string, string>();
    for (const e of events) {
      const d = e.data;
      const newer = (q: ReturnType<typeof trx.updateTable<'contacts_imports'>>) => q.where('id', '=', d.importId).where('version', '<', e.streamVersion);
      switch (e.type) {
        case 'contacts.ImportUploaded':
          await trx
            .insertInto('contacts_imports')
            .values({
              id: e.data.importId,
              client_id: e.data.clientId,
              file_name: e.data.fileName,
              columns: JSON.stringify(e.data.columns),
              row_count: e.data.rowCount,
              status: 'uploaded',
              mapping: null,
              processed: 0,
              created: 0,
              updated: 0,
              failed: 0,
              errors: '[]',
              version: e.streamVersion,
              created_at: e.data.at,
              updated_at: e.data.at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'contacts.ImportStarted':
          await newer(trx.updateTable('contacts_imports').set({ status: 'running', mapping: JSON.stringify(e.data.mapping), version: e.streamVersion, updated_at: e.data.at })).execute();
          break;
        case 'contacts.ImportRowsRecorded': {
          const x = e.data;
          await newer(
            trx.updateTable('contacts_imports').set((eb) => ({
              processed: x.to,
              created: eb('created', '+', x.created),
              updated: eb('updated', '+', x.updated),
              failed: eb('failed', '+', x.errors.length),
              errors: sql<string>`errors || ${JSON.stringify(x.errors)}::jsonb`,
              version: e.streamVersion,
              updated_at: x.at,
            })),
          ).execute();
          break;
        }
        case 'contacts.ImportCompleted':
          await newer(trx.updateTable('contacts_imports').set({ status: 'completed', version: e.streamVersion, updated_at: e.data.at })).execute();
          break;
      }
      changed.set(d.importId, e.position);
    }
    if (ctx.replaying) return;
    for (const [id, position] of changed) {
      const row = await trx.selectFrom('contacts_imports').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) continue;
      const payload = { import: importDto(row), position };
      ctx.afterCommit(({ realtime }) => realtime.emit([userRoom(row.client_id)], IMPORT_UPDATED_SOCKET_EVENT, payload));
    }
  },
  async reset(trx) {
    await trx.deleteFrom('contacts_imports').execute();
  },
});
