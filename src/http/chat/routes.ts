import type { Router } from 'express';
import { z } from 'zod';
import {
  addGroupMembersBody,
  addGroupMembersResponse,
  CHAT_PAGE_SIZE,
  createGroupRoomBody,
  createGroupRoomResponse,
  getChatRoomQuery,
  getChatRoomResponse,
  leaveGroupResponse,
  listChatMessagesQuery,
  listChatMessagesResponse,
  listChatUsersQuery,
  listChatUsersResponse,
  listGroupRoomsResponse,
  newChatMessagesQuery,
  newChatMessagesResponse,
  sendChatMessageQuery,
  sendChatMessageResponse,
  updateChatMessageBody,
  updateChatMessageResponse,
  updateChatMessagesBody,
  updateChatMessagesByRoomBody,
  updateChatMessagesByRoomQuery,
  updateChatMessagesByRoomResponse,
  updateChatMessagesResponse,
} from '../../contracts/chat.js';
import type { AppContext } from '../../context.js';
import { markAllDelivered, markMessage, markRoomViewed } from '../../commands/chat/mark-messages.js';
import { addGroupMembers, createGroupRoom, getOrOpenIndividualRoom, leaveGroupRoom, requireRoomMember } from '../../commands/chat/rooms.js';
import { sendMessage } from '../../commands/chat/send-message.js';
import { NotFoundError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';
import { waitForPosition } from '../../projections/wait.js';
import { chatList, findMessage, groupRooms, listMessages, listNewMessages } from '../../projections/chat/queries.js';
import { defineRoute } from '../route.js';

const tag = 'chat';
// The text rule is the domain's (it answers the spec's own message); the transport only caps the size.
const looseSendBody = z.object({ message: z.unknown() });
const idParams = z.object({ id: z.string().min(1).max(100) });

/** Routes of the chat module (spec 7). Every room read or write checks membership (403 otherwise). */
export function registerChatRoutes(router: Router, ctx: AppContext) {
  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/chatMessage', summary: 'Historial de una sala (páginas de la más reciente a la más antigua)', tag, auth: 'user', query: listChatMessagesQuery, response: listChatMessagesResponse },
    async ({ query, user }) => {
      await requireRoomMember(ctx, query._room, user!._id);
      return listMessages(ctx.db, query._room, query.skip + query.newMessages, query.limit);
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/chatMessage', summary: 'Enviar un mensaje (id creado por el cliente: reintentos seguros)', tag, auth: 'user', query: sendChatMessageQuery, body: looseSendBody, response: sendChatMessageResponse },
    async ({ query, body, user }) => {
      const r = await sendMessage(ctx, user!, { roomId: query._room, clientId: query.id, text: body.message as string });
      return { data: r.message, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'put', path: '/chatMessage/:id', summary: 'Marcar un mensaje recibido como entregado o visto', tag, auth: 'user', params: idParams, body: updateChatMessageBody, response: updateChatMessageResponse },
    async ({ params, body, user }) => {
      const r = await markMessage(ctx, user!._id, params.id, body.state);
      if (r.position) await waitForPosition(ctx.db, ctx.store, r.position);
      const data = await findMessage(ctx.db, params.id);
      if (!data) throw new NotFoundError('CHAT_MESSAGE_NOT_FOUND', messages.chat.messageNotFound);
      return { data, position: r.position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'put', path: '/chatMessages', summary: 'Marcar como entregados todos los mensajes recibidos', tag, auth: 'user', body: updateChatMessagesBody, response: updateChatMessagesResponse },
    async ({ user }) => markAllDelivered(ctx, user!._id),
  );

  defineRoute(
    router,
    ctx,
    { method: 'put', path: '/chatMessagesByChatRoom/:id', summary: 'Marcar como vistos los mensajes recibidos en una sala', tag, auth: 'user', params: idParams, query: updateChatMessagesByRoomQuery, body: updateChatMessagesByRoomBody, response: updateChatMessagesByRoomResponse },
    async ({ params, user }) => markRoomViewed(ctx, user!._id, params.id),
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/chatRoom', summary: 'Sala individual con un contacto (se crea la primera vez)', tag, auth: 'user', query: getChatRoomQuery, response: getChatRoomResponse },
    async ({ query, user }) => {
      const { room, position } = await getOrOpenIndividualRoom(ctx, user!._id, query._user);
      // Reads of the new room (history, chat list) should see it: wait for the projection (bounded).
      if (position) await waitForPosition(ctx.db, ctx.store, position);
      const me = room.members.find((m) => m.userId === user!._id)!;
      const other = room.members.find((m) => m.userId !== user!._id)!;
      return {
        chatRoom: { _id: room.roomId, type: room.roomType, name: room.name },
        sender: { _id: me.userId, _participant: me.participantId },
        receiver: { _id: other.userId, _participant: other.participantId },
      };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/chatRoom', summary: 'Crear una sala de grupo con contactos', tag, auth: 'user', body: createGroupRoomBody, response: createGroupRoomResponse, successStatus: 201 },
    async ({ body, user }) => {
      const { room, position } = await createGroupRoom(ctx, user!._id, body);
      if (position) await waitForPosition(ctx.db, ctx.store, position);
      const [data] = await groupRooms(ctx.db, user!._id, room.roomId);
      if (!data) throw new NotFoundError('CHAT_ROOM_NOT_FOUND', messages.chat.roomNotFound);
      return { data, position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'post', path: '/chatRoom/:id/members', summary: 'Agregar contactos propios a un grupo (los que ya son miembros se omiten)', tag, auth: 'user', params: idParams, body: addGroupMembersBody, response: addGroupMembersResponse },
    async ({ params, body, user }) => {
      const { position } = await addGroupMembers(ctx, user!._id, params.id, body.members);
      if (position) await waitForPosition(ctx.db, ctx.store, position);
      const [data] = await groupRooms(ctx.db, user!._id, params.id);
      if (!data) throw new NotFoundError('CHAT_ROOM_NOT_FOUND', messages.chat.roomNotFound);
      return { data, position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'delete', path: '/chatRoom/:id/members/me', summary: 'Salir de un grupo (salir otra vez no cambia nada)', tag, auth: 'user', params: idParams, response: leaveGroupResponse },
    async ({ params, user }) => {
      const { position } = await leaveGroupRoom(ctx, user!._id, params.id);
      // The group leaves the caller's lists (GET chatRooms) before the answer.
      if (position) await waitForPosition(ctx.db, ctx.store, position);
      return { _room: params.id, position };
    },
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/chatRooms', summary: 'Salas de grupo del usuario', tag, auth: 'user', response: listGroupRoomsResponse },
    async ({ user }) => ({ data: await groupRooms(ctx.db, user!._id) }),
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/users', summary: 'Lista del chat: contactos conectados o desconectados', tag, auth: 'user', query: listChatUsersQuery, response: listChatUsersResponse },
    async ({ query, user }) => ({ data: await chatList(ctx.db, user!._id, query.state) }),
  );

  defineRoute(
    router,
    ctx,
    { method: 'get', path: '/newChatMessage', summary: 'Mensajes recibidos mientras no había conexión (por páginas)', tag, auth: 'user', query: newChatMessagesQuery, response: newChatMessagesResponse },
    async ({ query, user }) => {
      if (query._room) await requireRoomMember(ctx, query._room, user!._id);
      const lastDateBack = query.lastDateBack ?? ctx.clock().toISOString();
      const page = await listNewMessages(ctx.db, user!._id, {
        roomId: query._room,
        after: query.lastDateFront,
        until: lastDateBack,
        skip: query.skip,
        limit: CHAT_PAGE_SIZE,
      });
      return { ...page, lastDateBack: new Date(lastDateBack).toISOString() };
    },
  );
}
