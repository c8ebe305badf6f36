/**
 * A group of an organizer's contacts (stream `contacts-group-<id>`, the id is the client's): a static list
 * (members added and removed by hand) or a saved filter over the contacts' fields (evaluated when read, so it has
 * no members in the log). Pure: the organizer's custom fields and which of the named contacts are the organizer's
 * come in with the command.
 */
import { FILTER_BASE_FIELDS, type GroupFilter, type GroupKind } from '../../contracts/contacts-groups.js';
import type { CustomField } from '../../contracts/contacts.js';
import { messages } from '../../messages/es.js';
import { DomainError, NotFoundError } from '../shared/errors.js';
import type { DecideContext, Decider } from '../shared/types.js';
import type { Changes } from './record.js';

const m = messages.contacts.groups;
export const groupStreamId = (groupId: string) => `contacts-group-${groupId}`;

type E<T extends string, D extends Record<string, unknown>> = { type: T; data: D };
export type GroupCreated = E<'contacts.GroupCreated', { groupId: string; clientId: string; name: string; kind: GroupKind; filter: GroupFilter | null; by: string | null; at: string }>;
export type GroupChanged = E<'contacts.GroupChanged', { groupId: string; clientId: string; changes: Changes; by: string | null; at: string }>;
export type GroupMembersAdded = E<'contacts.GroupMembersAdded', { groupId: string; clientId: string; contactIds: string[]; by: string | null; at: string }>;
export type GroupMembersRemoved = E<'contacts.GroupMembersRemoved', { groupId: string; clientId: string; contactIds: string[]; by: string | null; at: string }>;
export type GroupDeleted = E<'contacts.GroupDeleted', { groupId: string; clientId: string; name: string; by: string | null; at: string }>;
export type GroupEvent = GroupCreated | GroupChanged | GroupMembersAdded | GroupMembersRemoved | GroupDeleted;

export type CreateGroup = E<'contacts.CreateGroup', { groupId: string; clientId: string; name: string; kind: GroupKind; filter: GroupFilter | null; fields: CustomField[] }>;
export type ChangeGroup = E<'contacts.ChangeGroup', { groupId: string; clientId: string; name: string; filter: GroupFilter | null; fields: CustomField[] }>;
/** `known`: the named contacts that exist and are the organizer's (looked up by the handler). */
export type AddGroupMembers = E<'contacts.AddGroupMembers', { groupId: string; clientId: string; contactIds: string[]; known: string[] }>;
export type RemoveGroupMembers = E<'contacts.RemoveGroupMembers', { groupId: string; clientId: string; contactIds: string[] }>;
export type DeleteGroup = E<'contacts.DeleteGroup', { groupId: string; clientId: string }>;
export type GroupCommand = CreateGroup | ChangeGroup | AddGroupMembers | RemoveGroupMembers | DeleteGroup;

export interface GroupState {
  groupId: string | null;
  clientId: string | null;
  name: string;
  kind: GroupKind;
  filter: GroupFilter | null;
  members: Set<string>;
  deleted: boolean;
}
export const initialGroupState = (): GroupState => ({ groupId: null, clientId: null, name: '', kind: 'static', filter: null, members: new Set(), deleted: false });

const DATE_FIELDS = new Set(['createdAt']);

/** A filter the read side can evaluate: known fields, a value where the operator needs one, dates that parse. */
export function checkFilter(filter: GroupFilter | null | undefined, fields: CustomField[]): GroupFilter {
  if (!filter || filter.conditions.length === 0) throw new DomainError('FILTER_REQUIRED', m.filterRequired, 400, { field: 'filter' });
  const custom = new Map(fields.map((f) => [`fields.${f.key}`, f]));
  const base = new Set<string>(FILTER_BASE_FIELDS);
  const conditions = filter.conditions.map((c) => {
    if (!base.has(c.field) && !custom.has(c.field)) throw new DomainError('FILTER_FIELD_UNKNOWN', m.filterFieldUnknown(c.field), 400, { field: 'filter' });
    const needsValue = c.operator !== 'isEmpty' && c.operator !== 'isNotEmpty';
    const value = c.value === undefined || c.value === null || (typeof c.value === 'string' && c.value.trim() === '') ? null : c.value;
    if (needsValue && value === null) throw new DomainError('FILTER_VALUE_REQUIRED', m.filterValueRequired(c.field), 400, { field: 'filter' });
    const isDate = DATE_FIELDS.has(c.field) || custom.get(c.field)?.type === 'date';
    if (needsValue && isDate && (c.operator === 'gt' || c.operator === 'lt' || c.operator === 'equals') && Number.isNaN(Date.parse(String(value)))) {
      throw new DomainError('FILTER_DATE_INVALID', m.filterDateInvalid(c.field), 400, { field: 'filter' });
    }
    return { field: c.field, operator: c.operator, value: needsValue ? value : null };
  });
  return { match: filter.match, conditions };
}

function checkName(name: string) {
  const n = name.trim();
  if (!n) throw new DomainError('NAME_REQUIRED', m.groupNameRequired, 400, { field: 'name' });
  return n;
}

export function decideGroup(command: GroupCommand, state: GroupState, ctx: DecideContext): GroupEvent[] {
  const at = ctx.now.toISOString();
  const by = ctx.userId ?? null;
  const { groupId, clientId } = command.data;
  if (command.type === 'contacts.CreateGroup') {
    if (state.groupId) throw new DomainError('CLIENT_ID_TAKEN', messages.contacts.clientIdTaken, 409);
    const { kind } = command.data;
    if (kind === 'static' && command.data.filter) throw new DomainError('FILTER_ON_STATIC', m.filterOnStatic, 400, { field: 'filter' });
    const filter = kind === 'filter' ? checkFilter(command.data.filter, command.data.fields) : null;
    return [{ type: 'contacts.GroupCreated', data: { groupId, clientId, name: checkName(command.data.name), kind, filter, by, at } }];
  }
  if (!state.groupId || state.deleted || state.clientId !== clientId) {
    if (command.type === 'contacts.DeleteGroup' && state.deleted && state.clientId === clientId) return [];
    throw new NotFoundError('GROUP_NOT_FOUND', m.groupNotFound);
  }
  switch (command.type) {
    case 'contacts.ChangeGroup': {
      if (state.kind === 'static' && command.data.filter) throw new DomainError('FILTER_ON_STATIC', m.filterOnStatic, 400, { field: 'filter' });
      const name = checkName(command.data.name);
      const filter = state.kind === 'filter' ? checkFilter(command.data.filter, command.data.fields) : null;
      const changes: Changes = {};
      if (name !== state.name) changes.name = { before: state.name, after: name };
      if (JSON.stringify(filter) !== JSON.stringify(state.filter)) changes.filter = { before: state.filter, after: filter };
      return Object.keys(changes).length ? [{ type: 'contacts.GroupChanged', data: { groupId, clientId, changes, by, at } }] : [];
    }
    case 'contacts.AddGroupMembers': {
      if (state.kind !== 'static') throw new DomainError('MEMBERS_ON_FILTER', m.membersOnFilter, 400);
      const known = new Set(command.data.known);
      const unknown = command.data.contactIds.filter((id) => !known.has(id));
      if (unknown.length) throw new DomainError('CONTACTS_NOT_FOUND', m.contactsNotFound(unknown.length), 400, { contactIds: unknown });
      const added = [...new Set(command.data.contactIds)].filter((id) => !state.members.has(id));
      return added.length ? [{ type: 'contacts.GroupMembersAdded', data: { groupId, clientId, contactIds: added, by, at } }] : [];
    }
    case 'contacts.RemoveGroupMembers': {
      if (state.kind !== 'static') throw new DomainError('MEMBERS_ON_FILTER', m.membersOnFilter, 400);
      const removed = [...new Set(command.data.contactIds)].filter((id) => state.members.has(id));
      return removed.length ? [{ type: 'contacts.GroupMembersRemoved', data: { groupId, clientId, contactIds: removed, by, at } }] : [];
    }
    case 'contacts.DeleteGroup':
      return [{ type: 'contacts.GroupDeleted', data: { groupId, clientId, name: state.name, by, at } }];
  }
}

export function evolveGroup(state: GroupState, event: GroupEvent): GroupState {
  switch (event.type) {
    case 'contacts.GroupCreated': {
      const d = event.data;
      return { groupId: d.groupId, clientId: d.clientId, name: d.name, kind: d.kind, filter: d.filter, members: new Set(), deleted: false };
    }
    case 'contacts.GroupChanged': {
      const c = event.data.changes;
      return {
        ...state,
        name: c.name ? (c.name.after as string) : state.name,
        filter: c.filter ? (c.filter.after as GroupFilter | null) : state.filter,
      };
    }
    case 'contacts.GroupMembersAdded': {
      const members = new Set(state.members);
      for (const id of event.data.contactIds) members.add(id);
      return { ...state, members };
    }
    case 'contacts.GroupMembersRemoved': {
      const members = new Set(state.members);
      for (const id of event.data.contactIds) members.delete(id);
      return { ...state, members };
    }
    case 'contacts.GroupDeleted':
      return { ...state, deleted: true };
  }
}

export const groupDecider: Decider<GroupCommand, GroupEvent, GroupState> = { decide: decideGroup, evolve: evolveGroup, initialState: initialGroupState };
