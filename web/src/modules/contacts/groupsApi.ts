import type { AdminGridQuery } from '@contracts/admin';
import type { ContactDto } from '@contracts/contacts';
import type { ContactsReportDto, GroupAsOfDto, GroupDiffDto, GroupDto, GroupFilter, GroupKind, TaskDto, TaskOwnerDto } from '@contracts/contacts-groups';
import { readYourWrites, seg } from '../../app/readYourWrites';
import { contactsApi, type Rows } from './api';

/**
 * Calls of the CRM's groups, tasks, report and erasure (/api/v2/contacts/{client}/...), on the contacts API's
 * cache (its 'Contacts' and 'ContactsAudit' tags too: an erasure or a group change refreshes those grids).
 */
const { after, response } = readYourWrites();
const base = (client: string) => `contacts/${seg(client)}`;
type Written<R> = { data: R; position: string | null };
export interface TaskBody {
  title: string;
  contactId: string | null;
  companyId?: string | null;
  ownerId: string;
  dueAt: string;
}

const tagged = contactsApi.enhanceEndpoints({ addTagTypes: ['ContactGroups', 'ContactTasks', 'ContactsReport'] as const });

export const groupsApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    crmGroups: b.query<GroupDto[], { client: string }>({
      query: ({ client }) => ({ url: `${base(client)}/groups`, params: after() }),
      transformResponse: (r: { data: GroupDto[] }) => r.data,
      providesTags: ['ContactGroups'],
    }),
    crmGroup: b.query<GroupDto, { client: string; id: string }>({
      query: ({ client, id }) => ({ url: `${base(client)}/groups/${seg(id)}`, params: after() }),
      transformResponse: (r: { data: GroupDto }) => r.data,
      providesTags: ['ContactGroups'],
    }),
    crmGroupMembers: b.query<Rows<ContactDto>, { client: string; id: string; q: Partial<AdminGridQuery> }>({
      query: ({ client, id, q }) => ({ url: `${base(client)}/groups/${seg(id)}/members`, params: after(q) }),
      providesTags: ['ContactGroups', 'Contacts'],
    }),
    crmCreateGroup: b.mutation<Written<GroupDto>, { client: string; body: { clientId: string; name: string; kind: GroupKind; filter: GroupFilter | null } }>({
      query: ({ client, body }) => ({ url: `${base(client)}/groups`, method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactGroups'] : []),
    }),
    crmUpdateGroup: b.mutation<Written<GroupDto>, { client: string; id: string; body: { name: string; filter: GroupFilter | null } }>({
      query: ({ client, id, body }) => ({ url: `${base(client)}/groups/${seg(id)}`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactGroups'] : []),
    }),
    crmDeleteGroup: b.mutation<Written<{ _id: string }>, { client: string; id: string }>({
      query: ({ client, id }) => ({ url: `${base(client)}/groups/${seg(id)}`, method: 'DELETE' }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactGroups'] : []),
    }),
    crmChangeMembers: b.mutation<Written<GroupDto & { added?: number }>, { client: string; id: string; contactIds: string[]; remove?: boolean }>({
      query: ({ client, id, contactIds, remove }) => ({ url: `${base(client)}/groups/${seg(id)}/members${remove ? '/remove' : ''}`, method: 'POST', body: { contactIds } }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactGroups'] : []),
    }),
    crmGroupAsOf: b.query<GroupAsOfDto, { client: string; id: string; at: string }>({
      query: ({ client, id, at }) => ({ url: `${base(client)}/group/${seg(id)}/asOf`, params: { at } }),
      transformResponse: (r: { data: GroupAsOfDto }) => r.data,
    }),
    crmGroupDiff: b.query<GroupDiffDto, { client: string; id: string; from: string; to: string }>({
      query: ({ client, id, from, to }) => ({ url: `${base(client)}/group/${seg(id)}/diff`, params: { from, to } }),
      transformResponse: (r: { data: GroupDiffDto }) => r.data,
    }),
    crmTasks: b.query<Rows<TaskDto>, { client: string; q: Partial<AdminGridQuery>; contactId?: string }>({
      query: ({ client, q, contactId }) => ({ url: `${base(client)}/tasks`, params: after(contactId ? { ...q, contactId } : q) }),
      providesTags: ['ContactTasks'],
    }),
    crmTaskOwners: b.query<TaskOwnerDto[], { client: string }>({
      query: ({ client }) => ({ url: `${base(client)}/tasks/owners` }),
      transformResponse: (r: { data: TaskOwnerDto[] }) => r.data,
    }),
    crmCreateTask: b.mutation<Written<TaskDto>, { client: string; body: TaskBody & { clientId: string } }>({
      query: ({ client, body }) => ({ url: `${base(client)}/tasks`, method: 'POST', body }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactTasks'] : []),
    }),
    crmUpdateTask: b.mutation<Written<TaskDto>, { client: string; id: string; body: TaskBody }>({
      query: ({ client, id, body }) => ({ url: `${base(client)}/tasks/${seg(id)}`, method: 'PUT', body }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactTasks'] : []),
    }),
    crmSetTaskDone: b.mutation<Written<TaskDto>, { client: string; id: string; done: boolean }>({
      query: ({ client, id, done }) => ({ url: `${base(client)}/tasks/${seg(id)}/done`, method: 'PUT', body: { done } }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactTasks'] : []),
    }),
    crmDeleteTask: b.mutation<Written<{ _id: string }>, { client: string; id: string }>({
      query: ({ client, id }) => ({ url: `${base(client)}/tasks/${seg(id)}`, method: 'DELETE' }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['ContactTasks'] : []),
    }),
    crmReport: b.query<ContactsReportDto, { client: string; period: 'week' | 'month' }>({
      query: ({ client, period }) => ({ url: `${base(client)}/report`, params: after({ period }) }),
      transformResponse: (r: { data: ContactsReportDto }) => r.data,
      providesTags: ['ContactsReport'],
    }),
    crmEraseContact: b.mutation<Written<{ _id: string }>, { client: string; id: string }>({
      query: ({ client, id }) => ({ url: `${base(client)}/contacts/${seg(id)}/erase`, method: 'POST', body: {} }),
      transformResponse: response,
      invalidatesTags: (r) => (r ? ['Contacts', 'ContactsAudit', 'ContactGroups', 'ContactTasks', 'ContactsReport'] : []),
    }),
  }),
});

// Endpoint names carry `crm`: injected into the one API, a name another module uses (chat's createGroup) would be theirs.
export const {
  useCrmGroupsQuery: useGroupsQuery,
  useCrmGroupQuery: useGroupQuery,
  useCrmGroupMembersQuery: useGroupMembersQuery,
  useCrmCreateGroupMutation: useCreateGroupMutation,
  useCrmUpdateGroupMutation: useUpdateGroupMutation,
  useCrmDeleteGroupMutation: useDeleteGroupMutation,
  useCrmChangeMembersMutation: useChangeMembersMutation,
  useCrmGroupAsOfQuery: useGroupAsOfQuery,
  useCrmGroupDiffQuery: useGroupDiffQuery,
  useCrmTasksQuery: useTasksQuery,
  useCrmTaskOwnersQuery: useTaskOwnersQuery,
  useCrmCreateTaskMutation: useCreateTaskMutation,
  useCrmUpdateTaskMutation: useUpdateTaskMutation,
  useCrmSetTaskDoneMutation: useSetTaskDoneMutation,
  useCrmDeleteTaskMutation: useDeleteTaskMutation,
  useCrmReportQuery: useReportQuery,
  useCrmEraseContactMutation: useEraseContactMutation,
} = groupsApi;
