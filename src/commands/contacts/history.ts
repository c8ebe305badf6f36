/**
 * "As of" reads for auditors: a contact or company folded from its stream up to a moment (events recorded after
 * it are left out), and the difference between two moments. Reads the log, never the read model.
 */
import type { AppContext } from '../../context.js';
import type { AsOfDto, DiffDto, RecordEntity } from '../../contracts/contacts.js';
import { companyDecider, companyStreamId, type CompanyEvent, type CompanyState } from '../../domain/contacts/company.js';
import { contactDecider, contactStreamId, type ContactEvent, type ContactState } from '../../domain/contacts/contact.js';
import { maskProfile, maskValue } from '../../domain/contacts/erasure-mask.js';
import { diffProfiles } from '../../domain/contacts/record.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import type { Recorded } from '../../eventstore/port.js';
import { messages } from '../../messages/es.js';

type Folded = ContactState | CompanyState;

export async function loadCompany(ctx: Pick<AppContext, 'store'>, companyId: string): Promise<CompanyState> {
  const recorded = (await ctx.store.readStream(companyStreamId(companyId))) as Recorded<CompanyEvent>[];
  return recorded.reduce(companyDecider.evolve, companyDecider.initialState());
}

async function recordedOf(ctx: Pick<AppContext, 'store'>, entity: RecordEntity, id: string) {
  return entity === 'contact'
    ? ((await ctx.store.readStream(contactStreamId(id))) as Recorded<ContactEvent>[])
    : ((await ctx.store.readStream(companyStreamId(id))) as Recorded<CompanyEvent>[]);
}

/** The record's events recorded up to `at` (the store's own time), folded. */
function foldUntil(entity: RecordEntity, recorded: Recorded<ContactEvent | CompanyEvent>[], at: Date): { state: Folded; version: number; last: Date | null } {
  let version = -1;
  let last: Date | null = null;
  let state: Folded = entity === 'contact' ? contactDecider.initialState() : companyDecider.initialState();
  for (const e of recorded) {
    if (e.createdAt.getTime() > at.getTime()) break;
    state = entity === 'contact' ? contactDecider.evolve(state as ContactState, e as ContactEvent) : companyDecider.evolve(state as CompanyState, e as CompanyEvent);
    version = e.streamVersion;
    last = e.createdAt;
  }
  return { state, version, last };
}

async function history(ctx: Pick<AppContext, 'store'>, clientId: string, entity: RecordEntity, id: string) {
  const recorded = await recordedOf(ctx, entity, id);
  const first = recorded[0] as Recorded<ContactEvent | CompanyEvent> | undefined;
  // Another organizer's record answers exactly like a missing one.
  if (!first || first.data.clientId !== clientId) {
    throw entity === 'contact' ? new NotFoundError('CONTACT_NOT_FOUND', messages.contacts.contactNotFound) : new NotFoundError('COMPANY_NOT_FOUND', messages.contacts.companyNotFound);
  }
  return recorded;
}

export async function recordAsOf(ctx: Pick<AppContext, 'store'>, clientId: string, entity: RecordEntity, id: string, at: Date): Promise<AsOfDto> {
  const recorded = await history(ctx, clientId, entity, id);
  const { state, version, last } = foldUntil(entity, recorded, at);
  // An erased contact's earlier values read as erased, whatever the moment asked for.
  const erased = recorded.some((e) => e.type === 'contacts.ContactErased');
  return {
    at: at.toISOString(),
    exists: !!state.profile && !state.deleted,
    deleted: state.deleted,
    version,
    lastChangeAt: last ? last.toISOString() : null,
    record: state.profile ? (erased ? maskProfile({ ...state.profile }) : { ...state.profile }) : null,
  };
}

export async function recordDiff(ctx: Pick<AppContext, 'store'>, clientId: string, entity: RecordEntity, id: string, from: Date, to: Date): Promise<DiffDto> {
  const recorded = await history(ctx, clientId, entity, id);
  const a = foldUntil(entity, recorded, from).state;
  const b = foldUntil(entity, recorded, to).state;
  const shown = (s: Folded) => (s.profile && !s.deleted ? s.profile : {});
  const changes = diffProfiles(shown(a), shown(b));
  const erased = recorded.some((e) => e.type === 'contacts.ContactErased');
  const shownValue = (v: unknown) => (erased ? maskValue(v) : v);
  return { from: from.toISOString(), to: to.toISOString(), changes: Object.entries(changes).map(([field, c]) => ({ field, before: shownValue(c.before), after: shownValue(c.after) })) };
}
