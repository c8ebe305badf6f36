import type {
  CollaboratorInvited,
  CollaboratorRemoved,
  EventCancelled,
  EventCreated,
  EventDeleted,
  EventDetailsChanged,
  EventPublished,
} from '../../domain/events/event.js';
import type { ParticipantApproved, ParticipantRejected } from '../../domain/businessConference/participant.js';
import type { InvitationAccepted as ExhibitorInvitationAccepted } from '../../domain/exhibitor/company.js';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { defineProjection } from '../projection.js';

/** The events module's facts that change who may do what in an event. */
export type AccessSourceEvent =
  | EventCreated
  | EventDetailsChanged
  | EventPublished
  | EventCancelled
  | EventDeleted
  | CollaboratorInvited
  | CollaboratorRemoved
  | ParticipantApproved
  | ParticipantRejected
  | ExhibitorInvitationAccepted;

/**
 * `access.memberships`: the read model the guard asks (one indexed query per request, src/projections/access/queries.ts).
 * access_events holds each event's organizer (client), code and name; access_memberships the roles granted in
 * it. The organizer's administrator role is implied by access_events.client_id, so a module added later is
 * the organizer's without a backfill. Built from the log alone: a rebuild gives the same rows.
 */
/**
 * Grants a role in an event (a round of it when `roundId` is set) in one statement: the client comes from the
 * event's row, so an unknown event inserts nothing; a second grant of the same place replaces the role.
 */
async function grant(
  trx: Transaction<DB>,
  g: { userId: string; eventId: string; module: string; role: string; roundId: string | null; exhibitorCompanyId?: string | null; by: string | null; at: string },
) {
  await trx
    .insertInto('access_memberships')
    .columns(['user_id', 'client_id', 'event_id', 'module', 'role', 'round_id', 'exhibitor_company_id', 'granted_by', 'granted_at'])
    .expression((eb) =>
      eb
        .selectFrom('access_events')
        .select([
          eb.val(g.userId).as('user_id'),
          'client_id',
          'event_id',
          eb.val(g.module).as('module'),
          eb.val(g.role).as('role'),
          sql<string | null>`${g.roundId}::text`.as('round_id'),
          sql<string | null>`${g.exhibitorCompanyId ?? null}::text`.as('exhibitor_company_id'),
          eb.val(g.by).as('granted_by'),
          sql<Date>`${g.at}::timestamptz`.as('granted_at'),
        ])
        .where('event_id', '=', g.eventId),
    )
    .onConflict((oc) => oc.columns(['user_id', 'event_id', 'module', 'round_id', 'exhibitor_company_id']).doUpdateSet({ role: g.role, granted_by: g.by, granted_at: g.at }))
    .execute();
}

export const accessMemberships = defineProjection<AccessSourceEvent>({
  name: 'access.memberships',
  eventTypes: [
    'events.EventCreated',
    'events.EventDetailsChanged',
    'events.EventPublished',
    'events.EventCancelled',
    'events.EventDeleted',
    'events.CollaboratorInvited',
    'events.CollaboratorRemoved',
    'businessConference.ParticipantApproved',
    'businessConference.ParticipantRejected',
    'exhibitor.InvitationAccepted',
  ],
  async handle(events, { trx }) {
    for (const e of events) {
      switch (e.type) {
        case 'events.EventCreated':
          await trx
            .insertInto('access_events')
            .values({ event_id: e.data.eventId, client_id: e.data.ownerId, event_code: e.data.eventCode, event_name: e.data.eventName, published: false, created_at: e.data.at })
            .onConflict((oc) => oc.column('event_id').doNothing())
            .execute();
          break;
        case 'events.EventDetailsChanged': {
          const { eventCode, eventName } = e.data.changes;
          if (eventCode === undefined && eventName === undefined) break;
          await trx
            .updateTable('access_events')
            .set({ ...(eventCode !== undefined ? { event_code: eventCode } : {}), ...(eventName !== undefined ? { event_name: eventName } : {}) })
            .where('event_id', '=', e.data.eventId)
            .execute();
          break;
        }
        case 'events.EventPublished':
          await trx.updateTable('access_events').set({ published: true }).where('event_id', '=', e.data.eventId).execute();
          break;
        case 'events.EventCancelled':
          // Its team keeps access (to read it and its history); it is no longer a published event.
          await trx.updateTable('access_events').set({ published: false, cancelled: true }).where('event_id', '=', e.data.eventId).execute();
          break;
        case 'events.EventDeleted':
          // A deleted draft authorizes no one any more, its owner included (the owner's role is the access_events row).
          await trx.deleteFrom('access_memberships').where('event_id', '=', e.data.eventId).execute();
          await trx.deleteFrom('access_events').where('event_id', '=', e.data.eventId).execute();
          break;
        case 'events.CollaboratorInvited': {
          const d = e.data;
          await grant(trx, { userId: d.inviteeUserId, eventId: d.eventId, module: d.module, role: d.role, roundId: null, by: d.invitedBy, at: d.at });
          break;
        }
        case 'events.CollaboratorRemoved':
          await trx.deleteFrom('access_memberships').where('event_id', '=', e.data.eventId).where('user_id', '=', e.data.userId).execute();
          break;
        case 'businessConference.ParticipantApproved': {
          // An approved participant holds their type (offer, demand, offer_demand) as a role in that round only.
          const d = e.data;
          await grant(trx, { userId: d.userId, eventId: d.eventId, module: 'businessConference', role: d.participantType, roundId: d.roundId, by: d.by, at: d.at });
          break;
        }
        case 'businessConference.ParticipantRejected':
          await trx
            .deleteFrom('access_memberships')
            .where('event_id', '=', e.data.eventId)
            .where('user_id', '=', e.data.userId)
            .where('module', '=', 'businessConference')
            .where('round_id', '=', e.data.roundId)
            .execute();
          break;
        case 'exhibitor.InvitationAccepted': {
          // The company's administrator, exhibitors and speakers hold the exhibitor role in that company only.
          const d = e.data;
          await grant(trx, { userId: d.userId, eventId: d.eventId, module: 'exhibitor', role: 'exhibitor', roundId: null, exhibitorCompanyId: d.companyId, by: null, at: d.at });
          break;
        }
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('access_memberships').execute();
    await trx.deleteFrom('access_events').execute();
  },
});
