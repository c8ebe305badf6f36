/**
 * Use cases of the CRM's groups and tasks, each through handleCommand with a versioned append (the client's id is
 * the record's id and its create command id), and the "as of" reads of a group (its stream folded up to a moment).
 */
import type { AppContext } from '../../context.js';
import type { GroupAsOfDto, GroupDiffDto, GroupFilter, GroupKind, TaskWrite } from '../../contracts/contacts-groups.js';
import { groupDecider, groupStreamId, type GroupEvent, type GroupState } from '../../domain/contacts/group.js';
import { diffProfiles } from '../../domain/contacts/record.js';
import { taskDecider, taskStreamId, type TaskData } from '../../domain/contacts/task.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import type { Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';
import { clientTeamOf } from '../../projections/access/queries.js';
import { contactNames, existingContactIds } from '../../projections/contacts/group-queries.js';
import { handleCommand } from '../handle.js';
import { loadCompany } from './history.js';
import { loadFields } from './records.js';

type Ctx = Pick<AppContext, 'store' | 'clock' | 'newId'>;
type Op = { clientId: string; userId: string };
const m = messages.contacts.groups;

export async function createGroup(ctx: Ctx, input: Op & { groupId: string; name: string; kind: GroupKind; filter: GroupFilter | null }) {
  const fields = (await loadFields(ctx, input.clientId)).contact;
  const r = await handleCommand(ctx, {
    streamId: groupStreamId(input.groupId),
    decider: groupDecider,
    command: { type: 'contacts.CreateGroup', data: { groupId: input.groupId, clientId: input.clientId, name: input.name, kind: input.kind, filter: input.filter, fields } },
    meta: { commandId: `group-create:${input.groupId}`, userId: input.userId },
  });
  return { groupId: input.groupId, position: r.position, duplicate: r.duplicate };
}

export async function changeGroup(ctx: Ctx, input: Op & { groupId: string; name: string; filter: GroupFilter | null; expectedVersion?: number }) {
  const fields = (await loadFields(ctx, input.clientId)).contact;
  const r = await handleCommand(ctx, {
    streamId: groupStreamId(input.groupId),
    decider: groupDecider,
    command: { type: 'contacts.ChangeGroup', data: { groupId: input.groupId, clientId: input.clientId, name: input.name, filter: input.filter, fields } },
    meta: { userId: input.userId, expectedVersion: input.expectedVersion },
  });
  return { groupId: input.groupId, position: r.position };
}

export async function addGroupMembers(ctx: Ctx & Pick<AppContext, 'db'>, input: Op & { groupId: string; contactIds: string[] }) {
  const known = await existingContactIds(ctx.db, input.clientId, [...new Set(input.contactIds)]);
  const r = await handleCommand(ctx, {
    streamId: groupStreamId(input.groupId),
    decider: groupDecider,
    command: { type: 'contacts.AddGroupMembers', data: { groupId: input.groupId, clientId: input.clientId, contactIds: input.contactIds, known } },
    meta: { userId: input.userId },
  });
  return { groupId: input.groupId, position: r.position, added: r.events.flatMap((e) => (e.type === 'contacts.GroupMembersAdded' ? e.data.contactIds : [])).length };
}

export async function removeGroupMembers(ctx: Ctx, input: Op & { groupId: string; contactIds: string[] }) {
  const r = await handleCommand(ctx, {
    streamId: groupStreamId(input.groupId),
    decider: groupDecider,
    command: { type: 'contacts.RemoveGroupMembers', data: { groupId: input.groupId, clientId: input.clientId, contactIds: input.contactIds } },
    meta: { userId: input.userId },
  });
  return { groupId: input.groupId, position: r.position };
}

export async function deleteGroup(ctx: Ctx, input: Op & { groupId: string }) {
  const r = await handleCommand(ctx, {
    streamId: groupStreamId(input.groupId),
    decider: groupDecider,
    command: { type: 'contacts.DeleteGroup', data: { groupId: input.groupId, clientId: input.clientId } },
    meta: { userId: input.userId },
  });
  return { groupId: input.groupId, position: r.position };
}

// ----- "as of" ------------------------------------------------------------------------------------------------
async function groupHistory(ctx: Pick<AppContext, 'store'>, clientId: string, groupId: string) {
  const recorded = (await ctx.store.readStream(groupStreamId(groupId))) as Recorded<GroupEvent>[];
  // Another organizer's group answers exactly like a missing one.
  if (!recorded[0] || recorded[0].data.clientId !== clientId) throw new NotFoundError('GROUP_NOT_FOUND', m.groupNotFound);
  return recorded;
}
function foldGroupUntil(recorded: Recorded<GroupEvent>[], at: Date) {
  let state: GroupState = groupDecider.initialState();
  let version = -1;
  let last: Date | null = null;
  for (const e of recorded) {
    if (e.createdAt.getTime() > at.getTime()) break;
    state = groupDecider.evolve(state, e);
    version = e.streamVersion;
    last = e.createdAt;
  }
  return { state, version, last };
}
/** Names of contacts for display; a contact deleted since is shown by its id. */
async function named(ctx: Pick<AppContext, 'db'>, clientId: string, ids: string[]) {
  const names = await contactNames(ctx.db, clientId, ids);
  return ids.map((id) => ({ _id: id, name: names.get(id) ?? id }));
}

/**
 * A group as it stood at `at`: its name, kind, filter and, for a static list, its members then. A filter group's
 * definition is its state; which contacts it matched then is not kept (it is evaluated when read).
 */
export async function groupAsOf(ctx: Pick<AppContext, 'store' | 'db'>, clientId: string, groupId: string, at: Date): Promise<GroupAsOfDto> {
  const { state, version, last } = foldGroupUntil(await groupHistory(ctx, clientId, groupId), at);
  const exists = !!state.groupId && !state.deleted;
  return {
    at: at.toISOString(),
    exists,
    deleted: state.deleted,
    version,
    lastChangeAt: last ? last.toISOString() : null,
    group: state.groupId ? { name: state.name, kind: state.kind, filter: state.filter, members: await named(ctx, clientId, [...state.members].sort()) } : null,
  };
}

export async function groupDiff(ctx: Pick<AppContext, 'store' | 'db'>, clientId: string, groupId: string, from: Date, to: Date): Promise<GroupDiffDto> {
  const recorded = await groupHistory(ctx, clientId, groupId);
  const a = foldGroupUntil(recorded, from).state;
  const b = foldGroupUntil(recorded, to).state;
  const shown = (s: GroupState) => (s.groupId && !s.deleted ? { name: s.name, filter: s.filter ? JSON.stringify(s.filter) : null } : {});
  const changes = Object.entries(diffProfiles(shown(a), shown(b))).map(([field, c]) => ({
    field,
    before: field === 'filter' && typeof c.before === 'string' ? JSON.parse(c.before) : c.before,
    after: field === 'filter' && typeof c.after === 'string' ? JSON.parse(c.after) : c.after,
  }));
  const am = a.deleted ? new Set<string>() : a.members;
  const bm = b.deleted ? new Set<string>() : b.members;
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    changes,
    added: await named(ctx, clientId, [...bm].filter((id) => !am.has(id)).sort()),
    removed: await named(ctx, clientId, [...am].filter((id) => !bm.has(id)).sort()),
  };
}

// ----- tasks --------------------------------------------------------------------------------------------------
/** Who may own the organizer's tasks: the organizer and the organizer's team. */
export async function taskOwnerIds(ctx: Pick<AppContext, 'db'>, clientId: string) {
  return [clientId, ...(await clientTeamOf(ctx.db, clientId))];
}

async function taskKnowledge(ctx: Ctx & Pick<AppContext, 'db'>, clientId: string, w: TaskWrite) {
  const [owners, contacts, company] = await Promise.all([
    taskOwnerIds(ctx, clientId),
    w.contactId ? existingContactIds(ctx.db, clientId, [w.contactId]) : Promise.resolve([]),
    w.companyId ? loadCompany(ctx, w.companyId) : Promise.resolve(null),
  ]);
  return {
    ownerAllowed: owners.includes(w.ownerId),
    contactExists: contacts.length > 0,
    companyExists: !!company?.profile && !company.deleted && company.clientId === clientId,
  };
}
const taskData = (w: TaskWrite): TaskData => ({ title: w.title, contactId: w.contactId ?? null, companyId: w.companyId ?? null, ownerId: w.ownerId, dueAt: w.dueAt });

export async function createTask(ctx: Ctx & Pick<AppContext, 'db'>, input: Op & { taskId: string; body: TaskWrite }) {
  const known = await taskKnowledge(ctx, input.clientId, input.body);
  const r = await handleCommand(ctx, {
    streamId: taskStreamId(input.taskId),
    decider: taskDecider,
    command: { type: 'contacts.CreateTask', data: { taskId: input.taskId, clientId: input.clientId, task: taskData(input.body), known } },
    meta: { commandId: `task-create:${input.taskId}`, userId: input.userId },
  });
  return { taskId: input.taskId, position: r.position };
}

export async function changeTask(ctx: Ctx & Pick<AppContext, 'db'>, input: Op & { taskId: string; body: TaskWrite }) {
  const known = await taskKnowledge(ctx, input.clientId, input.body);
  const r = await handleCommand(ctx, {
    streamId: taskStreamId(input.taskId),
    decider: taskDecider,
    command: { type: 'contacts.ChangeTask', data: { taskId: input.taskId, clientId: input.clientId, task: taskData(input.body), known } },
    meta: { userId: input.userId, expectedVersion: input.body.expectedVersion },
  });
  return { taskId: input.taskId, position: r.position };
}

export async function setTaskDone(ctx: Ctx, input: Op & { taskId: string; done: boolean }) {
  const r = await handleCommand(ctx, {
    streamId: taskStreamId(input.taskId),
    decider: taskDecider,
    command: { type: 'contacts.SetTaskDone', data: { taskId: input.taskId, clientId: input.clientId, done: input.done } },
    meta: { userId: input.userId },
  });
  return { taskId: input.taskId, position: r.position };
}

export async function deleteTask(ctx: Ctx, input: Op & { taskId: string }) {
  const r = await handleCommand(ctx, {
    streamId: taskStreamId(input.taskId),
    decider: taskDecider,
    command: { type: 'contacts.DeleteTask', data: { taskId: input.taskId, clientId: input.clientId } },
    meta: { userId: input.userId },
  });
  return { taskId: input.taskId, position: r.position };
}
