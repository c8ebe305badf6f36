import type { EventStore } from './port.js';

/** KurrentDB adapter (EVENTSTORE_URL). */
export class KurrentEventStore {
  static async connect(_url: string): Promise<EventStore> {
    throw new Error('KurrentDB adapter is being written in this change');
  }
}
