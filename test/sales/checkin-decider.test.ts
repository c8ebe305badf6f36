import { describe, expect, it } from 'vitest';
import { checkinDecider, ScanRefused, type CheckinEvent, type ScanTicket, type ScannedTicket } from '../../src/domain/sales/checkin.js';
import { roomsDecider, type RoomsEvent } from '../../src/domain/sales/checkin-rooms.js';
import { DomainError, NotFoundError } from '../../src/domain/shared/errors.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(checkinDecider);
const at = SPEC_NOW.toISOString();
const EVENT = '11111111-1111-4111-8111-111111111111';
const OTHER_EVENT = '11111111-1111-4111-8111-111111111112';
const TICKET = '33333333-3333-4333-8333-333333333333';
const GENERAL = '22222222-2222-4222-8222-222222222221';
const VIP = '22222222-2222-4222-8222-222222222222';
const ROOM = '44444444-4444-4444-8444-444444444441';
const ROOM_B = '44444444-4444-4444-8444-444444444442';

const ticket = (over: Partial<ScannedTicket> = {}): ScannedTicket => ({ ticketId: TICKET, eventId: EVENT, ticketTypeId: GENERAL, ticketTypeName: 'General', status: 'valid', ...over });
const scan = (over: Partial<ScanTicket['data']> = {}): ScanTicket => ({
  type: 'sales.ScanTicket',
  data: { ticket: ticket(), eventId: EVENT, door: 'Puerta 1', room: null, direction: 'in', scanId: 'scan-1', ...over },
});
const admitted = (over: Partial<CheckinEvent['data']> = {}): CheckinEvent => ({
  type: 'sales.TicketAdmitted',
  data: { ticketId: TICKET, eventId: EVENT, door: 'Puerta 1', room: null, scanId: 'scan-1', at, by: SPEC_USER_ID, ...over },
});
const exited = (over: Partial<CheckinEvent['data']> = {}): CheckinEvent => ({
  type: 'sales.TicketExited',
  data: { ticketId: TICKET, eventId: EVENT, door: 'Puerta 1', room: null, scanId: 'scan-2', at, by: SPEC_USER_ID, ...over },
});
const refused = (reason: string, code: string, message?: string) => (e: ScanRefused) =>
  e.reason === reason && e.code === code && (message === undefined || e.messagePublic === message);

describe('check-in decider (sales-checkin-<ticketId>)', () => {
  it('admits a valid ticket of the door’s event once, by the scanning user, at the scan time when given', () => {
    spec.given([]).when(scan()).then([admitted()]);
    spec.given([]).when(scan({ scannedAt: '2026-03-02T09:58:00.000Z' })).then([admitted({ at: '2026-03-02T09:58:00.000Z' })]);
  });

  it('refuses a second entry while inside, naming the admission it met', () => {
    const err = spec.given([admitted()]).when(scan({ door: 'Puerta 2', scanId: 'scan-9' })).thenThrows(ScanRefused, refused('conflict', 'ALREADY_ADMITTED', 'Esta entrada ya ingresó.'));
    expect((err as ScanRefused).admission).toEqual({ door: 'Puerta 1', room: null, at });
    expect((err as ScanRefused).status).toBe(409);
  });

  it('lets a ticket out and back in (re-entry), and refuses an exit without an entry', () => {
    spec.given([admitted()]).when(scan({ direction: 'out', scanId: 'scan-2' })).then([exited()]);
    spec.given([admitted(), exited()]).when(scan({ scanId: 'scan-3', door: 'Puerta 2' })).then([admitted({ scanId: 'scan-3', door: 'Puerta 2' })]);
    spec.given([]).when(scan({ direction: 'out' })).thenThrows(ScanRefused, refused('not_inside', 'NOT_INSIDE'));
    spec.given([admitted(), exited()]).when(scan({ direction: 'out', scanId: 'scan-4' })).thenThrows(ScanRefused, refused('not_inside', 'NOT_INSIDE'));
    spec
      .given([admitted(), exited(), admitted({ scanId: 'scan-3' })])
      .when(scan({ direction: 'out', scanId: 'x' }))
      .thenState((s) => expect(s).toMatchObject({ inside: false, entries: 2, exits: 2, firstAdmission: { door: 'Puerta 1', room: null, at } }));
  });

  it('refuses a ticket of another event, a cancelled and a refunded ticket, before anything else', () => {
    spec.given([]).when(scan({ ticket: ticket({ eventId: OTHER_EVENT }) })).thenThrows(ScanRefused, refused('wrong_event', 'WRONG_EVENT', 'Esta entrada es de otro evento.'));
    spec.given([]).when(scan({ ticket: ticket({ status: 'cancelled' }) })).thenThrows(ScanRefused, refused('cancelled', 'TICKET_CANCELLED', 'Esta entrada fue anulada: no puede ingresar.'));
    spec.given([]).when(scan({ ticket: ticket({ status: 'refunded' }) })).thenThrows(ScanRefused, refused('cancelled', 'TICKET_REFUNDED', 'Esta entrada fue reembolsada: no puede ingresar.'));
    // Even when inside already: a ticket refunded after entering cannot re-enter either.
    spec.given([admitted(), exited()]).when(scan({ ticket: ticket({ status: 'refunded' }), scanId: 'y' })).thenThrows(ScanRefused, refused('cancelled', 'TICKET_REFUNDED'));
  });

  it('rooms: only the allowed types enter; entering a room admits into the venue; one room at a time; a room exit stays inside', () => {
    const vipRoom = { roomId: ROOM, name: 'Auditorio VIP', ticketTypeIds: [VIP] };
    const openRoom = { roomId: ROOM_B, name: 'Sala B', ticketTypeIds: [] };
    spec
      .given([])
      .when(scan({ room: vipRoom }))
      .thenThrows(ScanRefused, refused('room_not_allowed', 'ROOM_NOT_ALLOWED', 'Las entradas «General» no pueden ingresar a «Auditorio VIP».'));
    spec.given([]).when(scan({ room: vipRoom, ticket: ticket({ ticketTypeId: VIP, ticketTypeName: 'VIP' }) })).then([admitted({ room: ROOM })]);
    spec.given([]).when(scan({ room: openRoom })).thenState((s) => expect(s).toMatchObject({ inside: true, room: ROOM_B }));
    // Inside the venue, into a room; already in that room is a conflict; another room moves it.
    spec.given([admitted()]).when(scan({ room: openRoom, scanId: 's2' })).then([admitted({ room: ROOM_B, scanId: 's2' })]);
    spec.given([admitted(), admitted({ room: ROOM_B, scanId: 's2' })]).when(scan({ room: openRoom, scanId: 's3' })).thenThrows(ScanRefused, refused('conflict', 'ALREADY_IN_ROOM', 'Esta entrada ya está en «Sala B».'));
    spec
      .given([admitted(), admitted({ room: ROOM_B, scanId: 's2' })])
      .when(scan({ room: { ...vipRoom, ticketTypeIds: [] }, scanId: 's3' }))
      .thenState((s) => expect(s).toMatchObject({ inside: true, room: ROOM, admission: { door: 'Puerta 1', room: null, at } }));
    // A room exit keeps the ticket inside (the venue's door still refuses a second entry); a door exit leaves both.
    spec
      .given([admitted(), admitted({ room: ROOM_B, scanId: 's2' })])
      .when(scan({ room: openRoom, direction: 'out', scanId: 's3' }))
      .thenState((s) => expect(s).toMatchObject({ inside: true, room: null }));
    spec.given([admitted(), admitted({ room: ROOM_B, scanId: 's2' }), exited({ room: ROOM_B, scanId: 's3' })]).when(scan({ scanId: 's4' })).thenThrows(ScanRefused, refused('conflict', 'ALREADY_ADMITTED'));
    spec.given([admitted()]).when(scan({ room: openRoom, direction: 'out', scanId: 's3' })).thenThrows(ScanRefused, refused('not_inside', 'NOT_IN_ROOM', 'Esta entrada no está en «Sala B».'));
    spec.given([admitted({ room: ROOM_B })]).when(scan({ direction: 'out', scanId: 's5' })).thenState((s) => expect(s).toMatchObject({ inside: false, room: null }));
  });
});

describe('rooms decider (sales-rooms-<eventId>)', () => {
  const rooms = DeciderSpecification.for(roomsDecider);
  const added: RoomsEvent = { type: 'sales.RoomAdded', data: { eventId: EVENT, roomId: ROOM, name: 'Auditorio', capacity: 100, ticketTypeIds: [VIP], at, by: SPEC_USER_ID } };
  const add = (over: Record<string, unknown> = {}) => ({
    type: 'sales.AddRoom' as const,
    data: { eventId: EVENT, roomId: ROOM, name: ' Auditorio ', capacity: 100, ticketTypeIds: [VIP, VIP], knownTicketTypeIds: [GENERAL, VIP], ...over },
  });

  it('adds a room (name trimmed, types once), refuses a taken name and a foreign ticket type', () => {
    rooms.given([]).when(add()).then([added]);
    rooms.given([added]).when(add({ roomId: ROOM_B, name: 'auditorio' })).thenThrows(DomainError, (e) => e.code === 'ROOM_NAME_TAKEN' && e.messagePublic === 'Ya existe una sala llamada «auditorio».');
    rooms.given([]).when(add({ ticketTypeIds: ['nope'] })).thenThrows(DomainError, (e) => e.code === 'ROOM_UNKNOWN_TICKET_TYPE');
  });

  it('changes and removes a room; an unchanged edit records nothing; an unknown room is a 404', () => {
    const change = { type: 'sales.ChangeRoom' as const, data: { eventId: EVENT, roomId: ROOM, name: 'Auditorio', capacity: 80, ticketTypeIds: [VIP], knownTicketTypeIds: [VIP] } };
    rooms.given([added]).when(change).then([{ type: 'sales.RoomChanged', data: { eventId: EVENT, roomId: ROOM, name: 'Auditorio', capacity: 80, ticketTypeIds: [VIP], at, by: SPEC_USER_ID } }]);
    rooms.given([added]).when({ ...change, data: { ...change.data, capacity: 100 } }).then([]);
    rooms.given([added]).when({ type: 'sales.RemoveRoom', data: { eventId: EVENT, roomId: ROOM } }).thenState((s) => expect(s.rooms.size).toBe(0));
    rooms.given([]).when({ type: 'sales.RemoveRoom', data: { eventId: EVENT, roomId: ROOM } }).thenThrows(NotFoundError);
    rooms.given([]).when(change).thenThrows(NotFoundError, (e) => e.messagePublic === 'La sala no existe.');
  });
});
