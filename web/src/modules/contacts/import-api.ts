import type { ImportDto, StartImportBody } from '@contracts/contacts-import';
import { api } from '../../app/api';
import { seg } from '../../app/readYourWrites';

/** Calls of the contacts import (/api/v2/contacts/{client}/imports/{id}); the id is made here, so a retry is one import. */
const tagged = api.enhanceEndpoints({ addTagTypes: ['Contacts'] as const });
const base = (client: string, id: string) => `contacts/${seg(client)}/imports/${seg(id)}`;

export const importApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    uploadImport: b.mutation<ImportDto & { preview: string[][] }, { client: string; id: string; file: File }>({
      query: ({ client, id, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: base(client, id), method: 'POST', body };
      },
      transformResponse: (r: { data: ImportDto & { preview: string[][] } }) => r.data,
    }),
    startImport: b.mutation<ImportDto, { client: string; id: string; body: StartImportBody }>({
      query: ({ client, id, body }) => ({ url: `${base(client, id)}/start`, method: 'POST', body }),
      transformResponse: (r: { data: ImportDto }) => r.data,
    }),
    importStatus: b.query<ImportDto, { client: string; id: string }>({
      query: ({ client, id }) => base(client, id),
      transformResponse: (r: { data: ImportDto }) => r.data,
    }),
  }),
});

export const importErrorsUrl = (client: string, id: string) => `/api/v2/${base(client, id)}/errors`;
export const { useUploadImportMutation, useStartImportMutation, useImportStatusQuery } = importApi;
