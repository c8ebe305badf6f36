import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/shared/errors.js';
import { buildHistory } from '../../src/domain/events/audit.js';
import {
  eventDecider,
  type EventDetails,
  type EventsEvent,
  type TicketTypeFields,
  type PaymentMethodConfig,
  sellableTotal,
  ticketsTotal,
} from '../../src/domain/events/event.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(eventDecider);
const at = SPEC_NOW.toISOString();
const EVENT_ID = '11111111-1111-4111-8111-111111111111';
const OWNER = SPEC_USER_ID;
const T1 = '22222222-2222-4222-8222-222222222221';
const T2 = '22222222-2222-4222-8222-222222222222';
const PM1 = '33333333-3333-4333-8333-333333333331';
const OTHER = '44444444-4444-4444-8444-444444444444';

const details: EventDetails = {
  eventName: 'Café de Lima',
  eventCode: 'cafe-lima',
  description: null,
  venue: 'Miraflores',
  onlineUrl: null,
  startDate: '2026-05-01T19:00:00.000Z',
  endDate: '2026-05-01T23:00:00.000Z',
  timeZone: 'America/Lima',
  currency: 'PEN',
  capacity: 100,
};
const ticket = (price: number, over: Partial<TicketTypeFields> = {}): TicketTypeFields => ({
  name: price ? 'General' : 'Libre',
  price,
  quantity: 50,
  saleStart: null,
  saleEnd: null,
  minPerOrder: 1,
  maxPerOrder: 10,
  visibility: 'public',
  ...over,
});
const bank: PaymentMethodConfig = { kind: 'bankDeposit', bank: 'BCP', account: '191-1', holder: 'Aforo SAC', instructions: null };

const created: EventsEvent = { type: 'events.EventCreated', data: { eventId: EVENT_ID, ownerId: OWNER, ...details, at } };
const freeTicketName = 'Libre';
const freeTicket: EventsEvent = { type: 'events.TicketTypeAdded', data: { eventId: EVENT_ID, ticketTypeId: T1, ...ticket(0), at } };
const paidTicket: EventsEvent = { type: 'events.TicketTypeAdded', data: { eventId: EVENT_ID, ticketTypeId: T2, ...ticket(25.5), at } };
const bankAdded: EventsEvent = { type: 'events.PaymentMethodAdded', data: { eventId: EVENT_ID, paymentMethodId: PM1, method: bank, at } };
const published = (withoutPaymentMethod: boolean): EventsEvent => ({
  type: 'events.EventPublished',
  data: { eventId: EVENT_ID, eventCode: 'cafe-lima', eventName: 'Café de Lima', ownerId: OWNER, withoutPaymentMethod, team: [], at },
});
const code = (c: string) => (e: unknown) => e instanceof DomainError && e.code === c;

describe('create and edit', () => {
  it('creates an event', () => {
    spec.when({ type: 'CreateEvent', data: { eventId: EVENT_ID, ownerId: OWNER, ...details } }).then([created]);
  });
  it('refuses an end before the start', () => {
    spec
      .when({ type: 'CreateEvent', data: { eventId: EVENT_ID, ownerId: OWNER, ...details, endDate: details.startDate } })
      .thenThrows(code('END_BEFORE_START'));
  });
  it('needs a venue or an online link', () => {
    spec.when({ type: 'CreateEvent', data: { eventId: EVENT_ID, ownerId: OWNER, ...details, venue: null } }).thenThrows(code('VENUE_REQUIRED'));
  });
  it('refuses an unknown time zone', () => {
    spec.when({ type: 'CreateEvent', data: { eventId: EVENT_ID, ownerId: OWNER, ...details, timeZone: 'Mars/Olympus' } }).thenThrows(code('INVALID_TIME_ZONE'));
  });
  it('refuses creating the same event twice', () => {
    spec.given([created]).when({ type: 'CreateEvent', data: { eventId: EVENT_ID, ownerId: OWNER, ...details } }).thenThrows(code('EVENT_EXISTS'));
  });
  it('records only the fields that changed', () => {
    spec
      .given([created])
      .when({ type: 'UpdateEvent', data: { changes: { eventName: 'Café de Lima', venue: 'Barranco' } } })
      .then([{ type: 'events.EventDetailsChanged', data: { eventId: EVENT_ID, changes: { venue: 'Barranco' }, at } }]);
    spec.given([created]).when({ type: 'UpdateEvent', data: { changes: { eventName: 'Café de Lima' } } }).then([]);
  });
  it('checks dates against the stored ones when only one changes', () => {
    spec.given([created]).when({ type: 'UpdateEvent', data: { changes: { endDate: '2026-04-30T00:00:00.000Z' } } }).thenThrows(code('END_BEFORE_START'));
  });
  it('accepts a capacity below the tickets created (a quota shared by the ticket types)', () => {
    spec
      .given([created, paidTicket])
      .when({ type: 'UpdateEvent', data: { changes: { capacity: 10 } } })
      .then([{ type: 'events.EventDetailsChanged', data: { eventId: EVENT_ID, changes: { capacity: 10 }, at } }]);
  });
  it('locks the currency once published', () => {
    spec.given([created, freeTicket, published(true)]).when({ type: 'UpdateEvent', data: { changes: { currency: 'USD' } } }).thenThrows(code('CURRENCY_LOCKED'));
  });
  it('editing an unknown event is a 404', () => {
    spec.when({ type: 'UpdateEvent', data: { changes: { venue: 'x' } } }).thenThrows(DomainError, (e) => e.status === 404);
  });
});

describe('publish rules, in the spec order', () => {
  const publish = { type: 'PublishEvent' as const, data: {} };
  it('(1) no ticket: NO_TICKETS, even with a payment method', () => {
    spec.given([created, bankAdded]).when(publish).thenThrows(code('NO_TICKETS'));
  });
  it('(2) maximum price 0: publishes without a payment method', () => {
    spec.given([created, freeTicket]).when(publish).then([published(true)]);
  });
  it('(3) paid tickets and no payment method: NO_PAYMENT_METHOD', () => {
    spec.given([created, freeTicket, paidTicket]).when(publish).thenThrows(code('NO_PAYMENT_METHOD'));
  });
  it('(4) paid tickets with a payment method: publishes', () => {
    spec.given([created, paidTicket, bankAdded]).when(publish).then([published(false)]);
  });
  it('publishing again changes nothing (no unpublish, idempotent retry)', () => {
    spec.given([created, freeTicket, published(true)]).when(publish).then([]);
  });
  it('EventPublished carries what notifications need', () => {
    spec.given([created, freeTicket]).when(publish).then((events) => {
      expect(events[0].data).toMatchObject({ eventId: EVENT_ID, eventCode: 'cafe-lima', eventName: 'Café de Lima', ownerId: OWNER });
    });
  });
  it('EventPublished records the team of that moment (collaborators still holding a role, not the owner)', () => {
    const THIRD = '55555555-5555-4555-8555-555555555555';
    const grant = (userId: string): EventsEvent => ({
      type: 'events.CollaboratorInvited',
      data: { eventId: EVENT_ID, eventName: 'Café de Lima', inviteeUserId: userId, module: 'store', role: 'poll', invitedBy: OWNER, invitationId: null, at },
    });
    const removed: EventsEvent = { type: 'events.CollaboratorRemoved', data: { eventId: EVENT_ID, userId: THIRD, modules: ['store'], removedBy: OWNER, at } };
    spec.given([created, freeTicket, grant(OTHER), grant(THIRD), removed]).when(publish).then((events) => {
      expect(events[0].data).toMatchObject({ team: [OTHER] });
    });
  });
});

describe('publish with edits: one command, one append', () => {
  const renamed: EventsEvent = { type: 'events.EventDetailsChanged', data: { eventId: EVENT_ID, changes: { eventName: 'Café de Lima 2026' }, at } };
  it('decides the edits and the publication together, the publication naming the edited event', () => {
    spec
      .given([created, freeTicket])
      .when({ type: 'PublishEvent', data: { changes: { eventName: 'Café de Lima 2026', venue: 'Miraflores' } } })
      .then([renamed, { ...published(true), data: { ...published(true).data, eventName: 'Café de Lima 2026' } } as EventsEvent]);
  });
  it('an edit the publish rules refuse records nothing, not even the edit', () => {
    spec.given([created, paidTicket]).when({ type: 'PublishEvent', data: { changes: { eventName: 'Otro' } } }).thenThrows(code('NO_PAYMENT_METHOD'));
    spec.given([created]).when({ type: 'PublishEvent', data: { changes: { eventName: 'Otro' } } }).thenThrows(code('NO_TICKETS'));
  });
  it('an invalid edit refuses the publication too', () => {
    spec
      .given([created, freeTicket])
      .when({ type: 'PublishEvent', data: { changes: { endDate: '2026-05-01T18:00:00.000Z' } } })
      .thenThrows(code('END_BEFORE_START'));
  });
  it('the edits of an already published event are kept, the publication is not repeated', () => {
    spec.given([created, freeTicket, published(true)]).when({ type: 'PublishEvent', data: { changes: { eventName: 'Café de Lima 2026' } } }).then([renamed]);
  });
  it('published: false is refused once published, and a no-op on a draft', () => {
    spec.given([created, freeTicket, published(true)]).when({ type: 'UpdateEvent', data: { changes: {}, unpublish: true } }).thenThrows(code('NO_UNPUBLISH'));
    spec.given([created]).when({ type: 'UpdateEvent', data: { changes: {}, unpublish: true } }).then([]);
  });
});

describe('ticket types', () => {
  it('adds a ticket type', () => {
    spec.given([created]).when({ type: 'AddTicketType', data: { ticketTypeId: T1, ...ticket(0) } }).then([freeTicket]);
  });
  it('checks sale dates, order limits and capacity', () => {
    spec
      .given([created])
      .when({ type: 'AddTicketType', data: { ticketTypeId: T1, ...ticket(0, { saleStart: '2026-04-02T00:00:00Z', saleEnd: '2026-04-01T00:00:00Z' }) } })
      .thenThrows(code('TICKET_SALE_DATES'));
    spec.given([created]).when({ type: 'AddTicketType', data: { ticketTypeId: T1, ...ticket(0, { minPerOrder: 5, maxPerOrder: 2 }) } }).thenThrows(code('TICKET_ORDER_LIMITS'));
    spec.given([created]).when({ type: 'AddTicketType', data: { ticketTypeId: T1, ...ticket(0, { quantity: 2, minPerOrder: 3, maxPerOrder: 4 }) } }).thenThrows(code('TICKET_MIN_ABOVE_QUANTITY'));
  });
  it('keeps ticket names distinct within an event (case and accents aside)', () => {
    spec.given([created, freeTicket]).when({ type: 'AddTicketType', data: { ticketTypeId: T2, ...ticket(10), name: ` ${freeTicketName.toUpperCase()} ` } }).thenThrows(code('TICKET_NAME_TAKEN'));
    const second: EventsEvent = { type: 'events.TicketTypeAdded', data: { eventId: EVENT_ID, ticketTypeId: T2, ...ticket(10), name: 'Preferencial', at } };
    spec.given([created, freeTicket, second]).when({ type: 'ChangeTicketType', data: { ticketTypeId: T2, changes: { name: freeTicketName } } }).thenThrows(code('TICKET_NAME_TAKEN'));
    // Renaming a ticket to its own name in other letters is fine.
    spec.given([created, freeTicket]).when({ type: 'ChangeTicketType', data: { ticketTypeId: T1, changes: { name: freeTicketName.toUpperCase() } } }).then([
      { type: 'events.TicketTypeChanged', data: { eventId: EVENT_ID, ticketTypeId: T1, changes: { name: freeTicketName.toUpperCase() }, at } },
    ]);
  });
  it('sells tickets only before the event ends, and keeps the end after every sale', () => {
    // The event runs 2026-05-01 19:00-23:00 UTC.
    spec
      .given([created])
      .when({ type: 'AddTicketType', data: { ticketTypeId: T1, ...ticket(0, { saleStart: '2026-04-10T00:00:00Z', saleEnd: '2026-05-02T00:00:00Z' }) } })
      .thenThrows(code('TICKET_SALE_AFTER_EVENT'));
    spec
      .given([created])
      .when({ type: 'AddTicketType', data: { ticketTypeId: T1, ...ticket(0, { saleStart: '2026-05-01T23:00:00Z', saleEnd: null }) } })
      .thenThrows(code('TICKET_SALE_AFTER_EVENT'));
    // Selling until the very end (at the door) is fine.
    const untilTheEnd = ticket(0, { saleStart: '2026-04-10T00:00:00Z', saleEnd: '2026-05-01T23:00:00Z' });
    spec.given([created]).when({ type: 'AddTicketType', data: { ticketTypeId: T1, ...untilTheEnd } }).then([
      { type: 'events.TicketTypeAdded', data: { eventId: EVENT_ID, ticketTypeId: T1, ...untilTheEnd, at } },
    ]);
    const selling: EventsEvent = { type: 'events.TicketTypeAdded', data: { eventId: EVENT_ID, ticketTypeId: T1, ...untilTheEnd, at } };
    spec.given([created, selling]).when({ type: 'ChangeTicketType', data: { ticketTypeId: T1, changes: { saleEnd: '2026-05-03T00:00:00Z' } } }).thenThrows(code('TICKET_SALE_AFTER_EVENT'));
    // Moving the end before a ticket's sale ends is refused until the sale is moved.
    spec
      .given([created, selling])
      .when({ type: 'UpdateEvent', data: { changes: { endDate: '2026-05-01T22:00:00.000Z' } } })
      .thenThrows(code('TICKET_SALE_AFTER_EVENT'));
  });
  it('a published event keeps at least one ticket', () => {
    spec.given([created, freeTicket, published(true)]).when({ type: 'RemoveTicketType', data: { ticketTypeId: T1 } }).thenThrows(code('LAST_TICKET_PUBLISHED'));
    spec.given([created, freeTicket]).when({ type: 'RemoveTicketType', data: { ticketTypeId: T1 } }).then([
      { type: 'events.TicketTypeRemoved', data: { eventId: EVENT_ID, ticketTypeId: T1, at } },
    ]);
  });
  it('a free published event cannot get a paid ticket without a payment method', () => {
    spec.given([created, freeTicket, published(true)]).when({ type: 'ChangeTicketType', data: { ticketTypeId: T1, changes: { price: 10 } } }).thenThrows(code('PAYMENT_METHOD_REQUIRED'));
    spec.given([created, freeTicket, published(true)]).when({ type: 'AddTicketType', data: { ticketTypeId: T2, ...ticket(10, { quantity: 10 }) } }).thenThrows(code('PAYMENT_METHOD_REQUIRED'));
  });
  it('changing an unknown ticket is a 404', () => {
    spec.given([created]).when({ type: 'ChangeTicketType', data: { ticketTypeId: T1, changes: { price: 1 } } }).thenThrows(DomainError, (e) => e.status === 404);
  });
});

describe('payment methods', () => {
  it('adds one, refuses a second card', () => {
    const card: PaymentMethodConfig = { kind: 'card', key: 'pk_test', secretKeyCipher: 'enc' };
    spec.given([created]).when({ type: 'AddPaymentMethod', data: { paymentMethodId: PM1, method: card } }).then([
      { type: 'events.PaymentMethodAdded', data: { eventId: EVENT_ID, paymentMethodId: PM1, method: card, at } },
    ]);
    spec
      .given([created, { type: 'events.PaymentMethodAdded', data: { eventId: EVENT_ID, paymentMethodId: PM1, method: card, at } }])
      .when({ type: 'AddPaymentMethod', data: { paymentMethodId: T1, method: { ...card } } })
      .thenThrows(code('PAYMENT_METHOD_DUPLICATE'));
  });
  it('several bank deposits are fine', () => {
    spec.given([created, bankAdded]).when({ type: 'AddPaymentMethod', data: { paymentMethodId: T1, method: { ...bank, bank: 'BBVA' } } }).then((events) => {
      expect(events).toHaveLength(1);
    });
  });
  it('cannot change fields of another kind', () => {
    spec.given([created, bankAdded]).when({ type: 'ChangePaymentMethod', data: { paymentMethodId: PM1, changes: { merchantId: 'x' } } }).thenThrows(code('PAYMENT_METHOD_FIELDS'));
  });
  it('a published paid event keeps a payment method', () => {
    spec.given([created, paidTicket, bankAdded, published(false)]).when({ type: 'RemovePaymentMethod', data: { paymentMethodId: PM1 } }).thenThrows(code('PAYMENT_METHOD_REQUIRED'));
  });
});

describe('collaborators', () => {
  it('grants a role of the module, refuses one of another module and the owner', () => {
    spec.given([created]).when({ type: 'GrantCollaborator', data: { userId: OTHER, module: 'businessConference', role: 'production' } }).then([
      {
        type: 'events.CollaboratorInvited',
        data: { eventId: EVENT_ID, eventName: 'Café de Lima', inviteeUserId: OTHER, module: 'businessConference', role: 'production', invitedBy: SPEC_USER_ID, invitationId: null, at },
      },
    ]);
    spec.given([created]).when({ type: 'GrantCollaborator', data: { userId: OTHER, module: 'store', role: 'production' } }).thenThrows(code('ROLE_NOT_IN_MODULE'));
    spec.given([created]).when({ type: 'GrantCollaborator', data: { userId: OWNER, module: 'store', role: 'register' } }).thenThrows(code('OWNER_IS_ADMINISTRATOR'));
  });
  it('a pending invitation is accepted only by its e-mail', () => {
    const pending: EventsEvent = {
      type: 'events.CollaboratorInvitationPending',
      data: { eventId: EVENT_ID, eventName: 'Café de Lima', invitationId: T1, emailHash: 'h1', emailMasked: 'a***@x.pe', emailCipher: null, module: 'store', role: 'register', invitedBy: OWNER, at },
    };
    spec.given([created, pending]).when({ type: 'AcceptInvitation', data: { invitationId: T1, userId: OTHER, emailHash: 'h2', emailVerified: true } }).thenThrows(code('INVITATION_OTHER_EMAIL'));
    // An account that has not proved the invited e-mail takes no role (anyone may sign up with any address).
    spec.given([created, pending]).when({ type: 'AcceptInvitation', data: { invitationId: T1, userId: OTHER, emailHash: 'h1', emailVerified: false } }).thenThrows(code('EMAIL_NOT_VERIFIED'));
    spec
      .given([created, pending])
      .when({ type: 'AcceptInvitation', data: { invitationId: T1, userId: OTHER, emailHash: 'h1', emailVerified: true } })
      .thenState((s) => {
        expect(s.status === 'created' && s.members[OTHER]).toEqual({ store: 'register' });
        expect(s.status === 'created' && s.invitations).toEqual([]);
      });
  });
  describe('cancelling a pending invitation', () => {
    const pending: EventsEvent = {
      type: 'events.CollaboratorInvitationPending',
      data: { eventId: EVENT_ID, eventName: 'Café de Lima', invitationId: T1, emailHash: 'h1', emailMasked: 'a***@x.pe', emailCipher: 'CIPHER', module: 'store', role: 'register', invitedBy: OWNER, at },
    };
    const cancelled: EventsEvent = {
      type: 'events.CollaboratorInvitationCancelled',
      data: { eventId: EVENT_ID, invitationId: T1, emailMasked: 'a***@x.pe', module: 'store', role: 'register', cancelledBy: SPEC_USER_ID, at },
    };

    it('records who cancelled which invitation, and the invitation is no longer pending', () => {
      spec.given([created, pending]).when({ type: 'CancelInvitation', data: { invitationId: T1 } }).then([cancelled]);
      spec
        .given([created, pending])
        .when({ type: 'CancelInvitation', data: { invitationId: T1 } })
        .thenState((s) => {
          expect(s.status === 'created' && s.invitations).toEqual([]);
          expect(s.status === 'created' && s.cancelledInvitations).toEqual([T1]);
        });
    });
    it('cancelling again is a no-op (a retry answers success)', () => {
      spec.given([created, pending, cancelled]).when({ type: 'CancelInvitation', data: { invitationId: T1 } }).then([]);
    });
    it('an unknown or already used invitation is not found', () => {
      spec.given([created]).when({ type: 'CancelInvitation', data: { invitationId: T2 } }).thenThrows(code('INVITATION_NOT_FOUND'));
      const used: EventsEvent = {
        type: 'events.CollaboratorInvited',
        data: { eventId: EVENT_ID, eventName: 'Café de Lima', inviteeUserId: OTHER, module: 'store', role: 'register', invitedBy: OWNER, invitationId: T1, at },
      };
      spec.given([created, pending, used]).when({ type: 'CancelInvitation', data: { invitationId: T1 } }).thenThrows(code('INVITATION_NOT_FOUND'));
    });
    it('the link of a cancelled invitation grants nothing, even to the invited e-mail', () => {
      const error = spec
        .given([created, pending, cancelled])
        .when({ type: 'AcceptInvitation', data: { invitationId: T1, userId: OTHER, emailHash: 'h1', emailVerified: true } })
        .thenThrows(code('INVITATION_CANCELLED'));
      expect((error as DomainError).messagePublic).toMatch(/canceló esta invitación/);
    });
    it('a new invitation to the same e-mail after a cancellation can be accepted', () => {
      const again: EventsEvent = { ...pending, data: { ...(pending.data as object), invitationId: T2 } } as EventsEvent;
      spec
        .given([created, pending, cancelled, again])
        .when({ type: 'AcceptInvitation', data: { invitationId: T2, userId: OTHER, emailHash: 'h1', emailVerified: true } })
        .thenState((s) => expect(s.status === 'created' && s.members[OTHER]).toEqual({ store: 'register' }));
    });
    it('the audit trail shows the cancellation with the masked e-mail', () => {
      const history = buildHistory([created, pending, cancelled].map((e, i) => ({ ...e, streamVersion: i, metadata: { userId: OWNER, occurredAt: at } })));
      expect(history[2]).toMatchObject({
        type: 'events.CollaboratorInvitationCancelled',
        action: 'Invitación cancelada',
        userId: OWNER,
        subject: 'Invitación: a***@x.pe',
        changes: [
          { field: 'module', before: 'store', after: null },
          { field: 'role', before: 'register', after: null },
        ],
      });
    });
  });
  it('removes a collaborator, never the owner', () => {
    const granted: EventsEvent = {
      type: 'events.CollaboratorInvited',
      data: { eventId: EVENT_ID, eventName: 'x', inviteeUserId: OTHER, module: 'store', role: 'poll', invitedBy: OWNER, invitationId: null, at },
    };
    spec.given([created, granted]).when({ type: 'RemoveCollaborator', data: { userId: OTHER } }).then([
      { type: 'events.CollaboratorRemoved', data: { eventId: EVENT_ID, userId: OTHER, modules: ['store'], removedBy: SPEC_USER_ID, at } },
    ]);
    spec.given([created]).when({ type: 'RemoveCollaborator', data: { userId: OWNER } }).thenThrows(code('OWNER_CANNOT_BE_REMOVED'));
  });
});

describe('audit trail from the stream', () => {
  it('shows before and after of every change, never a secret', () => {
    const changed: EventsEvent = { type: 'events.EventDetailsChanged', data: { eventId: EVENT_ID, changes: { venue: 'Barranco' }, at } };
    const priced: EventsEvent = { type: 'events.TicketTypeChanged', data: { eventId: EVENT_ID, ticketTypeId: T1, changes: { price: 12 }, at } };
    const card: EventsEvent = {
      type: 'events.PaymentMethodAdded',
      data: { eventId: EVENT_ID, paymentMethodId: PM1, method: { kind: 'card', key: 'pk', secretKeyCipher: 'CIPHER' }, at },
    };
    const history = buildHistory(
      [created, changed, freeTicket, priced, card].map((e, i) => ({ ...e, streamVersion: i, metadata: { userId: OWNER, occurredAt: at } })),
    );
    expect(history[1]).toMatchObject({ action: 'Datos del evento modificados', changes: [{ field: 'venue', before: 'Miraflores', after: 'Barranco' }] });
    expect(history[3]).toMatchObject({ subject: 'Entrada: Libre', changes: [{ field: 'price', before: 0, after: 12 }] });
    expect(JSON.stringify(history)).not.toContain('CIPHER');
    expect(history[4].changes).toContainEqual({ field: 'secretKey', before: null, after: '(oculto)' });
  });
});

describe('capacity as a shared quota (pretix)', () => {
  it('accepts ticket quantities whose sum exceeds the capacity; the event sells at most the capacity', () => {
    spec
      .given([created, freeTicket])
      .when({ type: 'AddTicketType', data: { ticketTypeId: T2, ...ticket(10, { quantity: 80 }) } })
      .thenState((s) => {
        if (s.status !== 'created') throw new Error('not created');
        expect(ticketsTotal(s)).toBe(130);
        expect(sellableTotal(s)).toBe(100);
      });
  });
  it('sells the sum of the quantities when it is below the capacity, or when there is no capacity', () => {
    spec.given([created, freeTicket]).when({ type: 'UpdateEvent', data: { changes: { capacity: null } } }).thenState((s) => {
      if (s.status !== 'created') throw new Error('not created');
      expect(sellableTotal(s)).toBe(50);
    });
    spec.given([created]).when({ type: 'AddTicketType', data: { ticketTypeId: T1, ...ticket(0, { quantity: 30 }) } }).thenState((s) => {
      if (s.status !== 'created') throw new Error('not created');
      expect(sellableTotal(s)).toBe(30);
    });
  });
});

const cancelled: EventsEvent = {
  type: 'events.EventCancelled',
  data: { eventId: EVENT_ID, eventCode: 'cafe-lima', eventName: 'Café de Lima', ownerId: OWNER, team: [], cancelledBy: OWNER, at },
};
const deleted: EventsEvent = { type: 'events.EventDeleted', data: { eventId: EVENT_ID, eventCode: 'cafe-lima', deletedBy: OWNER, at } };

describe('CancelEvent', () => {
  it('cancels a published event, naming its team at that moment', () => {
    const granted: EventsEvent = {
      type: 'events.CollaboratorInvited',
      data: { eventId: EVENT_ID, eventName: 'x', inviteeUserId: OTHER, module: 'store', role: 'poll', invitedBy: OWNER, invitationId: null, at },
    };
    spec
      .given([created, freeTicket, granted, published(true)])
      .when({ type: 'CancelEvent', data: {} })
      .then([{ ...cancelled, data: { ...cancelled.data, team: [OTHER] } } as EventsEvent]);
  });
  it('is a no-op the second time', () => {
    spec.given([created, freeTicket, published(true), cancelled]).when({ type: 'CancelEvent', data: {} }).then([]);
  });
  it('refuses a draft (it is deleted instead)', () => {
    spec.given([created]).when({ type: 'CancelEvent', data: {} }).thenThrows(code('CANCEL_DRAFT'));
  });
  it('allows no more edits or publishing once cancelled', () => {
    const given = [created, freeTicket, published(true), cancelled];
    spec.given(given).when({ type: 'UpdateEvent', data: { changes: { venue: 'Barranco' } } }).thenThrows(code('EVENT_CANCELLED'));
    spec.given(given).when({ type: 'PublishEvent', data: {} }).thenThrows(code('EVENT_CANCELLED'));
    spec.given(given).when({ type: 'ChangeCover', data: { coverUrl: '/x.png' } }).thenThrows(code('EVENT_CANCELLED'));
    spec.given(given).when({ type: 'AddTicketType', data: { ticketTypeId: T2, ...ticket(10) } }).thenThrows(code('EVENT_CANCELLED'));
    spec.given(given).when({ type: 'ChangeTicketType', data: { ticketTypeId: T1, changes: { quantity: 5 } } }).thenThrows(code('EVENT_CANCELLED'));
    spec.given(given).when({ type: 'AddPaymentMethod', data: { paymentMethodId: PM1, method: bank } }).thenThrows(code('EVENT_CANCELLED'));
  });
  it('still cannot go back to draft', () => {
    spec.given([created, freeTicket, published(true), cancelled]).when({ type: 'DeleteEvent', data: {} }).thenThrows(code('DELETE_PUBLISHED'));
  });
});

describe('DeleteEvent', () => {
  it('deletes a draft, naming its code (released with the append)', () => {
    spec.given([created, freeTicket]).when({ type: 'DeleteEvent', data: {} }).then([deleted]);
  });
  it('refuses a published event (it is cancelled instead)', () => {
    spec.given([created, freeTicket, published(true)]).when({ type: 'DeleteEvent', data: {} }).thenThrows(code('DELETE_PUBLISHED'));
  });
  it('answers success without a second event when repeated', () => {
    spec.given([created, deleted]).when({ type: 'DeleteEvent', data: {} }).then([]);
  });
  it('makes every other command a "not found"', () => {
    spec.given([created, deleted]).when({ type: 'UpdateEvent', data: { changes: { venue: 'Barranco' } } }).thenThrows(code('EVENT_NOT_FOUND'));
    spec.given([created, deleted]).when({ type: 'AddTicketType', data: { ticketTypeId: T1, ...ticket(0) } }).thenThrows(code('EVENT_NOT_FOUND'));
    spec.given([created, deleted]).when({ type: 'CreateEvent', data: { eventId: EVENT_ID, ownerId: OWNER, ...details } }).thenThrows(code('EVENT_EXISTS'));
  });
});

describe('CreateEvent seeded from another event (duplicate)', () => {
  const SOURCE = '55555555-5555-4555-8555-555555555555';
  const seed = {
    duplicatedFrom: SOURCE,
    coverUrl: '/api/v2/files/covers/x/cover.png',
    tickets: [{ ticketTypeId: T1, ...ticket(0) }, { ticketTypeId: T2, ...ticket(25.5) }],
    paymentMethods: [{ paymentMethodId: PM1, method: bank }],
  };
  it('creates the draft with its cover, tickets and payment methods in one decision', () => {
    spec.when({ type: 'CreateEvent', data: { eventId: EVENT_ID, ownerId: OWNER, ...details, seed } }).then([
      { type: 'events.EventCreated', data: { eventId: EVENT_ID, ownerId: OWNER, duplicatedFrom: SOURCE, ...details, at } },
      { type: 'events.EventCoverChanged', data: { eventId: EVENT_ID, coverUrl: seed.coverUrl, at } },
      freeTicket,
      paidTicket,
      bankAdded,
    ]);
  });
  it('is a draft', () => {
    spec.when({ type: 'CreateEvent', data: { eventId: EVENT_ID, ownerId: OWNER, ...details, seed } }).thenState((s) => {
      expect(s).toMatchObject({ status: 'created', published: false, cancelledAt: null, deletedAt: null, tickets: [{ id: T1 }, { id: T2 }] });
    });
  });
  it('checks the copied tickets as it would new ones', () => {
    const twins = { ...seed, tickets: [{ ticketTypeId: T1, ...ticket(0) }, { ticketTypeId: T2, ...ticket(0) }] };
    spec.when({ type: 'CreateEvent', data: { eventId: EVENT_ID, ownerId: OWNER, ...details, seed: twins } }).thenThrows(code('TICKET_NAME_TAKEN'));
  });
});
