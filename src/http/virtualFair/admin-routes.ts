import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { archiveCatalogItem, changeCatalogItem, createCatalogItem } from '../../commands/virtualFair/catalog.js';
import {
  catalogItemParams,
  catalogItemResponse,
  catalogItemsResponse,
  catalogKindParams,
  createCatalogItemRequest,
  updateCatalogItemRequest,
  type CatalogItemDto,
} from '../../contracts/virtualFair.js';
import type { CatalogState } from '../../domain/virtualFair/catalog.js';
import { messages } from '../../messages/es.js';
import { catalogItems } from '../../projections/virtualFair/queries.js';
import { HttpError } from '../errors.js';
import { defineRoute } from '../route.js';

const TAG = 'virtualFair';
const m = messages.virtualFair.catalog;

/** The DTO of an item's state (what the commands answer, before the read model has it). */
function catalogDtoOf(s: CatalogState): CatalogItemDto {
  if (!s.profile || !s.itemId || !s.kind) throw new HttpError(404, m.notFound, 'CATALOG_ITEM_NOT_FOUND');
  return { _id: s.itemId, kind: s.kind, ...s.profile, archived: s.archived, version: s.version, createdAt: s.createdAt ?? '' };
}

/**
 * Platform catalogue of the virtual fair (admin drawer "Ferias virtuales": Recinto, Stands, Auditorios, Sala de
 * reuniones): every route is `auth: 'admin'`. Organizers read the live items through the fair's own routes.
 */
export function registerCatalogRoutes(router: Router, ctx: AppContext): void {
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/admin/virtualFair/:kind', summary: 'Catálogo de la feria virtual (recintos, stands, auditorios o salas), con los archivados', tag: TAG, auth: 'admin', params: catalogKindParams, response: catalogItemsResponse },
    async ({ params }) => ({ data: await catalogItems(ctx.db, params.kind, true) }),
  );
  defineRoute(
    router,
    ctx,
    {
      method: 'post',
      path: '/admin/virtualFair/:kind',
      summary: 'Crea un elemento del catálogo (clientId es su id: un reintento responde el mismo elemento)',
      tag: TAG,
      auth: 'admin',
      params: catalogKindParams,
      body: createCatalogItemRequest,
      response: catalogItemResponse,
      successStatus: 201,
    },
    async ({ params, body, user }) => {
      const { clientId, ...item } = body;
      const r = await createCatalogItem(ctx, { kind: params.kind, item, clientId, by: user!._id });
      return { data: catalogDtoOf(r.state), position: r.position };
    },
  );
  defineRoute(
    router,
    ctx,
    {
      method: 'put',
      path: '/admin/virtualFair/:kind/:id',
      summary: 'Guarda un elemento del catálogo (completo); expectedVersion es la versión editada: si otro lo cambió, 409',
      tag: TAG,
      auth: 'admin',
      params: catalogItemParams,
      body: updateCatalogItemRequest,
      response: catalogItemResponse,
    },
    async ({ params, body, user, req }) => {
      const { expectedVersion, ...item } = body;
      const r = await changeCatalogItem(ctx, { kind: params.kind, itemId: params.id, item, expectedVersion, idempotencyKey: req.get('Idempotency-Key') ?? undefined, by: user!._id });
      return { data: catalogDtoOf(r.state), position: r.position };
    },
  );
  defineRoute(
    router,
    ctx,
    { method: 'delete', path: '/admin/virtualFair/:kind/:id', summary: 'Archiva un elemento del catálogo (los organizadores ya no lo ven)', tag: TAG, auth: 'admin', params: catalogItemParams, response: catalogItemResponse },
    async ({ params, user }) => {
      const r = await archiveCatalogItem(ctx, { kind: params.kind, itemId: params.id, by: user!._id });
      return { data: catalogDtoOf(r.state), position: r.position };
    },
  );
}
