/**
 * Socket events of the sales module, in a module without zod (web pages import them from their first chunks).
 * `order:updated` reaches the event's store team (owner and store roles) after the read model has the change.
 */
export const ORDER_UPDATED_SOCKET_EVENT = 'order:updated';

export interface OrderUpdatedPayload {
  eventId: string;
  orderId: string;
  /** The order's status after the change (an ORDER_STATUSES value). */
  status: string;
  /** Read back with `?after=` for read-your-writes. */
  position: string;
}

export type SalesServerToClientEvents = { [ORDER_UPDATED_SOCKET_EVENT]: (payload: OrderUpdatedPayload) => void };
