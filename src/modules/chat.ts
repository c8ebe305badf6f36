import { startRoomCacheInvalidation } from '../commands/chat/rooms.js';
import { registerChatRoutes } from '../http/chat/routes.js';
import { chatSocketModule, dropFormerMembers } from '../http/chat/socket.js';
import { chatProjections } from '../projections/chat/index.js';
import { chatJobs } from '../workers/chat/index.js';
import { defineModule } from './manifest.js';

/** Real-time chat: rooms, messages, receipts, presence. */
export const chatModule = defineModule({
  name: 'chat',
  routes: registerChatRoutes,
  sockets: chatSocketModule,
  projections: chatProjections,
  jobs: chatJobs,
  tables: ['chat_rooms', 'chat_room_members', 'chat_messages', 'chat_receipts', 'chat_presence'],
  // Membership is cached per API process; changes published on Redis drop it on every node.
  startApi: (ctx, io) =>
    startRoomCacheInvalidation(ctx, (roomId) => {
      void dropFormerMembers(io, ctx, roomId).catch((err) => ctx.logger.warn({ err, roomId }, 'chat: dropping former members failed'));
    }),
});
