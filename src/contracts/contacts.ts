/**
 * The contacts (CRM) module's request and response shapes (issue 22, first slice): contacts and companies of one
 * organizer, their custom fields, the audit of their changes and their state at a past moment.
 */
import { z } from 'zod';
import { gridQuerySchema } from './events.js';

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'choice', 'multiChoice'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const RECORD_ENTITIES = ['contact', 'company'] as const;
export type RecordEntity = (typeof RECORD_ENTITIES)[number];
export const CONSENT_CHANNELS = ['email', 'whatsapp'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
export const CONSENT_STATUSES = ['granted', 'withdrawn'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

export const customFieldSchema = z.object({
  /** Stable key of the values (letters, digits, underscores); the label may change. */
  key: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/, 'Usa solo letras, números y guiones bajos (empieza con una letra).'),
  label: z.string().trim().min(1).max(80),
  type: z.enum(CUSTOM_FIELD_TYPES),
  required: z.boolean().default(false),
  options: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
});
export type CustomField = z.infer<typeof customFieldSchema>;
export const fieldsRequest = z.object({ fields: z.array(customFieldSchema).max(50) });
export type FieldsRequest = z.infer<typeof fieldsRequest>;

export type FieldValue = string | number | string[];
export const fieldValuesSchema = z.record(z.string().max(40), z.union([z.string().max(500), z.number(), z.array(z.string().max(80)).max(50), z.null()])).default({});

export interface Consent {
  status: ConsentStatus;
  source: string;
  at: string;
}
export const consentInput = z.object({ status: z.enum(CONSENT_STATUSES), source: z.string().trim().min(1).max(120) }).nullable().optional();
export type ConsentInput = z.infer<typeof consentInput>;

export const contactWrite = z.object({
  name: z.string().trim().min(1).max(160),
  email: z.string().trim().max(254).email().nullable().optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  companyId: z.string().max(80).nullable().optional(),
  consent: z.object({ email: consentInput, whatsapp: consentInput }).default({}),
  fields: fieldValuesSchema,
  /** The version the client edited: a newer one is a 409 instead of overwriting it. */
  expectedVersion: z.number().int().min(-1).optional(),
});
export const createContactRequest = contactWrite.extend({ clientId: z.string().uuid() });
export type ContactWrite = z.infer<typeof contactWrite>;
export type CreateContactRequest = z.infer<typeof createContactRequest>;

export const companyWrite = z.object({
  name: z.string().trim().min(1).max(160),
  website: z.string().trim().max(300).nullable().optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  fields: fieldValuesSchema,
  expectedVersion: z.number().int().min(-1).optional(),
});
export const createCompanyRequest = companyWrite.extend({ clientId: z.string().uuid() });
export type CompanyWrite = z.infer<typeof companyWrite>;
export type CreateCompanyRequest = z.infer<typeof createCompanyRequest>;

export const clientParams = z.object({ client: z.string().min(1).max(80) });
export const entityParams = clientParams.extend({ entity: z.enum(RECORD_ENTITIES) });
export const recordParams = clientParams.extend({ id: z.string().min(1).max(80) });
export const recordGridQuery = gridQuerySchema.extend({ search: z.string().max(200).optional() });
export type RecordGridQuery = z.infer<typeof recordGridQuery>;
export const asOfQuery = z.object({ at: z.string().datetime({ offset: true }) });
export const diffQuery = z.object({ from: z.string().datetime({ offset: true }), to: z.string().datetime({ offset: true }) });

export interface ContactDto {
  _id: string;
  name: string;
  email: string | null;
  phone: string | null;
  companyId: string | null;
  companyName: string | null;
  consent: { email: Consent | null; whatsapp: Consent | null };
  fields: Record<string, FieldValue>;
  /** Where it came from: manual, import, sales, businessConference, exhibitors, api. */
  source: 'manual' | 'import' | 'sales' | 'businessConference' | 'exhibitors' | 'api';
  version: number;
  createdAt: string;
  updatedAt: string;
}
export interface CompanyDto {
  _id: string;
  name: string;
  website: string | null;
  phone: string | null;
  fields: Record<string, FieldValue>;
  contacts: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}
export interface AuditRowDto {
  _id: string;
  entity: RecordEntity;
  entityId: string;
  entityName: string;
  action: 'created' | 'changed' | 'deleted' | 'erased' | 'merged';
  field: string | null;
  before: unknown;
  after: unknown;
  by: string | null;
  byName: string | null;
  at: string;
}
/** A contact or company folded from its stream up to a moment. */
export interface AsOfDto {
  at: string;
  /** Whether the record existed (created and not deleted) then. */
  exists: boolean;
  deleted: boolean;
  version: number;
  lastChangeAt: string | null;
  record: Record<string, unknown> | null;
}
export interface DiffDto {
  from: string;
  to: string;
  changes: { field: string; before: unknown; after: unknown }[];
}
