/**
 * The audit trail of an event, computed straight from its stream: fold the events one by one and compare a
 * flat view of the state before and after each, so every change shows its before and after values without
 * the events having to carry them. Secrets are never shown (only that they changed). Pure.
 */
import { messages } from '../../messages/es.js';
import { DETAIL_KEYS, EVENT_TYPES, evolve, initialState, type EventState, type EventsEvent, type PaymentMethodConfig } from './event.js';

export interface StreamEntry {
  type: string;
  data: unknown;
  streamVersion: number;
  metadata: { userId?: string; occurredAt: string };
}

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AuditRecord {
  version: number;
  type: string;
  action: string;
  at: string;
  userId: string | null;
  subject: string | null;
  changes: AuditChange[];
}

type Flat = Record<string, unknown>;
type View = { event: Flat; items: Record<string, { subject: string; fields: Flat }> };

const HIDDEN = messages.events.hiddenValue;

const KIND_LABEL: Record<PaymentMethodConfig['kind'], string> = {
  card: 'Tarjeta',
  merchant: 'Pasarela (comercio)',
  bankDeposit: 'Depósito bancario',
  cash: 'Efectivo en boletería',
};

function methodFields(method: PaymentMethodConfig): Flat {
  const out: Flat = {};
  for (const [k, v] of Object.entries(method)) {
    // The ciphertext changes even for the same secret; show only that a secret is set.
    out[k === 'secretKeyCipher' ? 'secretKey' : k] = k === 'secretKeyCipher' ? (v ? HIDDEN : null) : v;
  }
  return out;
}

function viewOf(state: EventState): View {
  if (state.status !== 'created') return { event: {}, items: {} };
  const event: Flat = {};
  for (const k of DETAIL_KEYS) event[k] = state[k];
  event.coverUrl = state.coverUrl;
  event.published = state.published;
  const items: View['items'] = {};
  for (const t of state.tickets) {
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = t;
    items[`ticket:${t.id}`] = { subject: `Entrada: ${t.name}`, fields };
  }
  for (const p of state.paymentMethods) {
    items[`payment:${p.id}`] = { subject: `Método de pago: ${KIND_LABEL[p.method.kind]}`, fields: methodFields(p.method) };
  }
  for (const [userId, roles] of Object.entries(state.members)) {
    const fields: Flat = {};
    for (const [mod, role] of Object.entries(roles)) fields[`role.${mod}`] = role;
    items[`member:${userId}`] = { subject: `Colaborador: ${userId}`, fields };
  }
  for (const i of state.invitations) {
    items[`invitation:${i.id}`] = { subject: `Invitación: ${i.emailMasked}`, fields: { module: i.module, role: i.role } };
  }
  return { event, items };
}

function diff(before: Flat, after: Flat): AuditChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

const EVENTS_TYPES = new Set<string>(EVENT_TYPES);
/**
 * Stored JSON to the domain's union: an entry of one of the module's types carries that type's data (the
 * decider appended it). Entries of any other type leave the state as it was (as evolve would).
 */
const isEventsEvent = (entry: StreamEntry): entry is StreamEntry & EventsEvent => EVENTS_TYPES.has(entry.type);

/** One record per stream event, oldest first. */
export function buildHistory(stream: StreamEntry[]): AuditRecord[] {
  let state = initialState();
  const records: AuditRecord[] = [];
  for (const entry of stream) {
    const before = viewOf(state);
    if (isEventsEvent(entry)) state = evolve(state, entry);
    const after = viewOf(state);
    const changes = diff(before.event, after.event);
    const subjects: string[] = [];
    for (const key of new Set([...Object.keys(before.items), ...Object.keys(after.items)])) {
      const b = before.items[key];
      const a = after.items[key];
      const itemChanges = diff(b?.fields ?? {}, a?.fields ?? {});
      if (itemChanges.length) {
        subjects.push((a ?? b).subject);
        changes.push(...itemChanges);
      }
    }
    records.push({
      version: entry.streamVersion,
      type: entry.type,
      action: messages.events.audit[entry.type] ?? entry.type,
      at: entry.metadata.occurredAt,
      userId: entry.metadata.userId ?? null,
      subject: subjects.length ? subjects.join(', ') : null,
      changes,
    });
  }
  return records;
}
