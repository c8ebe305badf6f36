import { describe, it } from 'vitest';
import type { CatalogInput } from '../../src/contracts/virtualFair.js';
import { catalogDecider, type CatalogEvent } from '../../src/domain/virtualFair/catalog.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(catalogDecider);
const ITEM = '00000000-0000-4000-8000-0000000000f1';
const at = SPEC_NOW.toISOString();
const input = (over: Partial<CatalogInput> = {}): CatalogInput => ({ name: '  Recinto   Central ', description: ' Lobby con 6 pabellones ', imageUrl: 'https://cdn.example.pe/lobby.png', capacity: 6, ...over });
const profile = { name: 'Recinto Central', description: 'Lobby con 6 pabellones', imageUrl: 'https://cdn.example.pe/lobby.png', capacity: 6, link: null };
const created: CatalogEvent = { type: 'virtualFair.CatalogItemCreated', data: { itemId: ITEM, kind: 'fairground', profile, by: SPEC_USER_ID, at } };
const code = (c: string) => (e: unknown) => e instanceof DomainError && e.code === c;

describe('CreateCatalogItem', () => {
  it('given nothing, when creating a fairground template, then it is created trimmed', () => {
    spec.given([]).when({ type: 'virtualFair.CreateCatalogItem', data: { itemId: ITEM, kind: 'fairground', input: input() } }).then([created]);
  });
  it('given nothing, when a fairground has no pavilion slot, then SLOTS_REQUIRED', () => {
    spec.given([]).when({ type: 'virtualFair.CreateCatalogItem', data: { itemId: ITEM, kind: 'fairground', input: input({ capacity: 0 }) } }).thenThrows(code('SLOTS_REQUIRED'));
  });
  it('given nothing, when the name is blank, then NAME_REQUIRED', () => {
    spec.given([]).when({ type: 'virtualFair.CreateCatalogItem', data: { itemId: ITEM, kind: 'stands', input: input({ name: '  ' }) } }).thenThrows(code('NAME_REQUIRED'));
  });
  it('given nothing, when a meeting room link is not http(s), then URL_INVALID', () => {
    spec.given([]).when({ type: 'virtualFair.CreateCatalogItem', data: { itemId: ITEM, kind: 'meetingRooms', input: input({ link: 'javascript:alert(1)' }) } }).thenThrows(code('URL_INVALID'));
  });
  it('given nothing, when creating a stand template, then capacity and link are dropped', () => {
    spec
      .given([])
      .when({ type: 'virtualFair.CreateCatalogItem', data: { itemId: ITEM, kind: 'stands', input: input({ link: 'https://x.pe' }) } })
      .then([{ type: 'virtualFair.CatalogItemCreated', data: { itemId: ITEM, kind: 'stands', profile: { ...profile, capacity: 0, link: null }, by: SPEC_USER_ID, at } }]);
  });
  it('given a created item, when creating again, then CATALOG_ITEM_EXISTS', () => {
    spec.given([created]).when({ type: 'virtualFair.CreateCatalogItem', data: { itemId: ITEM, kind: 'fairground', input: input() } }).thenThrows(code('CATALOG_ITEM_EXISTS'));
  });
});

describe('ChangeCatalogItem', () => {
  it('given a created item, when changing the slots, then it changes', () => {
    spec
      .given([created])
      .when({ type: 'virtualFair.ChangeCatalogItem', data: { kind: 'fairground', input: input({ capacity: 8 }), expectedVersion: 1 } })
      .then([{ type: 'virtualFair.CatalogItemChanged', data: { itemId: ITEM, kind: 'fairground', profile: { ...profile, capacity: 8 }, by: SPEC_USER_ID, at } }]);
  });
  it('given a created item, when saving the same values, then nothing is appended', () => {
    spec.given([created]).when({ type: 'virtualFair.ChangeCatalogItem', data: { kind: 'fairground', input: input() } }).then([]);
  });
  it('given a changed item, when saving an older version, then CATALOG_ITEM_STALE', () => {
    spec.given([created]).when({ type: 'virtualFair.ChangeCatalogItem', data: { kind: 'fairground', input: input({ capacity: 9 }), expectedVersion: 0 } }).thenThrows(code('CATALOG_ITEM_STALE'));
  });
  it('given nothing, when changing, then CATALOG_ITEM_NOT_FOUND', () => {
    spec.given([]).when({ type: 'virtualFair.ChangeCatalogItem', data: { kind: 'fairground', input: input() } }).thenThrows(code('CATALOG_ITEM_NOT_FOUND'));
  });
  it('given a fairground template, when changing it as a stand template, then CATALOG_ITEM_NOT_FOUND', () => {
    spec.given([created]).when({ type: 'virtualFair.ChangeCatalogItem', data: { kind: 'stands', input: input() } }).thenThrows(code('CATALOG_ITEM_NOT_FOUND'));
  });
  it('given an archived item, when changing, then CATALOG_ITEM_ARCHIVED', () => {
    const archived: CatalogEvent = { type: 'virtualFair.CatalogItemArchived', data: { itemId: ITEM, kind: 'fairground', by: SPEC_USER_ID, at } };
    spec.given([created, archived]).when({ type: 'virtualFair.ChangeCatalogItem', data: { kind: 'fairground', input: input({ capacity: 3 }) } }).thenThrows(code('CATALOG_ITEM_ARCHIVED'));
  });
});

describe('ArchiveCatalogItem', () => {
  it('given a created item, when archiving twice, then it is archived once', () => {
    const archived: CatalogEvent = { type: 'virtualFair.CatalogItemArchived', data: { itemId: ITEM, kind: 'fairground', by: SPEC_USER_ID, at } };
    spec.given([created]).when({ type: 'virtualFair.ArchiveCatalogItem', data: { kind: 'fairground' } }).then([archived]);
    spec.given([created, archived]).when({ type: 'virtualFair.ArchiveCatalogItem', data: { kind: 'fairground' } }).then([]);
  });
});
