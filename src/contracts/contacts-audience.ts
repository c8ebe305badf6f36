/** Audiences of the CRM's campaigns (issue 22): who a campaign goes to, and its preview. Shared by server and web. */
import { z } from 'zod';
import { GRID_FILTER_OPERATORS } from './events.js';

/** The contacts grid's filter model (one filter and a quick search), without paging or sorting. */
export const audienceFilterSchema = z.object({
  search: z.string().max(200).optional(),
  filterField: z.string().max(50).optional(),
  filterOperator: z.enum(GRID_FILTER_OPERATORS).optional(),
  filterValue: z.string().max(200).optional(),
});
export type AudienceFilter = z.infer<typeof audienceFilterSchema>;

/**
 * Where a campaign's recipients come from. A discriminated union on `source`: a new source (a group of contacts,
 * `{ source: 'group', groupId }`) is one more member here and one more case in resolveAudience
 * (src/commands/contacts/campaign-audience.ts).
 */
export const audienceSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('filter'), filter: audienceFilterSchema.default({}) }),
  z.object({ source: z.literal('event'), eventId: z.string().min(1).max(100) }),
  z.object({ source: z.literal('group'), groupId: z.string().min(1).max(100) }),
  z.object({ source: z.literal('contacts'), contactIds: z.array(z.string().min(1).max(100)).min(1).max(100_000) }),
]);
export type Audience = z.infer<typeof audienceSchema>;

export const audiencePreviewBodySchema = z.object({ channel: z.enum(['email', 'whatsapp']), audience: audienceSchema });

export interface AudiencePreviewDto {
  /** Recipients the campaign would have (one per address). */
  count: number;
  /** Of those, how many have not granted consent for the channel (or withdrew it): they are skipped at the start. */
  withoutConsent: number;
  /** People of the audience left out for lack of an address for the channel (no e-mail, no phone). */
  withoutAddress: number;
  /** The first recipients, for the picker. */
  sample: { contactId: string; name: string; address: string; consent: boolean }[];
}
