/**
 * The Socket.IO events of the whole product, assembled from each module's contract: the server's pushes
 * (`realtime.emit`, socket broadcasts) and the web app's socket are typed by the same maps, so an event name
 * and its payload cannot drift apart between them. A module with socket events adds its map here.
 */
import type { ChatClientToServerEvents, ChatServerToClientEvents } from './chat.js';
import type { EventsServerToClientEvents } from './events.js';
import type { NotificationsServerToClientEvents } from './notifications.js';
import type { SalesServerToClientEvents } from './sales-socket.js';
import type { BusinessConferenceDeskServerToClientEvents } from './businessConference-desk.js';
import type { ContactsCampaignsServerToClientEvents } from './contacts-campaigns.js';
import type { ContactsImportServerToClientEvents } from './contacts-import.js';

/**
 * Server -> client: event name -> listener of its one payload. An interface, so that a test may declare
 * events of its own by module augmentation (test/realtime/test-events.ts).
 */
export interface ServerToClientEvents
  extends ChatServerToClientEvents,
    NotificationsServerToClientEvents,
    EventsServerToClientEvents,
    SalesServerToClientEvents,
    BusinessConferenceDeskServerToClientEvents,
    ContactsCampaignsServerToClientEvents,
    ContactsImportServerToClientEvents {}

/** Client -> server: event name -> handler of its payload and optional acknowledgement. */
export type ClientToServerEvents = ChatClientToServerEvents;

/** The names the server may push. */
export type ServerEventName = keyof ServerToClientEvents;

/** The payload pushed with a server event. */
export type Payload<K extends ServerEventName> = Parameters<ServerToClientEvents[K]>[0];
