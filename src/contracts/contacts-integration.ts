import { z } from 'zod';
import { consentInput } from './contacts.js';

/** `settings/integration` (issue 22): API keys and outgoing webhooks of the organizer's CRM. */
export const WEBHOOK_EVENT_NAMES = ['contact.created', 'contact.updated', 'contact.erased'] as const;
export const createApiKeyRequest = z.object({ clientId: z.string().uuid(), name: z.string().max(80) });
export const createWebhookRequest = z.object({ clientId: z.string().uuid(), url: z.string().max(2000), events: z.array(z.enum(WEBHOOK_EVENT_NAMES)).max(3) });
export const integrationItemParams = z.object({ client: z.string().min(1).max(80), id: z.string().min(1).max(80) });
/** What an outside system pushes: a person, with the consent it collected (never assumed). */
export const pushContactRequest = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().max(254).nullable().optional(),
  phone: z.string().max(40).nullable().optional(),
  consent: z.object({ email: consentInput, whatsapp: consentInput }).optional(),
});

export interface ApiKeyDto {
  _id: string;
  name: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}
export interface WebhookDeliveryDto {
  event: string;
  contactId: string;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  at: string;
}
export interface WebhookDto {
  _id: string;
  url: string;
  events: (typeof WEBHOOK_EVENT_NAMES)[number][];
  createdAt: string;
  deliveries: WebhookDeliveryDto[];
}
export interface IntegrationDto {
  keys: ApiKeyDto[];
  webhooks: WebhookDto[];
}
