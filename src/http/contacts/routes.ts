/**
 * Routes of the contacts module (CRM, issue 22), all under /contacts/{client} where the client is the organizer:
 * custom fields (settings/contactFields, settings/companyFields), contacts and companies (server-side grids with
 * a CSV or XLSX export of the current view, create, change, delete), the audit, and a record as it stood at a moment or
 * the difference between two moments. Guard: src/http/contacts/access.ts.
 */
import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { changeCompany, changeContact, createCompany, createContact, defineFields, deleteCompany, deleteContact, loadFields } from '../../commands/contacts/records.js';
import { recordAsOf, recordDiff } from '../../commands/contacts/history.js';
import {
  asOfQuery,
  clientParams,
  companyWrite,
  contactWrite,
  createCompanyRequest,
  createContactRequest,
  diffQuery,
  entityParams,
  fieldsRequest,
  recordGridQuery,
  recordParams,
  type CustomField,
  type FieldValue,
} from '../../contracts/contacts.js';
import { mergeContactRequest, recordExportQuery } from '../../contracts/contacts-crm-import.js';
import { mergeContacts } from '../../commands/contacts/merge.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { usersByIds } from '../../projections/accounts/queries.js';
import { auditGrid, companiesForExport, companiesGrid, contactsForExport, contactsGrid, findCompany, findContact } from '../../projections/contacts/queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { defineRoute } from '../route.js';
import { sendExport, type ExportColumn } from '../sales/export.js';
import { authorizeContacts } from './access.js';
import { z } from 'zod';

const TAG = 'contacts';
const cell = (v: FieldValue | undefined): string | number | null => (v === undefined ? null : Array.isArray(v) ? v.join('; ') : v);
const fieldExportColumns = <R extends { fields: Record<string, FieldValue> }>(fields: CustomField[]): ExportColumn<R>[] =>
  fields.map((f) => ({ title: f.label, value: (r: R) => cell(r.fields[f.key]) }));
const consentText = (c: { status: string } | null) => (c ? (c.status === 'granted' ? 'Otorgado' : 'Retirado') : '');
const badDates = () => new DomainError('BAD_DATES', messages.contacts.badDates, 400);

export function registerContactsRoutes(router: Router, ctx: AppContext) {
  const settle = async (position: string | null) => {
    if (position) await waitForPosition(ctx.db, ctx.store, position);
  };
  const contactOrThrow = async (clientId: string, id: string) => {
    const c = await findContact(ctx.db, clientId, id);
    if (!c) throw new NotFoundError('CONTACT_NOT_FOUND', messages.contacts.contactNotFound);
    return c;
  };
  const companyOrThrow = async (clientId: string, id: string) => {
    const c = await findCompany(ctx.db, clientId, id);
    if (!c) throw new NotFoundError('COMPANY_NOT_FOUND', messages.contacts.companyNotFound);
    return c;
  };

  // ----- custom fields --------------------------------------------------------------------------------------
  defineRoute(router, ctx, { method: 'get', path: '/contacts/:client/fields/:entity', summary: 'Campos personalizados de los contactos o de las empresas', tag: TAG, auth: 'user', params: entityParams }, async ({ params, req }) => {
    const { clientId } = authorizeContacts(req, params.client, 'contact.read');
    return { data: (await loadFields(ctx, clientId))[params.entity] };
  });
  defineRoute(
    router,
    ctx,
    { method: 'put', path: '/contacts/:client/fields/:entity', summary: 'Define los campos personalizados (texto, número, fecha, opción, varias opciones)', tag: TAG, auth: 'user', params: entityParams, body: fieldsRequest },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const { fields, position } = await defineFields(ctx, { clientId, entity: params.entity, fields: body.fields, userId });
      return { data: fields, position };
    },
  );

  // ----- contacts ---------------------------------------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/:client/contacts', summary: 'Contactos del organizador (paginado, orden, filtro y búsqueda en el servidor)', tag: TAG, auth: 'user', params: clientParams, query: recordGridQuery },
    async ({ params, query, req }) => {
      const { clientId } = authorizeContacts(req, params.client, 'contact.read');
      return contactsGrid(ctx.db, clientId, (await loadFields(ctx, clientId)).contact, query);
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/:client/contacts/export', summary: 'Exporta a CSV o XLSX (format) los contactos de la vista actual (misma búsqueda, filtro y orden)', tag: TAG, auth: 'user', params: clientParams, query: recordExportQuery },
    async ({ params, query, req, res }) => {
      const { clientId } = authorizeContacts(req, params.client, 'contact.read');
      const fields = (await loadFields(ctx, clientId)).contact;
      const rows = await contactsForExport(ctx.db, clientId, fields, query);
      type R = (typeof rows)[number];
      const columns: ExportColumn<R>[] = [
        { title: 'Nombre', value: (r) => r.name },
        { title: 'Correo', value: (r) => r.email },
        { title: 'Teléfono', value: (r) => r.phone },
        { title: 'Empresa', value: (r) => r.companyName },
        { title: 'Consentimiento correo', value: (r) => consentText(r.consent.email) },
        { title: 'Consentimiento WhatsApp', value: (r) => consentText(r.consent.whatsapp) },
        ...fieldExportColumns<R>(fields),
        { title: 'Creado', value: (r) => new Date(r.createdAt) },
      ];
      await sendExport(res, query.format, 'contactos', 'Contactos', columns, rows);
      return undefined;
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/:client/contacts', summary: 'Crea un contacto (el clientId es su id: un reintento responde el mismo contacto)', tag: TAG, auth: 'user', params: clientParams, body: createContactRequest, successStatus: 201 },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const { clientId: contactId, ...write } = body;
      const r = await createContact(ctx, { clientId, userId, contactId, body: write });
      await settle(r.position);
      return { data: await contactOrThrow(clientId, contactId), position: r.position };
    },
  );
  defineRoute(router, ctx, { method: 'get', path: '/contacts/:client/contacts/:id', summary: 'Un contacto', tag: TAG, auth: 'user', params: recordParams }, async ({ params, req }) => {
    const { clientId } = authorizeContacts(req, params.client, 'contact.read');
    return { data: await contactOrThrow(clientId, params.id) };
  });
  defineRoute(
    router,
    ctx,
    { method: 'put', path: '/contacts/:client/contacts/:id', summary: 'Cambia un contacto (todos sus datos; sin cambios no se registra nada)', tag: TAG, auth: 'user', params: recordParams, body: contactWrite },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const r = await changeContact(ctx, { clientId, userId, contactId: params.id, body });
      await settle(r.position);
      return { data: await contactOrThrow(clientId, params.id), position: r.position };
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/:client/contacts/:id/merge', summary: 'Fusiona otro contacto (otherId) en este: este se conserva y toma lo que le falta; el otro queda fusionado', tag: TAG, auth: 'user', params: recordParams, body: mergeContactRequest },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const r = await mergeContacts(ctx, { clientId, userId, keepId: params.id, otherId: body.otherId, expectedVersion: body.expectedVersion });
      await settle(r.position);
      return { data: await contactOrThrow(clientId, params.id), position: r.position };
    },
  );
  defineRoute(router, ctx, { method: 'delete', path: '/contacts/:client/contacts/:id', summary: 'Elimina un contacto (libera su correo)', tag: TAG, auth: 'user', params: recordParams }, async ({ params, req }) => {
    const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
    const r = await deleteContact(ctx, { clientId, userId, contactId: params.id });
    await settle(r.position);
    return { data: { _id: params.id, deleted: true }, position: r.position };
  });

  // ----- companies --------------------------------------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/:client/companies', summary: 'Empresas del organizador (paginado, orden, filtro y búsqueda en el servidor)', tag: TAG, auth: 'user', params: clientParams, query: recordGridQuery },
    async ({ params, query, req }) => {
      const { clientId } = authorizeContacts(req, params.client, 'contact.read');
      return companiesGrid(ctx.db, clientId, (await loadFields(ctx, clientId)).company, query);
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/:client/companies/export', summary: 'Exporta a CSV o XLSX (format) las empresas de la vista actual', tag: TAG, auth: 'user', params: clientParams, query: recordExportQuery },
    async ({ params, query, req, res }) => {
      const { clientId } = authorizeContacts(req, params.client, 'contact.read');
      const fields = (await loadFields(ctx, clientId)).company;
      const rows = await companiesForExport(ctx.db, clientId, fields, query);
      type R = (typeof rows)[number];
      const columns: ExportColumn<R>[] = [
        { title: 'Nombre', value: (r) => r.name },
        { title: 'Sitio web', value: (r) => r.website },
        { title: 'Teléfono', value: (r) => r.phone },
        { title: 'Contactos', value: (r) => r.contacts },
        ...fieldExportColumns<R>(fields),
        { title: 'Creada', value: (r) => new Date(r.createdAt) },
      ];
      await sendExport(res, query.format, 'empresas', 'Empresas', columns, rows);
      return undefined;
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/:client/companies', summary: 'Crea una empresa (el clientId es su id)', tag: TAG, auth: 'user', params: clientParams, body: createCompanyRequest, successStatus: 201 },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const { clientId: companyId, ...write } = body;
      const r = await createCompany(ctx, { clientId, userId, companyId, body: write });
      await settle(r.position);
      return { data: await companyOrThrow(clientId, companyId), position: r.position };
    },
  );
  defineRoute(router, ctx, { method: 'get', path: '/contacts/:client/companies/:id', summary: 'Una empresa', tag: TAG, auth: 'user', params: recordParams }, async ({ params, req }) => {
    const { clientId } = authorizeContacts(req, params.client, 'contact.read');
    return { data: await companyOrThrow(clientId, params.id) };
  });
  defineRoute(
    router,
    ctx,
    { method: 'put', path: '/contacts/:client/companies/:id', summary: 'Cambia una empresa', tag: TAG, auth: 'user', params: recordParams, body: companyWrite },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const r = await changeCompany(ctx, { clientId, userId, companyId: params.id, body });
      await settle(r.position);
      return { data: await companyOrThrow(clientId, params.id), position: r.position };
    },
  );
  defineRoute(router, ctx, { method: 'delete', path: '/contacts/:client/companies/:id', summary: 'Elimina una empresa sin contactos', tag: TAG, auth: 'user', params: recordParams }, async ({ params, req }) => {
    const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
    const r = await deleteCompany(ctx, { clientId, userId, companyId: params.id });
    await settle(r.position);
    return { data: { _id: params.id, deleted: true }, position: r.position };
  });

  // ----- audit and "as of" --------------------------------------------------------------------------------
  defineRoute(
    router,
    ctx,
    {
      method: 'get',
      path: '/contacts/:client/audit',
      summary: 'Auditoría: cada cambio de contactos y empresas con quién, cuándo, antes y después',
      tag: TAG,
      auth: 'user',
      params: clientParams,
      query: recordGridQuery.extend({ entityId: z.string().max(80).optional() }),
    },
    async ({ params, query, req }) => {
      const { clientId } = authorizeContacts(req, params.client, 'contact.read');
      const grid = await auditGrid(ctx.db, clientId, query);
      const names = await usersByIds(ctx.db, [...new Set(grid.rows.flatMap((r) => (r.by ? [r.by] : [])))]);
      return { rows: grid.rows.map((r) => ({ ...r, byName: r.by ? (names.get(r.by)?.displayName ?? null) : null })), rowCount: grid.rowCount };
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/:client/:entity/:id/asOf', summary: 'Un contacto o empresa como estaba en un momento (plegado del registro hasta entonces)', tag: TAG, auth: 'user', params: recordParams.extend({ entity: z.enum(['contact', 'company']) }), query: asOfQuery },
    async ({ params, query, req }) => {
      const { clientId } = authorizeContacts(req, params.client, 'contact.read');
      return { data: await recordAsOf(ctx, clientId, params.entity, params.id, new Date(query.at)) };
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/:client/:entity/:id/diff', summary: 'Diferencias de un contacto o empresa entre dos momentos', tag: TAG, auth: 'user', params: recordParams.extend({ entity: z.enum(['contact', 'company']) }), query: diffQuery },
    async ({ params, query, req }) => {
      const { clientId } = authorizeContacts(req, params.client, 'contact.read');
      const from = new Date(query.from);
      const to = new Date(query.to);
      if (from.getTime() > to.getTime()) throw badDates();
      return { data: await recordDiff(ctx, clientId, params.entity, params.id, from, to) };
    },
  );
}
