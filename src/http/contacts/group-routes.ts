/**
 * Routes of the CRM's groups, tasks, report and personal-data erasure, all under /contacts/{client} (the
 * organizer), behind the contacts guard (src/http/contacts/access.ts). Registered before the contacts core's
 * routes, so `group/{id}/asOf` is this file's and not the core's `{entity}/{id}/asOf`.
 */
import type { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { eraseContact } from '../../commands/contacts/erasure.js';
import { addGroupMembers, changeGroup, changeTask, createGroup, createTask, deleteGroup, deleteTask, groupAsOf, groupDiff, removeGroupMembers, setTaskDone, taskOwnerIds } from '../../commands/contacts/groups.js';
import { loadFields } from '../../commands/contacts/records.js';
import { createGroupRequest, createTaskRequest, groupGridQuery, groupParams, groupWrite, membersRequest, reportQuery, taskDoneRequest, taskListQuery, taskWrite } from '../../contracts/contacts-groups.js';
import { asOfQuery, clientParams, diffQuery } from '../../contracts/contacts.js';
import { DomainError, NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { usersByIds } from '../../projections/accounts/queries.js';
import { findGroup, groupMembersGrid, groupsOf } from '../../projections/contacts/group-queries.js';
import { contactsReport } from '../../projections/contacts/report-queries.js';
import { findTask, tasksGrid } from '../../projections/contacts/task-queries.js';
import { waitForPosition } from '../../projections/wait.js';
import { defineRoute } from '../route.js';
import { authorizeContacts } from './access.js';

const TAG = 'contacts';
const m = messages.contacts.groups;

export function registerGroupRoutes(router: Router, ctx: AppContext) {
  const settle = async (position: string | null) => {
    if (position) await waitForPosition(ctx.db, ctx.store, position);
  };
  const fieldsOf = async (clientId: string) => (await loadFields(ctx, clientId)).contact;
  const groupOrThrow = async (clientId: string, id: string) => {
    const g = await findGroup(ctx.db, clientId, id, await fieldsOf(clientId));
    if (!g) throw new NotFoundError('GROUP_NOT_FOUND', m.groupNotFound);
    return g;
  };
  const withOwnerNames = async <T extends { ownerId: string; ownerName: string | null }>(rows: T[]) => {
    const names = await usersByIds(ctx.db, [...new Set(rows.map((r) => r.ownerId))]);
    return rows.map((r) => ({ ...r, ownerName: names.get(r.ownerId)?.displayName ?? null }));
  };
  const taskOrThrow = async (clientId: string, id: string) => {
    const t = await findTask(ctx.db, clientId, id);
    if (!t) throw new NotFoundError('TASK_NOT_FOUND', m.taskNotFound);
    return (await withOwnerNames([t]))[0];
  };

  // ----- groups ---------------------------------------------------------------------------------------------
  defineRoute(router, ctx, { method: 'get', path: '/contacts/:client/groups', summary: 'Grupos del organizador (listas estáticas y filtros guardados) con sus miembros contados', tag: TAG, auth: 'user', params: clientParams }, async ({ params, req }) => {
    const { clientId } = authorizeContacts(req, params.client, 'contact.read');
    return { data: await groupsOf(ctx.db, clientId, await fieldsOf(clientId)) };
  });
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/:client/groups', summary: 'Crea un grupo estático o por filtro (el clientId es su id)', tag: TAG, auth: 'user', params: clientParams, body: createGroupRequest, successStatus: 201 },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const r = await createGroup(ctx, { clientId, userId, groupId: body.clientId, name: body.name, kind: body.kind, filter: body.filter ?? null });
      await settle(r.position);
      return { data: await groupOrThrow(clientId, body.clientId), position: r.position };
    },
  );
  defineRoute(router, ctx, { method: 'get', path: '/contacts/:client/groups/:id', summary: 'Un grupo', tag: TAG, auth: 'user', params: groupParams }, async ({ params, req }) => {
    const { clientId } = authorizeContacts(req, params.client, 'contact.read');
    return { data: await groupOrThrow(clientId, params.id) };
  });
  defineRoute(router, ctx, { method: 'put', path: '/contacts/:client/groups/:id', summary: 'Cambia el nombre o el filtro de un grupo', tag: TAG, auth: 'user', params: groupParams, body: groupWrite }, async ({ params, body, req }) => {
    const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
    const r = await changeGroup(ctx, { clientId, userId, groupId: params.id, name: body.name, filter: body.filter ?? null, expectedVersion: body.expectedVersion });
    await settle(r.position);
    return { data: await groupOrThrow(clientId, params.id), position: r.position };
  });
  defineRoute(router, ctx, { method: 'delete', path: '/contacts/:client/groups/:id', summary: 'Elimina un grupo (los contactos quedan)', tag: TAG, auth: 'user', params: groupParams }, async ({ params, req }) => {
    const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
    const r = await deleteGroup(ctx, { clientId, userId, groupId: params.id });
    await settle(r.position);
    return { data: { _id: params.id, deleted: true }, position: r.position };
  });
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/contacts/:client/groups/:id/members', summary: 'Miembros de un grupo (paginado, orden, filtro y búsqueda en el servidor)', tag: TAG, auth: 'user', params: groupParams, query: groupGridQuery },
    async ({ params, query, req }) => {
      const { clientId } = authorizeContacts(req, params.client, 'contact.read');
      const grid = await groupMembersGrid(ctx.db, clientId, params.id, await fieldsOf(clientId), query);
      if (!grid) throw new NotFoundError('GROUP_NOT_FOUND', m.groupNotFound);
      return grid;
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/:client/groups/:id/members', summary: 'Agrega contactos a un grupo estático (los ya presentes se ignoran)', tag: TAG, auth: 'user', params: groupParams, body: membersRequest },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const r = await addGroupMembers(ctx, { clientId, userId, groupId: params.id, contactIds: body.contactIds });
      await settle(r.position);
      return { data: { ...(await groupOrThrow(clientId, params.id)), added: r.added }, position: r.position };
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/:client/groups/:id/members/remove', summary: 'Quita contactos de un grupo estático', tag: TAG, auth: 'user', params: groupParams, body: membersRequest },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const r = await removeGroupMembers(ctx, { clientId, userId, groupId: params.id, contactIds: body.contactIds });
      await settle(r.position);
      return { data: await groupOrThrow(clientId, params.id), position: r.position };
    },
  );
  defineRoute(router, ctx, { method: 'get', path: '/contacts/:client/group/:id/asOf', summary: 'Un grupo como estaba en un momento (plegado de su registro hasta entonces)', tag: TAG, auth: 'user', params: groupParams, query: asOfQuery }, async ({ params, query, req }) => {
    const { clientId } = authorizeContacts(req, params.client, 'contact.read');
    return { data: await groupAsOf(ctx, clientId, params.id, new Date(query.at)) };
  });
  defineRoute(router, ctx, { method: 'get', path: '/contacts/:client/group/:id/diff', summary: 'Diferencias de un grupo entre dos momentos (nombre, filtro, miembros)', tag: TAG, auth: 'user', params: groupParams, query: diffQuery }, async ({ params, query, req }) => {
    const { clientId } = authorizeContacts(req, params.client, 'contact.read');
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (from.getTime() > to.getTime()) throw new DomainError('BAD_DATES', messages.contacts.badDates, 400);
    return { data: await groupDiff(ctx, clientId, params.id, from, to) };
  });

  // ----- tasks ----------------------------------------------------------------------------------------------
  defineRoute(router, ctx, { method: 'get', path: '/contacts/:client/tasks', summary: 'Tareas del organizador (de un contacto con contactId; paginado, orden, filtro y búsqueda)', tag: TAG, auth: 'user', params: clientParams, query: taskListQuery }, async ({ params, query, req }) => {
    const { clientId } = authorizeContacts(req, params.client, 'contact.read');
    const grid = await tasksGrid(ctx.db, clientId, query);
    return { rows: await withOwnerNames(grid.rows), rowCount: grid.rowCount };
  });
  defineRoute(router, ctx, { method: 'get', path: '/contacts/:client/tasks/owners', summary: 'Quiénes pueden ser responsables de una tarea: el organizador y su equipo', tag: TAG, auth: 'user', params: clientParams }, async ({ params, req }) => {
    const { clientId } = authorizeContacts(req, params.client, 'contact.read');
    const ids = await taskOwnerIds(ctx, clientId);
    const names = await usersByIds(ctx.db, ids);
    return { data: ids.map((id) => ({ _id: id, name: names.get(id)?.displayName ?? id })) };
  });
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/:client/tasks', summary: 'Crea una tarea de seguimiento (el clientId es su id); recuerda al responsable al vencer', tag: TAG, auth: 'user', params: clientParams, body: createTaskRequest, successStatus: 201 },
    async ({ params, body, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const { clientId: taskId, ...write } = body;
      const r = await createTask(ctx, { clientId, userId, taskId, body: write });
      await settle(r.position);
      return { data: await taskOrThrow(clientId, taskId), position: r.position };
    },
  );
  defineRoute(router, ctx, { method: 'put', path: '/contacts/:client/tasks/:id', summary: 'Cambia una tarea (un vencimiento nuevo reprograma el recordatorio)', tag: TAG, auth: 'user', params: groupParams, body: taskWrite }, async ({ params, body, req }) => {
    const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
    const r = await changeTask(ctx, { clientId, userId, taskId: params.id, body });
    await settle(r.position);
    return { data: await taskOrThrow(clientId, params.id), position: r.position };
  });
  defineRoute(router, ctx, { method: 'put', path: '/contacts/:client/tasks/:id/done', summary: 'Marca una tarea como hecha o pendiente', tag: TAG, auth: 'user', params: groupParams, body: taskDoneRequest }, async ({ params, body, req }) => {
    const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
    const r = await setTaskDone(ctx, { clientId, userId, taskId: params.id, done: body.done });
    await settle(r.position);
    return { data: await taskOrThrow(clientId, params.id), position: r.position };
  });
  defineRoute(router, ctx, { method: 'delete', path: '/contacts/:client/tasks/:id', summary: 'Elimina una tarea (cancela su recordatorio)', tag: TAG, auth: 'user', params: groupParams }, async ({ params, req }) => {
    const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
    const r = await deleteTask(ctx, { clientId, userId, taskId: params.id });
    await settle(r.position);
    return { data: { _id: params.id, deleted: true }, position: r.position };
  });

  // ----- report and erasure ------------------------------------------------------------------------------------
  defineRoute(router, ctx, { method: 'get', path: '/contacts/:client/report', summary: 'Reporte: contactos por origen, crecimiento, consentimiento por canal y resultados por campaña', tag: TAG, auth: 'user', params: clientParams, query: reportQuery }, async ({ params, query, req }) => {
    const { clientId } = authorizeContacts(req, params.client, 'contact.read');
    return { data: await contactsReport(ctx.db, clientId, query.period) };
  });
  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/contacts/:client/contacts/:id/erase', summary: 'Suprime los datos personales de un contacto (derecho de supresión, Ley 29733)', tag: TAG, auth: 'user', params: groupParams, body: z.object({}).passthrough().optional() },
    async ({ params, req }) => {
      const { clientId, userId } = authorizeContacts(req, params.client, 'contact.manage');
      const r = await eraseContact(ctx, { clientId, userId, contactId: params.id });
      await settle(r.position);
      return { data: { _id: params.id, erased: true }, position: r.position };
    },
  );
}
