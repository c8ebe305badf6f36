import { sql } from 'kysely';
import type { CheckinEvent } from '../../domain/sales/checkin.js';
import type { RoomsEvent } from '../../domain/sales/checkin-rooms.js';
import { defineProjection } from '../projection.js';

/**
 * `sales.checkins`: where each ticket is (sales_checkins), every passage (sales_checkin_scans) and the event's
 * rooms (sales_rooms), from the tickets' check-in streams and the events' room streams. Feeds the door's
 * search and answers, the per-room lists and the check-ins over time; the scan itself never reads it.
 */
export const checkinsProjection = defineProjection<CheckinEvent | RoomsEvent>({
  name: 'sales.checkins',
  eventTypes: ['sales.TicketAdmitted', 'sales.TicketExited', 'sales.RoomAdded', 'sales.RoomChanged', 'sales.RoomRemoved'],
  async handle(events, { trx }) {
    for (const e of events) {
      switch (e.type) {
        case 'sales.TicketAdmitted':
        case 'sales.TicketExited': {
          const d = e.data;
          const admitted = e.type === 'sales.TicketAdmitted';
          // A replayed batch meets its own scan rows: the passage counts once.
          const inserted = await trx
            .insertInto('sales_checkin_scans')
            .values({ id: e.eventId, ticket_id: d.ticketId, event_id: d.eventId, direction: admitted ? 'in' : 'out', door: d.door, room_id: d.room, scan_id: d.scanId, at: d.at, by_user: d.by })
            .onConflict((oc) => oc.column('id').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) break;
          if (admitted) {
            await trx
              .insertInto('sales_checkins')
              .values({ ticket_id: d.ticketId, event_id: d.eventId, inside: true, room_id: d.room, last_door: d.door, first_in_at: d.at, last_in_at: d.at, entries: 1, exits: 0, updated_at: d.at })
              .onConflict((oc) =>
                oc.column('ticket_id').doUpdateSet({
                  inside: true,
                  room_id: d.room,
                  last_door: d.door,
                  last_in_at: d.at,
                  entries: sql`sales_checkins.entries + 1`,
                  updated_at: d.at,
                }),
              )
              .execute();
          } else {
            // A room exit keeps the ticket inside the venue; a door exit takes it out (and out of its room).
            await trx
              .updateTable('sales_checkins')
              .set({
                inside: d.room !== null,
                room_id: null,
                last_door: d.door,
                last_out_at: d.at,
                exits: sql`exits + 1`,
                updated_at: d.at,
              })
              .where('ticket_id', '=', d.ticketId)
              .execute();
          }
          break;
        }
        case 'sales.RoomAdded': {
          const d = e.data;
          await trx
            .insertInto('sales_rooms')
            .values({ id: d.roomId, event_id: d.eventId, name: d.name, capacity: d.capacity, ticket_type_ids: JSON.stringify(d.ticketTypeIds), created_at: d.at, updated_at: d.at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'sales.RoomChanged': {
          const d = e.data;
          await trx
            .updateTable('sales_rooms')
            .set({ name: d.name, capacity: d.capacity, ticket_type_ids: JSON.stringify(d.ticketTypeIds), updated_at: d.at })
            .where('id', '=', d.roomId)
            .execute();
          break;
        }
        case 'sales.RoomRemoved':
          await trx.deleteFrom('sales_rooms').where('id', '=', e.data.roomId).execute();
          break;
      }
    }
  },
  async reset(trx) {
    await trx.deleteFrom('sales_checkin_scans').execute();
    await trx.deleteFrom('sales_checkins').execute();
    await trx.deleteFrom('sales_rooms').execute();
  },
});
