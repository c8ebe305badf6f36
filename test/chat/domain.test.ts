import { describe, expect, it } from 'vitest';
import { DomainError, ForbiddenError, NotFoundError } from '../../src/domain/shared/errors.js';
import { aggregateState, chatRoomDecider, type ChatRoomEvent, type ChatRoomState } from '../../src/domain/chat/room.js';
import { individualRoomId, participantId } from '../../src/domain/chat/ids.js';
import { DeciderSpecification, SPEC_NOW } from '../support/decider-spec.js';

const spec = DeciderSpecification.for(chatRoomDecider);
const ana = 'user-ana';
const beto = 'user-beto';
const carla = 'user-carla';
const roomId = individualRoomId(ana, beto);
const members = [ana, beto].map((u) => ({ userId: u, participantId: participantId(roomId, u) }));
const at = SPEC_NOW.toISOString();

const opened: ChatRoomEvent = {
  type: 'chat.RoomOpened',
  data: { roomId, roomType: 'individual', name: '', members, openedBy: ana, openedAt: at },
};
const sent = (messageId: string, senderId = ana): ChatRoomEvent => ({
  type: 'chat.MessageSent',
  data: {
    roomId,
    messageId,
    clientId: `c-${messageId}`,
    senderId,
    participantId: participantId(roomId, senderId),
    publicUserId: `pub-${senderId}`,
    receiverId: senderId === ana ? beto : ana,
    recipients: [senderId === ana ? beto : ana],
    message: 'hola',
    sentAt: at,
  },
});
const send = (text: string, senderId = ana) => ({
  type: 'chat.SendMessage' as const,
  data: { roomId, messageId: 'm1', clientId: 'c-m1', senderId, publicUserId: `pub-${senderId}`, text },
});
const mark = (userId: string, state: 'delivered' | 'viewed', messageIds?: string[]) => ({
  type: 'chat.MarkMessages' as const,
  data: { roomId, userId, state, messageIds },
});

describe('chat room: opening', () => {
  it('opens an individual room once; opening it again decides nothing', () => {
    spec.when({ type: 'chat.OpenRoom', data: { roomId, roomType: 'individual', name: '', members, openedBy: ana } }).then([opened]);
    spec.given([opened]).when({ type: 'chat.OpenRoom', data: { roomId, roomType: 'individual', name: '', members, openedBy: ana } }).then([]);
  });

  it('individual rooms have exactly two members, including the opener', () => {
    spec
      .when({ type: 'chat.OpenRoom', data: { roomId, roomType: 'individual', name: '', members: [members[0]], openedBy: ana } })
      .thenThrows(DomainError, (e) => e.code === 'CHAT_BAD_MEMBERS');
    spec
      .when({ type: 'chat.OpenRoom', data: { roomId, roomType: 'individual', name: '', members, openedBy: carla } })
      .thenThrows(DomainError, (e) => e.code === 'CHAT_BAD_MEMBERS');
  });
});

describe('chat room: sending (40000-character rule, membership)', () => {
  it('sends trimmed text to the other member with state sent', () => {
    spec.given([opened]).when(send('  hola Beto \n'), { userId: ana }).then([
      {
        type: 'chat.MessageSent',
        data: {
          roomId,
          messageId: 'm1',
          clientId: 'c-m1',
          senderId: ana,
          participantId: participantId(roomId, ana),
          publicUserId: `pub-${ana}`,
          receiverId: beto,
          recipients: [beto],
          message: 'hola Beto',
          sentAt: at,
        },
      },
    ]);
  });

  it('accepts exactly 40000 characters and rejects 40001 with the spec message', () => {
    spec.given([opened]).when(send('x'.repeat(40000)), { userId: ana }).then((events) => expect(events).toHaveLength(1));
    spec
      .given([opened])
      .when(send('x'.repeat(40001)), { userId: ana })
      .thenThrows(DomainError, (e) => e.status === 400 && e.messagePublic === 'El mensaje debe de tener como máximo 40 000 caracteres.');
  });

  it('rejects empty and blank messages with the same message', () => {
    for (const text of ['', '   ', '\n\t ']) {
      spec
        .given([opened])
        .when(send(text), { userId: ana })
        .thenThrows(DomainError, (e) => e.messagePublic === 'El mensaje debe de tener como máximo 40 000 caracteres.');
    }
  });

  it('a non-member cannot send (403); an unknown room is 404', () => {
    spec.given([opened]).when(send('hola', carla), { userId: carla }).thenThrows(ForbiddenError);
    spec.given([]).when(send('hola'), { userId: ana }).thenThrows(NotFoundError);
  });

  it('nobody sends in the name of another member', () => {
    spec.given([opened]).when(send('hola', ana), { userId: beto }).thenThrows(ForbiddenError);
  });
});

describe('chat room: states only move forward', () => {
  it('sent -> delivered -> viewed for the receiver', () => {
    const delivered = spec.given([opened, sent('m1')]).when(mark(beto, 'delivered', ['m1'])).then((events) => {
      expect(events).toEqual([{ type: 'chat.MessagesMarked', data: { roomId, userId: beto, state: 'delivered', messageIds: ['m1'], scope: 'messages', markedAt: at } }]);
    });
    spec
      .given([opened, sent('m1'), ...delivered])
      .when(mark(beto, 'viewed'))
      .thenState((s) => {
        expect((s as Extract<ChatRoomState, { status: 'open' }>).messages.m1.receipts[beto]).toBe('viewed');
      });
  });

  it('viewed never goes back to delivered', () => {
    const viewed: ChatRoomEvent = { type: 'chat.MessagesMarked', data: { roomId, userId: beto, state: 'viewed', messageIds: ['m1'], scope: 'messages', markedAt: at } };
    spec.given([opened, sent('m1'), viewed]).when(mark(beto, 'delivered', ['m1'])).then([]);
    spec.given([opened, sent('m1'), viewed]).when(mark(beto, 'viewed', ['m1'])).then([]);
  });

  it('evolve ignores a backwards mark that raced in', () => {
    const viewed: ChatRoomEvent = { type: 'chat.MessagesMarked', data: { roomId, userId: beto, state: 'viewed', messageIds: ['m1'], scope: 'messages', markedAt: at } };
    const back: ChatRoomEvent = { type: 'chat.MessagesMarked', data: { roomId, userId: beto, state: 'delivered', messageIds: ['m1'], scope: 'messages', markedAt: at } };
    const state = [opened, sent('m1'), viewed, back].reduce(chatRoomDecider.evolve, chatRoomDecider.initialState());
    expect((state as Extract<ChatRoomState, { status: 'open' }>).messages.m1.receipts[beto]).toBe('viewed');
  });

  it('the sender does not mark its own messages; only pending ones of the receiver move', () => {
    spec.given([opened, sent('m1')]).when(mark(ana, 'viewed')).then([]);
    spec.given([opened, sent('m1'), sent('m2', beto)]).when(mark(ana, 'viewed')).then((events) => {
      expect(events[0].data).toMatchObject({ userId: ana, messageIds: ['m2'] });
    });
  });

  it('a non-member cannot mark (403); an unknown message id is 404', () => {
    spec.given([opened, sent('m1')]).when(mark(carla, 'viewed')).thenThrows(ForbiddenError);
    spec.given([opened, sent('m1')]).when(mark(beto, 'viewed', ['nope'])).thenThrows(NotFoundError);
  });

  it('a group message shows the lowest receipt of its recipients', () => {
    expect(aggregateState({ a: 'viewed', b: 'delivered' })).toBe('delivered');
    expect(aggregateState({ a: 'viewed', b: 'viewed' })).toBe('viewed');
    expect(aggregateState({ a: 'sent', b: 'viewed' })).toBe('sent');
  });
});

describe('chat ids', () => {
  it('one individual room per pair, whoever opens it', () => {
    expect(individualRoomId(ana, beto)).toBe(individualRoomId(beto, ana));
    expect(individualRoomId(ana, beto)).not.toBe(individualRoomId(ana, carla));
    expect(individualRoomId(ana, beto)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
