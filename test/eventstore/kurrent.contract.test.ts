import { describe, expect, it } from 'vitest';
import { KurrentEventStore, uuidV5 } from '../../src/eventstore/kurrent.js';
import { eventStoreContract } from './contract.js';

// No KurrentDB server runs on the development machine: the contract runs only against EVENTSTORE_URL, e.g.
// `EVENTSTORE_URL='kurrentdb://127.0.0.1:2113?tls=false' npx vitest run test/eventstore/kurrent.contract.test.ts`
// (docker compose starts one).
const url = process.env.EVENTSTORE_URL;
if (!url) console.warn('KurrentDB contract suite skipped: EVENTSTORE_URL is not set');

eventStoreContract(
  'KurrentDB',
  async () => {
    const store = await KurrentEventStore.connect(url!);
    return { store, dispose: () => store.close() };
  },
  { skipReason: url ? undefined : 'EVENTSTORE_URL is not set' },
);

describe('KurrentDB adapter without a server', () => {
  it('derives RFC 4122 version-5 ids (deterministic event ids for command retries)', () => {
    // Test vector: uuid v5 of "www.example.com" in the DNS namespace.
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    const a = uuidV5('stream\u0000cmd\u00000');
    expect(uuidV5('stream\u0000cmd\u00000')).toBe(a);
    expect(uuidV5('stream\u0000cmd\u00001')).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
