import type { AdminGridQuery } from '@contracts/admin';
import type { AsOfDto, AuditRowDto, CompanyDto, ContactDto, CustomField, DiffDto, FieldValue, RecordEntity } from '@contracts/contacts';
import { api } from '../../app/api';
import { readYourWrites, seg } from '../../app/readYourWrites';

/**
 * Calls of the contacts module (/api/v2/contacts/{client}/...). Writes answer an event-store position that the
 * next reads wait for (`after`), so a grid shows the write it just made.
 */
const { after, response } = readYourWrites();
const base = (client: string) => `contacts/${seg(client)}`;

export interface Rows<R> {
  rows: R[];
  rowCount: number;
}
export type GridArgs = { client: string; q: Partial<AdminGridQuery> };
export interface ContactBody {
  name: string;
  email: string | null;
  phone: string | null;
  companyId?: string | null;
  website?: string | null;
  consent?: Record<string, { status: 'granted' | 'withdrawn'; source: string } | null>;
  fields: Record<string, FieldValue | null>;
  /** The version the form was filled from: a newer one on the server is a 409, not an overwrite. */
  expectedVersion?: number;
}
type Written<R> = { data: R; position: string | null };
const path = (entity: RecordEntity) => (entity === 'contact' ? 'contacts' : 'companies');

const tagged = api.enhanceEndpoints({ addTagTypes: ['Contacts', 'ContactFields', 'ContactsAudit'] as const });

export const contactsApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    customFields: b.query<CustomField[], { client: string; entity: RecordEntity }>({
      query: ({ client, entity }) => ({ url: `${base(client)}/fields/${entity}`, params: after() }),
      transformResponse: (r: { data: CustomField[] }) => r.data,
      providesTags: ['ContactFields'],
    }),
    saveCustomFields: b.mutation<Written<CustomField[]>, { client: string; entity: RecordEntity; fields: CustomField[] }>({
      query: ({ client, entity, fields }) => ({ url: `${base(client)}/fields/${entity}`, method: 'PUT', body: { fields } }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactFields'] : []),
    }),
    records: b.query<Rows<ContactDto | CompanyDto>, GridArgs & { entity: RecordEntity }>({
      query: ({ client, entity, q }) => ({ url: `${base(client)}/${path(entity)}`, params: after(q) }),
      providesTags: ['Contacts'],
    }),
    record: b.query<ContactDto | CompanyDto, { client: string; entity: RecordEntity; id: string }>({
      query: ({ client, entity, id }) => ({ url: `${base(client)}/${path(entity)}/${seg(id)}`, params: after() }),
      transformResponse: (r: { data: ContactDto | CompanyDto }) => r.data,
      providesTags: ['Contacts'],
    }),
    createRecord: b.mutation<Written<ContactDto | CompanyDto>, { client: string; entity: RecordEntity; body: ContactBody & { clientId: string } }>({
      query: ({ client, entity, body }) => ({ url: `${base(client)}/${path(entity)}`, method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['Contacts', 'ContactsAudit'] : []),
    }),
    updateRecord: b.mutation<Written<ContactDto | CompanyDto>, { client: string; entity: RecordEntity; id: string; body: ContactBody }>({
      query: ({ client, entity, id, body }) => ({ url: `${base(client)}/${path(entity)}/${seg(id)}`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['Contacts', 'ContactsAudit'] : []),
    }),
    deleteRecord: b.mutation<Written<{ _id: string }>, { client: string; entity: RecordEntity; id: string }>({
      query: ({ client, entity, id }) => ({ url: `${base(client)}/${path(entity)}/${seg(id)}`, method: 'DELETE' }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['Contacts', 'ContactsAudit'] : []),
    }),
    audit: b.query<Rows<AuditRowDto>, GridArgs & { entityId?: string }>({
      query: ({ client, q, entityId }) => ({ url: `${base(client)}/audit`, params: after(entityId ? { ...q, entityId } : q) }),
      providesTags: ['ContactsAudit'],
    }),
    asOf: b.query<AsOfDto, { client: string; entity: RecordEntity; id: string; at: string }>({
      query: ({ client, entity, id, at }) => ({ url: `${base(client)}/${entity}/${seg(id)}/asOf`, params: { at } }),
      transformResponse: (r: { data: AsOfDto }) => r.data,
    }),
    diff: b.query<DiffDto, { client: string; entity: RecordEntity; id: string; from: string; to: string }>({
      query: ({ client, entity, id, from, to }) => ({ url: `${base(client)}/${entity}/${seg(id)}/diff`, params: { from, to } }),
      transformResponse: (r: { data: DiffDto }) => r.data,
    }),
  }),
});

export const {
  useCustomFieldsQuery,
  useSaveCustomFieldsMutation,
  useRecordsQuery,
  useRecordQuery,
  useCreateRecordMutation,
  useUpdateRecordMutation,
  useDeleteRecordMutation,
  useAuditQuery,
  useAsOfQuery,
  useDiffQuery,
} = contactsApi;

/** The CSV or XLSX export of a grid's current view (same search, filter and sort), downloaded with the session cookie. */
export function exportUrl(client: string, entity: RecordEntity, q: Partial<AdminGridQuery>, format: 'csv' | 'xlsx' = 'csv'): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && k !== 'page' && k !== 'pageSize') params.set(k, String(v));
  if (format !== 'csv') params.set('format', format);
  return `/api/v2/${base(client)}/${path(entity)}/export?${params.toString()}`;
}
