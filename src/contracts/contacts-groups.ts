/**
 * Request and response shapes of the CRM's groups (static lists and saved filters), tasks (follow-ups with a
 * reminder), the report and personal-data erasure (issue 22).
 */
import { z } from 'zod';
import { recordGridQuery } from './contacts.js';

export const GROUP_KINDS = ['static', 'filter'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

/**
 * Fields a saved filter may test: the contact's own ones, consent per channel (`granted`, `withdrawn`, or empty),
 * the company, the source (the record's `source` when it has one, else the consent's), the creation date and
 * custom fields as `fields.<key>`.
 */
export const FILTER_BASE_FIELDS = ['name', 'email', 'phone', 'companyId', 'consent.email', 'consent.whatsapp', 'source', 'createdAt'] as const;
export const FILTER_OPERATORS = ['equals', 'notEquals', 'contains', 'isEmpty', 'isNotEmpty', 'gt', 'lt'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const filterCondition = z.object({
  field: z.string().min(1).max(60),
  operator: z.enum(FILTER_OPERATORS),
  value: z.union([z.string().max(200), z.number()]).nullable().optional(),
});
export type FilterCondition = z.infer<typeof filterCondition>;
export const groupFilter = z.object({
  match: z.enum(['all', 'any']).default('all'),
  conditions: z.array(filterCondition).min(1).max(20),
});
export type GroupFilter = z.infer<typeof groupFilter>;

export const groupWrite = z.object({
  name: z.string().trim().min(1).max(120),
  /** Only for filter groups. */
  filter: groupFilter.nullable().optional(),
  expectedVersion: z.number().int().min(-1).optional(),
});
export const createGroupRequest = groupWrite.extend({ clientId: z.string().uuid(), kind: z.enum(GROUP_KINDS) });
export type GroupWrite = z.infer<typeof groupWrite>;
export type CreateGroupRequest = z.infer<typeof createGroupRequest>;
export const MAX_MEMBERS_PER_CALL = 1000;
export const membersRequest = z.object({ contactIds: z.array(z.string().min(1).max(80)).min(1).max(MAX_MEMBERS_PER_CALL) });
export const groupParams = z.object({ client: z.string().min(1).max(80), id: z.string().min(1).max(80) });
export const groupGridQuery = recordGridQuery;

export interface GroupDto {
  _id: string;
  name: string;
  kind: GroupKind;
  filter: GroupFilter | null;
  /** Static groups: the members listed; filter groups: the contacts matching now. */
  members: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A group folded from its stream up to a moment. */
export interface GroupAsOfDto {
  at: string;
  exists: boolean;
  deleted: boolean;
  version: number;
  lastChangeAt: string | null;
  group: { name: string; kind: GroupKind; filter: GroupFilter | null; members: { _id: string; name: string }[] } | null;
}
export interface GroupDiffDto {
  from: string;
  to: string;
  changes: { field: string; before: unknown; after: unknown }[];
  added: { _id: string; name: string }[];
  removed: { _id: string; name: string }[];
}

// ----- tasks ----------------------------------------------------------------------------------------------------
export const taskWrite = z.object({
  title: z.string().trim().min(1).max(200),
  contactId: z.string().min(1).max(80).nullable().optional(),
  companyId: z.string().min(1).max(80).nullable().optional(),
  /** The organizer or a member of the organizer's team. */
  ownerId: z.string().min(1).max(80),
  dueAt: z.string().datetime({ offset: true }),
  expectedVersion: z.number().int().min(-1).optional(),
});
export const createTaskRequest = taskWrite.extend({ clientId: z.string().uuid() });
export type TaskWrite = z.infer<typeof taskWrite>;
export const taskDoneRequest = z.object({ done: z.boolean() });
export const taskListQuery = recordGridQuery.extend({ contactId: z.string().max(80).optional(), status: z.enum(['open', 'done', 'all']).default('all') });
export type TaskListQuery = z.infer<typeof taskListQuery>;

export interface TaskDto {
  _id: string;
  title: string;
  contactId: string | null;
  contactName: string | null;
  companyId: string | null;
  companyName: string | null;
  ownerId: string;
  ownerName: string | null;
  dueAt: string;
  done: boolean;
  doneAt: string | null;
  version: number;
  createdAt: string;
}
export interface TaskOwnerDto {
  _id: string;
  name: string;
}

// ----- report ---------------------------------------------------------------------------------------------------
export const reportQuery = z.object({ period: z.enum(['week', 'month']).default('month') });
export interface ContactsReportDto {
  bySource: { source: string; contacts: number }[];
  growth: { period: string; contacts: number }[];
  consent: { channel: 'email' | 'whatsapp'; granted: number; withdrawn: number; none: number; rate: number }[];
  campaigns: { _id: string; name: string; channel: string; sent: number; delivered: number; read: number; clicked: number | null }[];
}

/** The text shown instead of an erased personal value. */
export const ERASED_VALUE = 'dato suprimido';
