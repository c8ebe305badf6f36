import { z } from 'zod';
import { clientId } from './common.js';

/**
 * Contracts of the virtual-fair module (issue 23). Platform catalogue (admin, "Ferias virtuales"): fairground
 * templates (lobby image + pavilion slots), stand templates, auditoriums and meeting rooms.
 */
export const CATALOG_KINDS = ['fairground', 'stands', 'auditoriums', 'meetingRooms'] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];
export const CATALOG_NAME_MAX = 120;
export const CATALOG_DESCRIPTION_MAX = 1000;
export const CATALOG_CAPACITY_MAX = 100_000;

const url = z.string().trim().max(2000);
export const catalogInputSchema = z.object({
  name: z.string().max(CATALOG_NAME_MAX * 2),
  description: z.string().max(CATALOG_DESCRIPTION_MAX * 2).optional(),
  /** Lobby layout (fairground) or stand picture; http(s) only. */
  imageUrl: url.nullable().optional(),
  /** Pavilion slots (fairground), seats (auditorium, meeting room); unused for stands. */
  capacity: z.number().int().min(0).max(CATALOG_CAPACITY_MAX).optional(),
  /** The room's link (meeting room: the /generalmeeting/{room} session; auditorium: live stream). */
  link: url.nullable().optional(),
});
export type CatalogInput = z.infer<typeof catalogInputSchema>;

export const catalogKindParams = z.object({ kind: z.enum(CATALOG_KINDS) });
export const catalogItemParams = catalogKindParams.extend({ id: z.string().min(1).max(100) });
export const createCatalogItemRequest = catalogInputSchema.extend({ clientId });
export const updateCatalogItemRequest = catalogInputSchema.extend({ expectedVersion: z.number().int().optional() });

export const catalogItemDtoSchema = z.object({
  _id: z.string(),
  kind: z.enum(CATALOG_KINDS),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  capacity: z.number().int(),
  link: z.string().nullable(),
  archived: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type CatalogItemDto = z.infer<typeof catalogItemDtoSchema>;
export const catalogItemResponse = z.object({ data: catalogItemDtoSchema, position: z.string().nullable().optional() });
export const catalogItemsResponse = z.object({ data: z.array(catalogItemDtoSchema) });
