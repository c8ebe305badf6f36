import { z } from 'zod';
import { clientId } from './common.js';

/**
 * Contracts of the store's settings (manage/settings) and registration form (manage/form), shared by the API and
 * the web app. Shapes only: the rules (ranges, RUC check digit, option lists) are the domain's
 * (src/domain/sales/settings.ts), which answers them in Spanish per field.
 */

// ---------------------------------------------------------------------------------------------------------
// Constants

/** Hold time of a reservation, in minutes (the platform default comes from the config `salesHoldSeconds`). */
export const HOLD_MINUTES_MIN = 5;
export const HOLD_MINUTES_MAX = 60;
/** Upper bound of both order limits (tickets per order, orders per buyer e-mail). */
export const ORDER_LIMIT_MAX = 1000;
/** Peru's IGV, the tax rate shown on receipts unless the organizer sets another. */
export const DEFAULT_TAX_RATE = 18;

export const FORM_FIELD_TYPES = ['text', 'choice', 'multiChoice', 'date', 'document', 'email', 'phone', 'consent'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
/** Identity documents a `document` field accepts: DNI (8 digits), carné de extranjería, pasaporte. */
export const DOCUMENT_KINDS = ['dni', 'ce', 'passport'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const MAX_FORM_FIELDS = 50;
export const MAX_FIELD_OPTIONS = 50;

// ---------------------------------------------------------------------------------------------------------
// Settings

const text = (max: number) => z.string().max(max, { message: `Máximo ${max} caracteres.` });
/** A text that may be left empty: '' and null both mean "not set" (the domain trims and turns '' into null). */
const optional = (max: number) => text(max).nullable().optional().transform((v) => v ?? null);
const limit = z.number().int({ message: 'Debe ser un número entero.' }).nullable().optional().transform((v) => v ?? null);

export const invoiceSettingsSchema = z.object({
  /** The organizer's RUC (11 digits with its check digit), printed on receipts. */
  ruc: z.string().nullable(),
  businessName: z.string().nullable(),
  address: z.string().nullable(),
  /** Percent (18 = IGV 18 %), at most two decimals. */
  taxRate: z.number(),
  /** Buyers may ask for a boleta or a factura at checkout (a factura asks the buyer's RUC). */
  receiptChoice: z.boolean(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

export const bankDepositSchema = z.object({
  bank: z.string(),
  accountNumber: z.string(),
  /** Código de Cuenta Interbancario (20 digits), for transfers from another bank; optional. */
  cci: z.string().nullable(),
  holder: z.string(),
});
export type BankDepositInstructions = z.infer<typeof bankDepositSchema>;

/** What the organizer edits on manage/settings. Null limits mean "no limit"; null holdMinutes the platform default. */
export const storeSettingsValuesSchema = z.object({
  holdMinutes: z.number().int().nullable(),
  maxTicketsPerOrder: z.number().int().nullable(),
  maxOrdersPerEmail: z.number().int().nullable(),
  invoice: invoiceSettingsSchema,
  bankDeposit: bankDepositSchema.nullable(),
});
export type StoreSettingsValues = z.infer<typeof storeSettingsValuesSchema>;

/** GET /event/:id/storeSettings (team, event.read): the values as edited, their version and the platform default. */
export const storeSettingsSchema = storeSettingsValuesSchema.extend({
  eventId: z.string(),
  /** Times the settings were saved (0: never); send it back as expectedVersion. */
  version: z.number().int(),
  /** The hold time used while holdMinutes is null (config SALES_HOLD_SECONDS, in minutes). */
  defaultHoldMinutes: z.number(),
  updatedAt: z.string().nullable(),
});
export type StoreSettingsDto = z.infer<typeof storeSettingsSchema>;
export const storeSettingsResponse = z.object({ data: storeSettingsSchema });

/** PUT /event/:id/storeSettings: the whole settings, the version the page edited and a client id (idempotency). */
export const updateStoreSettingsRequest = z.object({
  holdMinutes: limit,
  maxTicketsPerOrder: limit,
  maxOrdersPerEmail: limit,
  invoice: z.object({
    ruc: optional(20),
    businessName: optional(200),
    address: optional(300),
    taxRate: z.number({ message: 'Debe ser un número.' }).optional().default(DEFAULT_TAX_RATE),
    receiptChoice: z.boolean().optional().default(false),
  }),
  bankDeposit: z
    .object({ bank: optional(100), accountNumber: optional(40), cci: optional(40), holder: optional(150) })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  expectedVersion: z.number().int().min(0),
  clientId,
});
export type UpdateStoreSettingsRequest = z.input<typeof updateStoreSettingsRequest>;
export const storeSettingsWriteResponse = z.object({ data: storeSettingsSchema, position: z.string().nullable() });

/** GET /event/:id/checkoutSettings (public, published events): what a buyer is shown at checkout. */
export const checkoutSettingsSchema = z.object({
  eventId: z.string(),
  /** Effective hold time in minutes (the organizer's or the platform default). */
  holdMinutes: z.number(),
  maxTicketsPerOrder: z.number().int().nullable(),
  /** Buyers may ask for a boleta or a factura. */
  receiptChoice: z.boolean(),
  invoice: z.object({ ruc: z.string().nullable(), businessName: z.string().nullable(), address: z.string().nullable(), taxRate: z.number() }),
  bankDeposit: bankDepositSchema.nullable(),
});
export type CheckoutSettings = z.infer<typeof checkoutSettingsSchema>;
export const checkoutSettingsResponse = z.object({ data: checkoutSettingsSchema });

// ---------------------------------------------------------------------------------------------------------
// Registration form

export const formFieldSchema = z.object({
  _id: z.string(),
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean(),
  /** choice / multiChoice: the options offered, in order. */
  options: z.array(z.string()).optional(),
  /** Asked only for these ticket types; absent: for every ticket type. */
  ticketTypeIds: z.array(z.string()).optional(),
  /** consent: the legal text the attendee accepts. */
  consentText: z.string().optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

/** A field as the builder sends it: a new field may come without an id (the server gives it one). */
export const formFieldInputSchema = z.object({
  _id: z.string().min(1).max(100).optional(),
  label: text(200),
  type: z.enum(FORM_FIELD_TYPES, { message: 'Tipo de campo no válido.' }),
  required: z.boolean().optional().default(false),
  options: z.array(text(200)).max(MAX_FIELD_OPTIONS, { message: `Máximo ${MAX_FIELD_OPTIONS} opciones.` }).optional(),
  ticketTypeIds: z.array(z.string().max(100)).max(100).optional(),
  consentText: text(4000).optional(),
});
export type FormFieldInput = z.input<typeof formFieldInputSchema>;

export const registrationFormSchema = z.object({
  fields: z.array(formFieldSchema),
  /** Times the form was saved (0: never); send it back as expectedVersion. */
  version: z.number().int(),
});
export type RegistrationForm = z.infer<typeof registrationFormSchema>;
export const registrationFormResponse = z.object({ data: registrationFormSchema });

/** PUT /event/:id/form: the whole field list in order, the version the builder edited and a client id. */
export const updateFormRequest = z.object({
  fields: z.array(formFieldInputSchema).max(MAX_FORM_FIELDS, { message: `Máximo ${MAX_FORM_FIELDS} campos.` }),
  expectedVersion: z.number().int().min(0),
  clientId,
});
export type UpdateFormRequest = z.input<typeof updateFormRequest>;
export const registrationFormWriteResponse = z.object({ data: registrationFormSchema, position: z.string().nullable() });

/** An attendee's answer to one field: text-like fields a string, multiChoice a list, consent a boolean. */
export const answerValueSchema = z.union([z.string().max(4000), z.array(z.string().max(200)).max(MAX_FIELD_OPTIONS), z.boolean()]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
/** Answers keyed by field id. A document answer is `<kind>:<number>`, e.g. `dni:12345678`; a date `YYYY-MM-DD`. */
export const answersSchema = z.record(z.string().max(100), answerValueSchema);
export type Answers = z.infer<typeof answersSchema>;

export const settingsEventParams = z.object({ id: z.string().min(1).max(100) });
/** Public routes name the event `:event` (id or eventCode): they are not access-guarded event routes. */
export const publicEventParams = z.object({ event: z.string().min(1).max(100) });
