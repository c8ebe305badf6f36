/**
 * Socket event names of the events module, in a module without zod: the web's public pages import them from
 * their first chunks, where src/contracts/events.ts would bring zod along.
 */
export const EVENT_UPDATED_SOCKET_EVENT = 'event:updated';
