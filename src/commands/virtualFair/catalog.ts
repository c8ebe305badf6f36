/**
 * Use cases of the virtual fair's platform catalogue (src/domain/virtualFair/catalog.ts): create, edit, archive.
 * Only platform administrators reach them (routes with auth 'admin'). The client id is the item's id, so a retry
 * answers the first result; expectedVersion makes a stale save a 409.
 */
import type { AppContext } from '../../context.js';
import type { CatalogInput, CatalogKind } from '../../contracts/virtualFair.js';
import { catalogDecider, catalogStreamId, type CatalogCommand, type CatalogEvent, type CatalogState } from '../../domain/virtualFair/catalog.js';
import { DomainError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { handleCommand, type CommandResult } from '../handle.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
export type CatalogResult = CommandResult<CatalogState, CatalogEvent>;

const run = (ctx: Ctx, itemId: string, command: CatalogCommand, meta: { commandId?: string; by: string }): Promise<CatalogResult> =>
  handleCommand(ctx, { streamId: catalogStreamId(itemId), decider: catalogDecider, command, meta: { commandId: meta.commandId, userId: meta.by } });

export async function createCatalogItem(ctx: Ctx, input: { kind: CatalogKind; item: CatalogInput; clientId: string; by: string }): Promise<CatalogResult> {
  const r = await run(ctx, input.clientId, { type: 'virtualFair.CreateCatalogItem', data: { itemId: input.clientId, kind: input.kind, input: input.item } }, { commandId: `create:${input.clientId}`, by: input.by });
  if (r.state.kind !== input.kind) throw new DomainError('CATALOG_ITEM_EXISTS', messages.virtualFair.catalog.exists, 409);
  return r;
}

export const changeCatalogItem = (ctx: Ctx, input: { kind: CatalogKind; itemId: string; item: CatalogInput; expectedVersion?: number; idempotencyKey?: string; by: string }) =>
  run(ctx, input.itemId, { type: 'virtualFair.ChangeCatalogItem', data: { kind: input.kind, input: input.item, expectedVersion: input.expectedVersion } }, { commandId: input.idempotencyKey ? `change:${input.idempotencyKey}` : undefined, by: input.by });

export const archiveCatalogItem = (ctx: Ctx, input: { kind: CatalogKind; itemId: string; by: string }) =>
  run(ctx, input.itemId, { type: 'virtualFair.ArchiveCatalogItem', data: { kind: input.kind } }, { by: input.by });
