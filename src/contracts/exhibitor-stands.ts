import { z } from 'zod';
import { clientId, uuid } from './common.js';
import { currencySchema } from './events.js';
import { COMPANY_NAME_MAX, SECTOR_MAX } from './exhibitor.js';

/**
 * Contracts of the exhibitor stands (issue 23, spec `stands/stands` and the expo pages): the event's floor plan
 * with its stands (rectangles in percent of the plan, so the plan scales on any screen), a company's reservation of
 * a stand (paid through the sales checkout) and its materials.
 */

export const STAND_CODE_MAX = 20;
export const ZONE_MAX = 60;
/** Materials a company uploads once its stand is paid (/uploadCard/{code}). */
export const MATERIAL_KINDS = ['logo', 'brochure', 'card'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];
/** Logo and stand card: 2 MB; brochure PDF: 10 MB. */
export const MATERIAL_MAX_BYTES: Record<MaterialKind, number> = { logo: 2 * 1024 * 1024, brochure: 10 * 1024 * 1024, card: 2 * 1024 * 1024 };
export const PLAN_MAX_BYTES = 5 * 1024 * 1024;
export const STAND_STATUSES = ['free', 'reserved', 'sold', 'blocked'] as const;
export type StandStatus = (typeof STAND_STATUSES)[number];

const pct = z.number().min(0).max(100);
export const standInputSchema = z.object({
  code: z.string().max(STAND_CODE_MAX + 10),
  /** Position and size in percent of the plan's width and height. */
  x: pct,
  y: pct,
  w: pct,
  h: pct,
  /** Square metres (up to two decimals). */
  area: z.number().max(100000),
  /** Minor units (céntimos). */
  price: z.number().int().min(0).max(1_000_000_000),
  currency: currencySchema,
  zone: z.string().max(ZONE_MAX + 20).default(''),
  blocked: z.boolean().default(false),
});
export type StandInput = z.infer<typeof standInputSchema>;

export const saveStandRequest = standInputSchema.extend({ clientId: clientId.optional() });
export const standParams = z.object({ eventId: z.string().min(1).max(100), standId: uuid });
export const eventStandsParams = z.object({ eventId: z.string().min(1).max(100) });

export const materialSchema = z.object({ kind: z.enum(MATERIAL_KINDS), url: z.string(), fileName: z.string(), size: z.number().int(), at: z.string() });
export type MaterialDto = z.infer<typeof materialSchema>;

export const standCompanySchema = z.object({
  ruc: z.string().trim().max(20),
  name: z.string().max(COMPANY_NAME_MAX + 50),
  sector: z.string().max(SECTOR_MAX + 50).default(''),
  /** Billing address (factura). */
  address: z.string().max(300).default(''),
});
export type StandCompanyInput = z.infer<typeof standCompanySchema>;

export const standDtoSchema = z.object({
  _id: z.string(),
  code: z.string(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
  area: z.number(),
  price: z.number().int(),
  currency: currencySchema,
  zone: z.string(),
  status: z.enum(STAND_STATUSES),
});
export type StandDto = z.infer<typeof standDtoSchema>;

/** The organizer's view of a stand: who holds it. */
export const adminStandDtoSchema = standDtoSchema.extend({
  blocked: z.boolean(),
  companyName: z.string().nullable(),
  orderId: z.string().nullable(),
  holdUntil: z.string().nullable(),
});
export type AdminStandDto = z.infer<typeof adminStandDtoSchema>;

export const planResponse = z.object({ data: z.object({ eventId: z.string(), imageUrl: z.string().nullable(), stands: z.array(adminStandDtoSchema), version: z.number().int() }), position: z.string().nullable().optional() });
export type PlanDto = z.infer<typeof planResponse>['data'];

export const expoParams = z.object({ eventCode: z.string().min(1).max(100) });
export const expoResponse = z.object({
  data: z.object({ eventId: z.string(), eventCode: z.string(), eventName: z.string(), imageUrl: z.string().nullable(), stands: z.array(standDtoSchema) }),
});
export type ExpoDto = z.infer<typeof expoResponse>['data'];

export const reserveStandRequest = z.object({
  /** The reservation's id, made by the page: a retry answers the same reservation. */
  reservationId: uuid,
  standId: uuid,
  company: standCompanySchema,
  contact: z.object({
    name: z.string().trim().min(1, { message: 'Escribe el nombre del contacto.' }).max(120),
    email: z.email({ message: 'Escribe un correo válido.' }).max(254),
    phone: z.string().trim().max(30).default(''),
  }),
});
export const reservationParams = z.object({ reservation: uuid });
export const orderParams = z.object({ order: uuid });
export const uploadParams = z.object({ code: uuid });
export const materialQuery = z.object({ kind: z.enum(MATERIAL_KINDS, { message: 'Tipo de material no válido: logo, brochure o card.' }) });

export const reservationDtoSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  eventCode: z.string(),
  eventName: z.string(),
  orderId: z.string(),
  status: z.enum(['held', 'sold', 'expired']),
  holdUntil: z.string(),
  company: z.object({ ruc: z.string(), name: z.string(), sector: z.string(), address: z.string() }),
  stand: standDtoSchema,
  materials: z.array(materialSchema),
});
export type ReservationDto = z.infer<typeof reservationDtoSchema>;
export const reservationResponse = z.object({ data: reservationDtoSchema, position: z.string().nullable().optional() });
export const updateReservationRequest = z.object({ company: standCompanySchema, clientId: clientId.optional() });

/** Quotas a company that bought a stand starts with (the organizer may change them in `users`). */
export const STAND_COMPANY_QUOTAS = { quantityExhibitors: 5, quantitySpeakers: 2 } as const;
