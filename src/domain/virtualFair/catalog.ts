/**
 * An item of the virtual fair's platform catalogue (stream `virtualFair-catalog-<itemId>`), managed by platform
 * administrators: a fairground template (lobby layout image + pavilion slots), a stand template, an auditorium
 * or a meeting room. Organizers pick from these when they design their fair.
 *
 * Pure: time and the acting user come in through DecideContext.
 */
import { CATALOG_DESCRIPTION_MAX, CATALOG_NAME_MAX, type CatalogInput, type CatalogKind } from '../../contracts/virtualFair.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';

const m = messages.virtualFair.catalog;

export const catalogStreamId = (itemId: string) => `virtualFair-catalog-${itemId}`;

export interface CatalogProfile {
  name: string;
  description: string;
  imageUrl: string | null;
  capacity: number;
  link: string | null;
}

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type CatalogItemCreated = E<'virtualFair.CatalogItemCreated', { itemId: string; kind: CatalogKind; profile: CatalogProfile; by: string | null; at: string }>;
export type CatalogItemChanged = E<'virtualFair.CatalogItemChanged', { itemId: string; kind: CatalogKind; profile: CatalogProfile; by: string | null; at: string }>;
export type CatalogItemArchived = E<'virtualFair.CatalogItemArchived', { itemId: string; kind: CatalogKind; by: string | null; at: string }>;
export type CatalogEvent = CatalogItemCreated | CatalogItemChanged | CatalogItemArchived;
export const CATALOG_EVENT_TYPES = ['virtualFair.CatalogItemCreated', 'virtualFair.CatalogItemChanged', 'virtualFair.CatalogItemArchived'] as const;

type C<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type CreateCatalogItem = C<'virtualFair.CreateCatalogItem', { itemId: string; kind: CatalogKind; input: CatalogInput }>;
/** `kind`: the catalogue the caller addressed; an item of another kind is not found there. */
export type ChangeCatalogItem = C<'virtualFair.ChangeCatalogItem', { kind: CatalogKind; input: CatalogInput; expectedVersion?: number }>;
export type ArchiveCatalogItem = C<'virtualFair.ArchiveCatalogItem', { kind: CatalogKind }>;
export type CatalogCommand = CreateCatalogItem | ChangeCatalogItem | ArchiveCatalogItem;

export interface CatalogState {
  itemId: string | null;
  kind: CatalogKind | null;
  profile: CatalogProfile | null;
  archived: boolean;
  createdAt: string | null;
  version: number;
}

export const initialState = (): CatalogState => ({ itemId: null, kind: null, profile: null, archived: false, createdAt: null, version: 0 });

const invalid = (code: string, message: string, field: string) => new DomainError(code, message, 400, { field });
const cleanUrl = (v: string | null | undefined, field: string): string | null => {
  const s = (v ?? '').trim();
  if (!s) return null;
  if (!/^https?:\/\/\S+$/i.test(s)) throw invalid('URL_INVALID', m.urlInvalid, field);
  return s;
};

/** A request's item, trimmed and checked for its kind; throws the first refusal (with its field). */
export function normalizeCatalogItem(kind: CatalogKind, input: CatalogInput): CatalogProfile {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (!name) throw invalid('NAME_REQUIRED', m.nameRequired, 'name');
  if (name.length > CATALOG_NAME_MAX) throw invalid('NAME_TOO_LONG', m.nameTooLong(CATALOG_NAME_MAX), 'name');
  const description = (input.description ?? '').trim();
  if (description.length > CATALOG_DESCRIPTION_MAX) throw invalid('DESCRIPTION_TOO_LONG', m.descriptionTooLong(CATALOG_DESCRIPTION_MAX), 'description');
  const capacity = kind === 'stands' ? 0 : (input.capacity ?? 0);
  if (kind === 'fairground' && capacity < 1) throw invalid('SLOTS_REQUIRED', m.slotsRequired, 'capacity');
  return { name, description, imageUrl: cleanUrl(input.imageUrl, 'imageUrl'), capacity, link: kind === 'stands' || kind === 'fairground' ? null : cleanUrl(input.link, 'link') };
}

function live(state: CatalogState, kind: CatalogKind): asserts state is CatalogState & { itemId: string; kind: CatalogKind; profile: CatalogProfile } {
  if (!state.profile || state.kind !== kind) throw new NotFoundError('CATALOG_ITEM_NOT_FOUND', m.notFound);
}

export function decide(command: CatalogCommand, state: CatalogState, ctx: DecideContext): CatalogEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  switch (command.type) {
    case 'virtualFair.CreateCatalogItem': {
      if (state.profile) throw new DomainError('CATALOG_ITEM_EXISTS', m.exists, 409);
      const profile = normalizeCatalogItem(command.data.kind, command.data.input);
      return [{ type: 'virtualFair.CatalogItemCreated', data: { itemId: command.data.itemId, kind: command.data.kind, profile, by, at } }];
    }
    case 'virtualFair.ChangeCatalogItem': {
      live(state, command.data.kind);
      if (state.archived) throw new DomainError('CATALOG_ITEM_ARCHIVED', m.archived, 409);
      if (command.data.expectedVersion !== undefined && command.data.expectedVersion !== state.version) throw new DomainError('CATALOG_ITEM_STALE', m.stale, 409);
      const profile = normalizeCatalogItem(state.kind, command.data.input);
      if (JSON.stringify(profile) === JSON.stringify(state.profile)) return [];
      return [{ type: 'virtualFair.CatalogItemChanged', data: { itemId: state.itemId, kind: state.kind, profile, by, at } }];
    }
    case 'virtualFair.ArchiveCatalogItem': {
      live(state, command.data.kind);
      if (state.archived) return [];
      return [{ type: 'virtualFair.CatalogItemArchived', data: { itemId: state.itemId, kind: state.kind, by, at } }];
    }
  }
}

export function evolve(state: CatalogState, event: CatalogEvent): CatalogState {
  const version = state.version + 1;
  switch (event.type) {
    case 'virtualFair.CatalogItemCreated':
      return { ...state, itemId: event.data.itemId, kind: event.data.kind, profile: event.data.profile, createdAt: event.data.at, version };
    case 'virtualFair.CatalogItemChanged':
      return { ...state, profile: event.data.profile, version };
    case 'virtualFair.CatalogItemArchived':
      return { ...state, archived: true, version };
  }
}

export const catalogDecider: Decider<CatalogCommand, CatalogEvent, CatalogState> = { decide, evolve, initialState };
