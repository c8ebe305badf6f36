import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { EVENT_UPDATED_SOCKET_EVENT, MODULES, type EventUpdatedPayload } from '../../contracts/events.js';
import { userRoom } from '../../realtime/realtime.js';
import { EVENT_TYPES, type EventDetails, type EventsEvent, type PaymentMethodConfig, type TicketTypeFields } from '../../domain/events/event.js';
import type { Recorded } from '../../eventstore/port.js';
import { createPiiVault } from '../../crypto/pii-vault.js';
import { invitationMailJob } from '../../workers/events/invitation-mail.js';
import { defineProjection, type ProjectionContext } from '../projection.js';

const invitationSubject = (invitationId: string) => `event-invitation:${invitationId}`;

const DETAIL_COLUMNS: Record<keyof EventDetails, keyof DB['events']> = {
  eventName: 'event_name',
  eventCode: 'event_code',
  description: 'description',
  venue: 'venue',
  onlineUrl: 'online_url',
  startDate: 'start_date',
  endDate: 'end_date',
  timeZone: 'time_zone',
  currency: 'currency',
  capacity: 'capacity',
};
const TICKET_COLUMNS: Record<keyof TicketTypeFields, keyof DB['event_ticket_types']> = {
  name: 'name',
  price: 'price',
  quantity: 'quantity',
  saleStart: 'sale_start',
  saleEnd: 'sale_end',
  minPerOrder: 'min_per_order',
  maxPerOrder: 'max_per_order',
  visibility: 'visibility',
};

function publicConfig(method: PaymentMethodConfig): { config: string; has_secret_key: boolean } {
  if (method.kind === 'card') return { config: JSON.stringify({ key: method.key }), has_secret_key: !!method.secretKeyCipher };
  const { kind: _k, ...rest } = method;
  return { config: JSON.stringify(rest), has_secret_key: false };
}

async function touch(trx: Transaction<DB>, eventId: string, at: string, version: number) {
  await trx.updateTable('events').set({ updated_at: at, version }).where('id', '=', eventId).execute();
}

async function apply(ctx: ProjectionContext, e: Recorded<EventsEvent>): Promise<void> {
  const { trx } = ctx;
  const version = e.streamVersion;
  switch (e.type) {
    case 'events.EventCreated': {
      const d = e.data;
      await trx
        .insertInto('events')
        .values({
          id: d.eventId,
          owner_id: d.ownerId,
          event_code: d.eventCode,
          event_name: d.eventName,
          description: d.description,
          venue: d.venue,
          online_url: d.onlineUrl,
          start_date: d.startDate,
          end_date: d.endDate,
          time_zone: d.timeZone,
          currency: d.currency,
          capacity: d.capacity,
          created_at: d.at,
          updated_at: d.at,
          version,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('event_members')
        .values(MODULES.map((module) => ({ event_id: d.eventId, user_id: d.ownerId, module, role: 'administrator', owner: true, granted_at: d.at })))
        .onConflict((oc) => oc.columns(['event_id', 'user_id', 'module']).doNothing())
        .execute();
      return;
    }
    case 'events.EventDetailsChanged': {
      const set: Record<string, unknown> = { updated_at: e.data.at, version };
      for (const [k, v] of Object.entries(e.data.changes)) set[DETAIL_COLUMNS[k as keyof EventDetails]] = v;
      await trx.updateTable('events').set(set).where('id', '=', e.data.eventId).execute();
      return;
    }
    case 'events.EventCoverChanged':
      await trx.updateTable('events').set({ cover_url: e.data.coverUrl, updated_at: e.data.at, version }).where('id', '=', e.data.eventId).execute();
      return;
    case 'events.EventPublished':
      await trx
        .updateTable('events')
        .set({ published: true, published_at: e.data.at, updated_at: e.data.at, version })
        .where('id', '=', e.data.eventId)
        .execute();
      return;
    case 'events.EventCancelled':
      // Not published any more as far as lists and search go; the public page still answers, saying it is cancelled.
      await trx
        .updateTable('events')
        .set({ published: false, cancelled_at: e.data.at, updated_at: e.data.at, version })
        .where('id', '=', e.data.eventId)
        .execute();
      return;
    case 'events.EventDeleted': {
      // A deleted draft leaves every read model; its stream keeps the history.
      const eventId = e.data.eventId;
      const pending = await trx.deleteFrom('event_invitations').where('event_id', '=', eventId).returning('id').execute();
      for (const r of pending) await createPiiVault(trx).forget(invitationSubject(r.id));
      await trx.deleteFrom('event_members').where('event_id', '=', eventId).execute();
      await trx.deleteFrom('event_payment_methods').where('event_id', '=', eventId).execute();
      await trx.deleteFrom('event_ticket_types').where('event_id', '=', eventId).execute();
      await trx.deleteFrom('events').where('id', '=', eventId).execute();
      return;
    }
    case 'events.TicketTypeAdded': {
      const d = e.data;
      await trx
        .insertInto('event_ticket_types')
        .values({
          id: d.ticketTypeId,
          event_id: d.eventId,
          name: d.name,
          price: d.price,
          quantity: d.quantity,
          sale_start: d.saleStart,
          sale_end: d.saleEnd,
          min_per_order: d.minPerOrder,
          max_per_order: d.maxPerOrder,
          visibility: d.visibility,
          created_at: d.at,
          updated_at: d.at,
        })
        .onConflict((oc) => oc.columns(['event_id', 'id']).doNothing())
        .execute();
      await touch(trx, d.eventId, d.at, version);
      return;
    }
    case 'events.TicketTypeChanged': {
      const set: Record<string, unknown> = { updated_at: e.data.at };
      for (const [k, v] of Object.entries(e.data.changes)) set[TICKET_COLUMNS[k as keyof TicketTypeFields]] = v;
      await trx
        .updateTable('event_ticket_types')
        .set(set)
        .where('event_id', '=', e.data.eventId)
        .where('id', '=', e.data.ticketTypeId)
        .execute();
      await touch(trx, e.data.eventId, e.data.at, version);
      return;
    }
    case 'events.TicketTypeRemoved':
      await trx.deleteFrom('event_ticket_types').where('event_id', '=', e.data.eventId).where('id', '=', e.data.ticketTypeId).execute();
      await touch(trx, e.data.eventId, e.data.at, version);
      return;
    case 'events.PaymentMethodAdded':
      await trx
        .insertInto('event_payment_methods')
        .values({
          id: e.data.paymentMethodId,
          event_id: e.data.eventId,
          kind: e.data.method.kind,
          ...publicConfig(e.data.method),
          created_at: e.data.at,
          updated_at: e.data.at,
        })
        .onConflict((oc) => oc.columns(['event_id', 'id']).doNothing())
        .execute();
      await touch(trx, e.data.eventId, e.data.at, version);
      return;
    case 'events.PaymentMethodChanged':
      await trx
        .updateTable('event_payment_methods')
        .set({ ...publicConfig(e.data.method), updated_at: e.data.at })
        .where('event_id', '=', e.data.eventId)
        .where('id', '=', e.data.paymentMethodId)
        .execute();
      await touch(trx, e.data.eventId, e.data.at, version);
      return;
    case 'events.PaymentMethodRemoved':
      await trx.deleteFrom('event_payment_methods').where('event_id', '=', e.data.eventId).where('id', '=', e.data.paymentMethodId).execute();
      await touch(trx, e.data.eventId, e.data.at, version);
      return;
    case 'events.CollaboratorInvited': {
      const d = e.data;
      await trx
        .insertInto('event_members')
        .values({ event_id: d.eventId, user_id: d.inviteeUserId, module: d.module, role: d.role, owner: false, granted_at: d.at })
        .onConflict((oc) => oc.columns(['event_id', 'user_id', 'module']).doUpdateSet({ role: d.role, granted_at: d.at }))
        .execute();
      if (d.invitationId) {
        await trx.deleteFrom('event_invitations').where('id', '=', d.invitationId).execute();
        // Used: the invitee's e-mail in the log becomes unreadable.
        await createPiiVault(trx).forget(invitationSubject(d.invitationId));
      }
      await touch(trx, d.eventId, d.at, version);
      return;
    }
    case 'events.CollaboratorInvitationPending': {
      const d = e.data;
      const replaced = await trx
        .deleteFrom('event_invitations')
        .where('event_id', '=', d.eventId)
        .where('email_hash', '=', d.emailHash)
        .where('module', '=', d.module)
        .where('cancelled_at', 'is', null)
        .returning('id')
        .execute();
      for (const r of replaced) await createPiiVault(trx).forget(invitationSubject(r.id));
      await trx
        .insertInto('event_invitations')
        .values({
          id: d.invitationId,
          event_id: d.eventId,
          email_hash: d.emailHash,
          email_masked: d.emailMasked,
          module: d.module,
          role: d.role,
          invited_by: d.invitedBy,
          invited_at: d.at,
          email_cipher: d.emailCipher ?? null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await touch(trx, d.eventId, d.at, version);
      if (d.emailCipher) {
        const payload = { invitationId: d.invitationId, eventId: d.eventId, eventName: d.eventName, invitedBy: d.invitedBy };
        ctx.afterCommit(({ jobs }) => jobs.enqueue(invitationMailJob, payload, e.eventId));
      }
      return;
    }
    case 'events.CollaboratorInvitationCancelled': {
      const d = e.data;
      await trx
        .updateTable('event_invitations')
        .set({ cancelled_at: d.at, cancelled_by: d.cancelledBy, email_cipher: null })
        .where('id', '=', d.invitationId)
        .execute();
      // Cancelled: the invitee's e-mail in the log becomes unreadable, and no invitation mail can go out any more.
      await createPiiVault(trx).forget(invitationSubject(d.invitationId));
      await touch(trx, d.eventId, d.at, version);
      return;
    }
    case 'events.CollaboratorRemoved':
      await trx.deleteFrom('event_members').where('event_id', '=', e.data.eventId).where('user_id', '=', e.data.userId).where('owner', '=', false).execute();
      await touch(trx, e.data.eventId, e.data.at, version);
      return;
  }
}

/** Events, ticket types, payment methods (public part), team (event_members) and pending invitations. */
export const eventsReadModels = defineProjection<EventsEvent>({
  name: 'events.read-models',
  eventTypes: EVENT_TYPES,
  async handle(events, ctx) {
    const touched = new Map<string, { version: number; type: string; position: string; extra: Set<string> }>();
    for (const e of events) {
      // The team of a deleted draft is gone from event_members once applied: tell them from the rows before.
      const before =
        e.type === 'events.EventDeleted' && !ctx.replaying
          ? await ctx.trx.selectFrom('event_members').select('user_id').distinct().where('event_id', '=', e.data.eventId).execute()
          : [];
      await apply(ctx, e);
      const entry = touched.get(e.data.eventId) ?? { version: 0, type: '', position: '', extra: new Set<string>() };
      for (const r of before) entry.extra.add(r.user_id);
      Object.assign(entry, { version: e.streamVersion, type: e.type, position: e.position });
      if (e.type === 'events.CollaboratorRemoved' && e.data.userId) entry.extra.add(e.data.userId);
      touched.set(e.data.eventId, entry);
    }
    if (ctx.replaying) return;
    for (const [eventId, t] of touched) {
      const members = await ctx.trx.selectFrom('event_members').select('user_id').distinct().where('event_id', '=', eventId).execute();
      const rooms = [...new Set([...members.map((m) => m.user_id), ...t.extra])].map(userRoom);
      const payload: EventUpdatedPayload = { eventId, version: t.version, type: t.type, position: t.position };
      ctx.afterCommit(({ realtime }) => realtime.emit(rooms, EVENT_UPDATED_SOCKET_EVENT, payload));
    }
  },
  async reset(trx) {
    await trx.deleteFrom('event_invitations').execute();
    await trx.deleteFrom('event_members').execute();
    await trx.deleteFrom('event_payment_methods').execute();
    await trx.deleteFrom('event_ticket_types').execute();
    await trx.deleteFrom('events').execute();
  },
});
