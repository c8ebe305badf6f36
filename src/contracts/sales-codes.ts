import { z } from 'zod';
import { clientId, uuid } from './common.js';
import { currencySchema, gridQuerySchema } from './events.js';
import { orderSchema } from './sales.js';
import { rucSchema } from './ruc.js';

/**
 * Contracts of the store's codes area (issue 20): discount and invitation codes (manage/codes), applying a code
 * at checkout, company registrations and the waiting list. Shared by the API and the web app.
 */

// ---------------------------------------------------------------------------------------------------------
// Codes

export const CODE_KINDS = ['discount', 'invitation'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];
export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Codes are compared without case and stored upper-cased: "verano10" and "VERANO10" are one code. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
export const CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;
export const codeText = z
  .string()
  .trim()
  .regex(CODE_PATTERN, { message: 'De 3 a 40 caracteres: letras, números, guion o guion bajo.' })
  .transform(normalizeCode);

const isoDateTime = z.iso.datetime({ offset: true, message: 'Fecha no válida.' });

/**
 * One ticket's price after a discount, in minor units: the server's rule (src/domain/sales/codes.ts), shared so
 * that the ticket picker shows what the reservation will charge. A percentage is rounded half up to the céntimo on
 * the discount (15 % of S/. 30.50 = 4.575 -> 4.58 off -> 25.92); a fixed amount comes off each ticket, never below 0.
 */
export function discountedUnitPrice(unitPrice: number, discount: { discountType: DiscountType | null; percent: number | null; amount: number | null }): number {
  if (discount.discountType === 'percentage') return unitPrice - Math.floor((unitPrice * (discount.percent ?? 0) + 50) / 100);
  if (discount.discountType === 'fixed') return Math.max(0, unitPrice - (discount.amount ?? 0));
  return unitPrice;
}

/** What a code does and to what, as the organizer sets it (the code text and kind are fixed at creation). */
export const codeFieldsSchema = z.object({
  description: z.string().trim().max(200, { message: 'Máximo 200 caracteres.' }).default(''),
  /** Discount codes: 'percentage' (1-100 %) or 'fixed' (minor units off each ticket). Null for invitations. */
  discountType: z.enum(DISCOUNT_TYPES).nullable().default(null),
  percent: z.number().int({ message: 'Debe ser un número entero.' }).min(1, { message: 'Entre 1 y 100.' }).max(100, { message: 'Entre 1 y 100.' }).nullable().default(null),
  /** Minor units (céntimos) of the event's currency, off each ticket's price (never below 0). */
  amount: z.number().int({ message: 'Debe ser un número entero.' }).min(1, { message: 'Debe ser mayor que 0.' }).max(100_000_000).nullable().default(null),
  /** Invitation codes: the unlocked types cost nothing. */
  free: z.boolean().default(false),
  /**
   * Discount: the ticket types it applies to (empty: all). Invitation: the hidden or invitation-only types it
   * unlocks (at least one).
   */
  ticketTypeIds: z.array(z.string().min(1).max(100)).max(50).default([]),
  /** Orders that may use it (null: unlimited). */
  maxUses: z.number().int({ message: 'Debe ser un número entero.' }).min(1, { message: 'Debe ser mayor que 0.' }).max(1_000_000).nullable().default(null),
  validFrom: isoDateTime.nullable().default(null),
  validUntil: isoDateTime.nullable().default(null),
  active: z.boolean().default(true),
});
export type CodeFields = z.infer<typeof codeFieldsSchema>;

export const createCodeRequest = codeFieldsSchema.extend({ clientId, code: codeText, kind: z.enum(CODE_KINDS) });
export type CreateCodeRequest = z.infer<typeof createCodeRequest>;
export const updateCodeRequest = codeFieldsSchema;
export type UpdateCodeRequest = z.infer<typeof updateCodeRequest>;

export const codeSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  code: z.string(),
  kind: z.enum(CODE_KINDS),
  description: z.string(),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  percent: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  free: z.boolean(),
  ticketTypeIds: z.array(z.string()),
  maxUses: z.number().int().nullable(),
  /** Orders holding or paid with it (a released order gives its use back). */
  uses: z.number().int(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  active: z.boolean(),
  /** Public random token of the code's link /validateCode/{token}. */
  token: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CodeDto = z.infer<typeof codeSchema>;
export const codeWriteResponse = z.object({ data: codeSchema, position: z.string().nullable() });
export const codeGridQuery = gridQuerySchema.extend({ search: z.string().max(200).optional() });
export const codeGridResponse = z.object({ rows: z.array(codeSchema), rowCount: z.number().int() });
// Any code id in the path: an unknown one is a 404 after the access guard, not a 400 before it.
export const codeParams = z.object({ id: uuid, codeId: z.string().min(1).max(100) });
export const eventParams = z.object({ id: uuid });

/** POST validateCode: what a code does for an event, or a refusal. */
export const validateCodeRequest = z.object({
  eventCode: z.string().trim().min(1).max(100),
  code: z.string().trim().min(1).max(60),
  /** The ticket types the buyer picked, if any: a code that applies to none of them is refused (as the reservation would). */
  ticketTypeIds: z.array(z.string().min(1).max(100)).max(50).optional(),
});
export const appliedCodeSchema = z.object({
  code: z.string(),
  kind: z.enum(CODE_KINDS),
  /** What it does, in Spanish, for the buyer. */
  summary: z.string(),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  percent: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  free: z.boolean(),
  currency: currencySchema,
  /** Types it applies to (discount, empty: all) or unlocks (invitation). */
  ticketTypeIds: z.array(z.string()),
  /** The types the buyer may now pick that the public page does not show (invitation codes), priced with the code. */
  unlocked: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      /** Minor units after the code. */
      unitPrice: z.number().int(),
      minPerOrder: z.number().int(),
      maxPerOrder: z.number().int(),
    }),
  ),
});
export type AppliedCodeDto = z.infer<typeof appliedCodeSchema>;
export const validateCodeResponse = z.object({ data: appliedCodeSchema });

/** GET codeLink/:token: the event and code a shared code link stands for. */
/** Any text: a malformed token is answered like one that matches no code (404, counted as a guess). */
export const codeLinkParams = z.object({ token: z.string().min(1).max(200) });
export const codeLinkResponse = z.object({
  data: appliedCodeSchema.extend({ eventId: z.string(), eventCode: z.string(), eventName: z.string() }),
});
export type CodeLinkDto = z.infer<typeof codeLinkResponse>['data'];

// ---------------------------------------------------------------------------------------------------------
// Company registration

const requiredText = (max: number) => z.string().trim().min(1, { message: 'Este campo es obligatorio.' }).max(max, { message: `Máximo ${max} caracteres.` });
const emailText = z.string().trim().max(254).pipe(z.email({ message: 'Correo electrónico no válido.' }));
const phoneText = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, { message: 'Teléfono no válido.' });

export const companyFieldsSchema = z.object({
  ruc: rucSchema,
  businessName: requiredText(200),
  contactName: requiredText(120),
  email: emailText,
  phone: phoneText,
});
export const companyRegistrationRequest = companyFieldsSchema.extend({
  clientId,
  lines: z
    .array(z.object({ ticketTypeId: z.string().min(1).max(100), quantity: z.number().int().min(0).max(1000) }))
    .min(1)
    .max(50),
});
export type CompanyRegistrationRequest = z.infer<typeof companyRegistrationRequest>;
export const companyRegistrationResponse = z.object({ order: orderSchema, companyId: z.string(), position: z.string().nullable() });
export const eventCodeParams = z.object({ code: z.string().trim().min(1).max(100) });

// ---------------------------------------------------------------------------------------------------------
// Invitations: the invited person's reservation

/** POST invitation/:id/confirm: a free invitation's reservation becomes tickets (after its attendee data). */
export const invitationConfirmResponse = z.object({ order: orderSchema, position: z.string().nullable() });

// ---------------------------------------------------------------------------------------------------------
// Waiting list

export const WAITLIST_STATES = ['waiting', 'offered', 'purchased', 'expired'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];
export const MAX_WAITLIST_GROUP = 50;

export const joinWaitlistRequest = z.object({
  clientId,
  ticketTypeId: z.string().min(1).max(100),
  quantity: z.number().int({ message: 'Debe ser un número entero.' }).min(1, { message: 'Debe ser mayor que 0.' }).max(MAX_WAITLIST_GROUP, { message: `Máximo ${MAX_WAITLIST_GROUP}.` }),
  email: emailText,
  name: requiredText(120),
});
export type JoinWaitlistRequest = z.infer<typeof joinWaitlistRequest>;
export const joinWaitlistResponse = z.object({
  data: z.object({ _id: z.string(), position: z.number().int(), quantity: z.number().int(), ticketTypeName: z.string() }),
  position: z.string().nullable(),
});

export const waitlistEntrySchema = z.object({
  _id: z.string(),
  /** Order of joining the event's list (1 = first). */
  position: z.number().int(),
  /** Place among the entries still waiting for the same ticket type (null once offered). */
  waitingRank: z.number().int().nullable(),
  ticketTypeId: z.string(),
  ticketTypeName: z.string(),
  quantity: z.number().int(),
  name: z.string(),
  email: z.string(),
  state: z.enum(WAITLIST_STATES),
  orderId: z.string().nullable(),
  offeredUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WaitlistEntryDto = z.infer<typeof waitlistEntrySchema>;
export const waitlistResponse = z.object({ data: z.array(waitlistEntrySchema) });
