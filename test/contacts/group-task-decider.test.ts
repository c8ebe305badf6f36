import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../src/contracts/contacts.js';
import type { GroupFilter } from '../../src/contracts/contacts-groups.js';
import { contactEmailReservations, type ContactCreated, type ContactProfile } from '../../src/domain/contacts/contact.js';
import { erasureDecider } from '../../src/domain/contacts/erasure.js';
import { groupDecider, type GroupCreated } from '../../src/domain/contacts/group.js';
import { taskDecider, type TaskCreated, type TaskData } from '../../src/domain/contacts/task.js';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

// Given/when/then of the CRM's groups, tasks and personal-data erasure (pure deciders).
const at = SPEC_NOW.toISOString();
const CLIENT = '00000000-0000-4000-8000-0000000c11e7';
const OTHER = '00000000-0000-4000-8000-0000000c11e8';
const G = '33333333-3333-4333-8333-333333333333';
const T = '44444444-4444-4444-8444-444444444444';
const C1 = '55555555-5555-4555-8555-555555555551';
const C2 = '55555555-5555-4555-8555-555555555552';
const fields: CustomField[] = [{ key: 'size', label: 'Talla', type: 'choice', required: false, options: ['S', 'M'] }];
const filter: GroupFilter = { match: 'all', conditions: [{ field: 'consent.email', operator: 'equals', value: 'granted' }, { field: 'fields.size', operator: 'equals', value: 'M' }] };
const code = (c: string) => (e: unknown) => e instanceof DomainError && e.code === c;

describe('groups', () => {
  const spec = DeciderSpecification.for(groupDecider);
  const staticCreated: GroupCreated = { type: 'contacts.GroupCreated', data: { groupId: G, clientId: CLIENT, name: 'VIP', kind: 'static', filter: null, by: SPEC_USER_ID, at } };
  const filterCreated: GroupCreated = { type: 'contacts.GroupCreated', data: { groupId: G, clientId: CLIENT, name: 'Talla M', kind: 'filter', filter, by: SPEC_USER_ID, at } };

  it('creates a static list and a saved filter', () => {
    spec.when({ type: 'contacts.CreateGroup', data: { groupId: G, clientId: CLIENT, name: ' VIP ', kind: 'static', filter: null, fields } }).then([staticCreated]);
    spec.when({ type: 'contacts.CreateGroup', data: { groupId: G, clientId: CLIENT, name: 'Talla M', kind: 'filter', filter, fields } }).then([filterCreated]);
  });
  it('refuses a filter group without conditions, an unknown field, a missing value or a bad date', () => {
    const create = (f: GroupFilter | null) => ({ type: 'contacts.CreateGroup' as const, data: { groupId: G, clientId: CLIENT, name: 'x', kind: 'filter' as const, filter: f, fields } });
    spec.when(create(null)).thenThrows(code('FILTER_REQUIRED'));
    spec.when(create({ match: 'all', conditions: [{ field: 'fields.nope', operator: 'equals', value: 'a' }] })).thenThrows(code('FILTER_FIELD_UNKNOWN'));
    spec.when(create({ match: 'all', conditions: [{ field: 'name', operator: 'contains', value: ' ' }] })).thenThrows(code('FILTER_VALUE_REQUIRED'));
    spec.when(create({ match: 'any', conditions: [{ field: 'createdAt', operator: 'gt', value: 'ayer' }] })).thenThrows(code('FILTER_DATE_INVALID'));
  });
  it('refuses a filter on a static list and a reused id', () => {
    spec.when({ type: 'contacts.CreateGroup', data: { groupId: G, clientId: CLIENT, name: 'x', kind: 'static', filter, fields } }).thenThrows(code('FILTER_ON_STATIC'));
    spec.given([staticCreated]).when({ type: 'contacts.CreateGroup', data: { groupId: G, clientId: CLIENT, name: 'x', kind: 'static', filter: null, fields } }).thenThrows(code('CLIENT_ID_TAKEN'));
  });
  it('adds only known contacts not yet members, and removes only members', () => {
    spec
      .given([staticCreated])
      .when({ type: 'contacts.AddGroupMembers', data: { groupId: G, clientId: CLIENT, contactIds: [C1, C1], known: [C1] } })
      .then([{ type: 'contacts.GroupMembersAdded', data: { groupId: G, clientId: CLIENT, contactIds: [C1], by: SPEC_USER_ID, at } }]);
    const added = { type: 'contacts.GroupMembersAdded' as const, data: { groupId: G, clientId: CLIENT, contactIds: [C1], by: SPEC_USER_ID, at } };
    spec.given([staticCreated, added]).when({ type: 'contacts.AddGroupMembers', data: { groupId: G, clientId: CLIENT, contactIds: [C1], known: [C1] } }).then([]);
    spec.given([staticCreated]).when({ type: 'contacts.AddGroupMembers', data: { groupId: G, clientId: CLIENT, contactIds: [C1, C2], known: [C1] } }).thenThrows(code('CONTACTS_NOT_FOUND'));
    spec
      .given([staticCreated, added])
      .when({ type: 'contacts.RemoveGroupMembers', data: { groupId: G, clientId: CLIENT, contactIds: [C1, C2] } })
      .then([{ type: 'contacts.GroupMembersRemoved', data: { groupId: G, clientId: CLIENT, contactIds: [C1], by: SPEC_USER_ID, at } }]);
    spec.given([staticCreated, added]).when({ type: 'contacts.RemoveGroupMembers', data: { groupId: G, clientId: CLIENT, contactIds: [C1] } }).thenState((s) => expect([...s.members]).toEqual([]));
  });
  it('keeps members of a filter group to its filter', () => {
    spec.given([filterCreated]).when({ type: 'contacts.AddGroupMembers', data: { groupId: G, clientId: CLIENT, contactIds: [C1], known: [C1] } }).thenThrows(code('MEMBERS_ON_FILTER'));
  });
  it('records only what changed; nothing for the same name and filter', () => {
    const next: GroupFilter = { match: 'any', conditions: [{ field: 'source', operator: 'contains', value: 'feria' }] };
    spec
      .given([filterCreated])
      .when({ type: 'contacts.ChangeGroup', data: { groupId: G, clientId: CLIENT, name: 'Talla M', filter: next, fields } })
      .then([{ type: 'contacts.GroupChanged', data: { groupId: G, clientId: CLIENT, changes: { filter: { before: filter, after: next } }, by: SPEC_USER_ID, at } }]);
    spec.given([filterCreated]).when({ type: 'contacts.ChangeGroup', data: { groupId: G, clientId: CLIENT, name: 'Talla M', filter, fields } }).then([]);
  });
  it("another organizer's group is not found; deleting twice answers as the first", () => {
    spec.given([staticCreated]).when({ type: 'contacts.DeleteGroup', data: { groupId: G, clientId: OTHER } }).thenThrows(NotFoundError);
    const deleted = { type: 'contacts.GroupDeleted' as const, data: { groupId: G, clientId: CLIENT, name: 'VIP', by: SPEC_USER_ID, at } };
    spec.given([staticCreated]).when({ type: 'contacts.DeleteGroup', data: { groupId: G, clientId: CLIENT } }).then([deleted]);
    spec.given([staticCreated, deleted]).when({ type: 'contacts.DeleteGroup', data: { groupId: G, clientId: CLIENT } }).then([]);
  });
});

describe('tasks', () => {
  const spec = DeciderSpecification.for(taskDecider);
  const due = '2026-03-05T15:00:00.000Z';
  const task: TaskData = { title: 'Llamar', contactId: C1, companyId: null, ownerId: CLIENT, dueAt: due };
  const known = { contactExists: true, companyExists: false, ownerAllowed: true };
  const created: TaskCreated = { type: 'contacts.TaskCreated', data: { taskId: T, clientId: CLIENT, task, by: SPEC_USER_ID, at } };

  it('creates a task; refuses an owner outside the team, a missing contact or company, an empty title', () => {
    spec.when({ type: 'contacts.CreateTask', data: { taskId: T, clientId: CLIENT, task: { ...task, title: ' Llamar ', dueAt: '2026-03-05T10:00:00-05:00' }, known } }).then([created]);
    spec.when({ type: 'contacts.CreateTask', data: { taskId: T, clientId: CLIENT, task, known: { ...known, ownerAllowed: false } } }).thenThrows(code('TASK_OWNER_INVALID'));
    spec.when({ type: 'contacts.CreateTask', data: { taskId: T, clientId: CLIENT, task, known: { ...known, contactExists: false } } }).thenThrows(code('CONTACT_NOT_FOUND'));
    spec.when({ type: 'contacts.CreateTask', data: { taskId: T, clientId: CLIENT, task: { ...task, companyId: 'x' }, known } }).thenThrows(code('COMPANY_NOT_FOUND'));
    spec.when({ type: 'contacts.CreateTask', data: { taskId: T, clientId: CLIENT, task: { ...task, title: '  ' }, known } }).thenThrows(code('TITLE_REQUIRED'));
  });
  it('records a new due date as a change (the reminder is re-scheduled from it)', () => {
    const later = '2026-03-06T15:00:00.000Z';
    spec
      .given([created])
      .when({ type: 'contacts.ChangeTask', data: { taskId: T, clientId: CLIENT, task: { ...task, dueAt: later }, known } })
      .then([{ type: 'contacts.TaskChanged', data: { taskId: T, clientId: CLIENT, changes: { dueAt: { before: due, after: later } }, by: SPEC_USER_ID, at } }]);
  });
  it('marks done and undone once each', () => {
    const done = { type: 'contacts.TaskCompleted' as const, data: { taskId: T, clientId: CLIENT, by: SPEC_USER_ID, at } };
    spec.given([created]).when({ type: 'contacts.SetTaskDone', data: { taskId: T, clientId: CLIENT, done: true } }).then([done]);
    spec.given([created, done]).when({ type: 'contacts.SetTaskDone', data: { taskId: T, clientId: CLIENT, done: true } }).then([]);
    spec
      .given([created, done])
      .when({ type: 'contacts.SetTaskDone', data: { taskId: T, clientId: CLIENT, done: false } })
      .then([{ type: 'contacts.TaskReopened', data: { taskId: T, clientId: CLIENT, by: SPEC_USER_ID, at } }]);
  });
  it("another organizer's task is not found", () => {
    spec.given([created]).when({ type: 'contacts.SetTaskDone', data: { taskId: T, clientId: OTHER, done: true } }).thenThrows(NotFoundError);
  });
});

describe('personal-data erasure', () => {
  const spec = DeciderSpecification.for(erasureDecider);
  const profile: ContactProfile = { name: 'Ana', email: 'ana@correo.pe', phone: null, companyId: null, consent: { email: null, whatsapp: null }, fields: { size: 'M' } };
  const created: ContactCreated = { type: 'contacts.ContactCreated', data: { contactId: C1, clientId: CLIENT, profile, by: SPEC_USER_ID, at } };
  const erased = { type: 'contacts.ContactErased' as const, data: { contactId: C1, clientId: CLIENT, by: SPEC_USER_ID, at } };

  it('records the erasure without personal data, masks the folded profile and releases the e-mail', () => {
    spec.given([created]).when({ type: 'contacts.EraseContact', data: { contactId: C1, clientId: CLIENT } }).then([erased]);
    spec.given([created]).when({ type: 'contacts.EraseContact', data: { contactId: C1, clientId: CLIENT } }).thenState((s) => {
      expect(s.deleted).toBe(true);
      expect(s.profile).toMatchObject({ name: 'dato suprimido', email: 'dato suprimido', phone: null, fields: { size: 'dato suprimido' } });
      expect(JSON.stringify(s.profile)).not.toContain('ana');
    });
    const state = [created].reduce(erasureDecider.evolve, erasureDecider.initialState());
    expect(contactEmailReservations([erased], state).release).toEqual([{ scope: 'contacts.contact-email', value: `${CLIENT}:ana@correo.pe` }]);
  });
  it('erasing twice records nothing; another organizer cannot erase', () => {
    spec.given([created, erased]).when({ type: 'contacts.EraseContact', data: { contactId: C1, clientId: CLIENT } }).then([]);
    spec.given([created]).when({ type: 'contacts.EraseContact', data: { contactId: C1, clientId: OTHER } }).thenThrows(NotFoundError);
  });
});
