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

describe('chat room: group membership (members stream)', () => {
  const dani = 'user-dani';
  const groupId = 'group-1';
  const member = (u: string) => ({ userId: u, participantId: participantId(groupId, u) });
  const groupOpened: ChatRoomEvent = {
    type: 'chat.RoomOpened',
    data: { roomId: groupId, roomType: 'group', name: 'Feria', members: [member(ana), member(beto)], openedBy: ana, openedAt: at },
  };
  const add = (addedBy: string, ...users: string[]) => ({
    type: 'chat.AddMembers' as const,
    data: { roomId: groupId, addedBy, members: users.map(member) },
  });
  const leave = (userId: string) => ({ type: 'chat.LeaveRoom' as const, data: { roomId: groupId, userId } });
  const added = (addedBy: string, ...users: string[]): ChatRoomEvent => ({
    type: 'chat.MembersAdded',
    data: { roomId: groupId, members: users.map(member), addedBy, addedAt: at },
  });
  const left = (userId: string): ChatRoomEvent => ({ type: 'chat.MemberLeft', data: { roomId: groupId, userId, leftAt: at } });
  const membersOf = (s: ChatRoomState) => (s as Extract<ChatRoomState, { status: 'open' }>).members.map((m) => m.userId);

  it('any member adds people; those already in are skipped and a repeat decides nothing', () => {
    spec.given([groupOpened]).when(add(beto, carla, ana, carla), { userId: beto }).then([added(beto, carla)]);
    spec.given([groupOpened, added(beto, carla)]).when(add(ana, carla), { userId: ana }).then([]);
    spec.given([groupOpened, added(beto, carla)]).when(add(carla, dani), { userId: carla }).thenState((s) => expect(membersOf(s)).toEqual([ana, beto, carla, dani]));
  });

  it('only members add (403), only to groups (400), only in their own name', () => {
    spec.given([groupOpened]).when(add(carla, dani), { userId: carla }).thenThrows(ForbiddenError);
    spec.given([]).when(add(ana, carla), { userId: ana }).thenThrows(NotFoundError);
    spec.given([groupOpened]).when(add(ana, carla), { userId: beto }).thenThrows(ForbiddenError);
    spec
      .given([opened])
      .when({ type: 'chat.AddMembers', data: { roomId, addedBy: ana, members: [{ userId: carla, participantId: 'p' }] } }, { userId: ana })
      .thenThrows(DomainError, (e) => e.status === 400 && e.messagePublic === 'Solo puedes agregar miembros a un grupo, no a una conversación individual.');
  });

  it('a member leaves; leaving again decides nothing; a stranger cannot leave (403)', () => {
    spec.given([groupOpened]).when(leave(beto), { userId: beto }).then([left(beto)]);
    spec.given([groupOpened, left(beto)]).when(leave(beto), { userId: beto }).then([]);
    spec.given([groupOpened]).when(leave(carla), { userId: carla }).thenThrows(ForbiddenError);
    spec.given([groupOpened]).when(leave(beto), { userId: ana }).thenThrows(ForbiddenError);
  });

  it('nobody leaves an individual room (400)', () => {
    spec
      .given([opened])
      .when({ type: 'chat.LeaveRoom', data: { roomId, userId: beto } }, { userId: beto })
      .thenThrows(DomainError, (e) => e.status === 400 && e.messagePublic === 'Solo puedes salir de un grupo, no de una conversación individual.');
  });

  it('messages go to the members at send time: a new member receives, one who left neither receives nor sends', () => {
    const sendIn = (senderId: string) => ({
      type: 'chat.SendMessage' as const,
      data: { roomId: groupId, messageId: 'm1', clientId: 'c-m1', senderId, publicUserId: `pub-${senderId}`, text: 'hola' },
    });
    spec.given([groupOpened, added(ana, carla)]).when(sendIn(ana), { userId: ana }).then((events) => {
      expect(events[0].data).toMatchObject({ recipients: [beto, carla], receiverId: null });
    });
    spec.given([groupOpened, added(ana, carla), left(beto)]).when(sendIn(ana), { userId: ana }).then((events) => {
      expect(events[0].data).toMatchObject({ recipients: [carla] });
    });
    spec.given([groupOpened, left(beto)]).when(sendIn(beto), { userId: beto }).thenThrows(ForbiddenError);
  });

  it('one who left can be added again: a member once more, no longer a former member', () => {
    spec.given([groupOpened, left(beto)]).when(add(ana, beto), { userId: ana }).then([added(ana, beto)]);
    spec
      .given([groupOpened, left(beto), added(ana, beto)])
      .when(leave(beto), { userId: beto })
      .thenState((s) => {
        expect(membersOf(s)).toEqual([ana]);
        expect((s as Extract<ChatRoomState, { status: 'open' }>).formerMembers).toEqual([beto]);
      });
  });
});

describe('chat ids', () => {
  it('one individual room per pair, whoever opens it', () => {
    expect(individualRoomId(ana, beto)).toBe(individualRoomId(beto, ana));
    expect(individualRoomId(ana, beto)).not.toBe(individualRoomId(ana, carla));
    expect(individualRoomId(ana, beto)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
