/**
 * Routes of the CRM's import (issue 22): upload a CSV or XLSX (multipart, field `file`; the import's id is the
 * client's, so a repeated upload is one import), start it with a column mapping, read its progress, download the
 * rows it refused as CSV. Guard: src/http/contacts/access.ts.
 */
import type { Request, Response, Router } from 'express';
import multer from 'multer';
import type { AppContext } from '../../context.js';
import { startImport, uploadImport } from '../../commands/contacts/import.js';
import { IMPORT_MAX_BYTES } from '../../commands/contacts/import-file.js';
import { importParams, startImportBody } from '../../contracts/contacts-import.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { findImport, importErrors } from '../../projections/contacts/import-queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';
import { sendExport } from '../sales/export.js';
import { authorizeContacts } from './access.js';

const TAG = 'contacts';
const m = messages.contacts.crmImport;
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } }).single('file');

async function readFile(req: Request, res: Response): Promise<Express.Multer.File> {
  await new Promise<void>((resolve, reject) =>
    upload(req, res, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(new HttpError(413, m.importFileTooLarge, 'IMPORT_FILE_TOO_LARGE'));
        return reject(new HttpError(400, m.importFileMissing, err.code));
      }
      reject(new HttpError(400, messages.validation.malformedBody, 'MALFORMED_MULTIPART'));
    }),
  );
  if (!req.file || req.file.size === 0) throw new HttpError(400, m.importFileMissing, 'IMPORT_FILE_MISSING');
  return req.file;
}

export function registerImportRoutes(router: Router, ctx: AppContext) {
  const importOrThrow = async (clientId: string, id: string) => {
    const dto = await findImport(ctx.db, clientId, id);
    if (!dto) throw new NotFoundError('IMPORT_NOT_FOUND', m.importNotFound);
    return dto;
  };

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/:client/imports/:id', summary: 'Sube un CSV o XLSX de contactos (multipart, campo file, hasta 20 MB): columnas y primeras filas', tag: TAG, auth: 'user', params: importParams, successStatus: 201 },
    async ({ params, req, res }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const file = await readFile(req, res);
      const r = await uploadImport(ctx, { importId: params.id, clientId, userId, fileName: file.originalname || 'contactos', content: file.buffer });
      if (r.position) await waitForPosition(ctx.db, ctx.store, r.position, { projections: ['contacts.imports'] });
      const dto = await importOrThrow(clientId, params.id);
      return { data: { ...dto, preview: r.preview }, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/:client/imports/:id/start', summary: 'Empieza la importación con la asignación de columnas; avanza en segundo plano', tag: TAG, auth: 'user', params: importParams, body: startImportBody },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      await importOrThrow(clientId, params.id);
      const r = await startImport(ctx, { importId: params.id, clientId, userId, ...body });
      if (r.position) await waitForPosition(ctx.db, ctx.store, r.position, { projections: ['contacts.imports'] });
      return { data: await importOrThrow(clientId, params.id), position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/:client/imports/:id', summary: 'Estado y avance de una importación', tag: TAG, auth: 'user', params: importParams },
    async ({ params, req }) => {
      const { clientId } = authorizeContacts(req, params.client, 'contact.read');
      return { data: await importOrThrow(clientId, params.id) };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/:client/imports/:id/errors', summary: 'Filas que la importación no pudo tomar, con su motivo (CSV)', tag: TAG, auth: 'user', params: importParams },
    async ({ params, req, res }) => {
      const { clientId } = authorizeContacts(req, params.client, 'contact.read');
      const errors = await importErrors(ctx.db, clientId, params.id);
      if (!errors) throw new NotFoundError('IMPORT_NOT_FOUND', m.importNotFound);
      await sendExport(res, 'csv', `errores-importacion-${params.id.slice(0, 8)}`, 'Errores', [
        { title: 'Fila', value: (e: (typeof errors)[number]) => e.row },
        { title: 'Motivo', value: (e: (typeof errors)[number]) => e.message },
      ], errors);
      return undefined;
    },
  );
}
