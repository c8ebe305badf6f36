/**
 * The message format of Socket.IO's Redis adapter between Aforo's API nodes (socket-level broadcasts: typing,
 * room joins; the pushes of projections travel in batches, see realtime.ts).
 *
 * Why not its default (msgpack through notepack.io): every broadcast is published once and, since a node is
 * subscribed to its own channel, read back once; msgpack encoding in JavaScript and decoding of that echo were
 * a measured share of the chat's per-message cost (docs/benchmarks.md). JSON.stringify/parse are native, and the
 * echo is recognised by its first bytes (`["<adapter uid>",`) without parsing the rest.
 *
 * Constraint: broadcasts carry JSON data only (no Buffer attachments), which is what every Aforo payload is; all
 * nodes of a deployment must run the same format.
 */
export interface WireParser {
  encode(value: unknown): string;
  decode(message: Buffer | string): unknown;
}

export function createWireParser(): WireParser {
  // Each adapter (one per namespace) publishes broadcasts as [uid, packet, opts]; its uid is learnt from its
  // first encode, before any echo of it can arrive.
  const own = new Map<string, Buffer>();
  return {
    encode(value) {
      if (Array.isArray(value) && typeof value[0] === 'string' && !own.has(value[0])) {
        own.set(value[0], Buffer.from(`[${JSON.stringify(value[0])},`));
      }
      return JSON.stringify(value);
    },
    decode(message) {
      if (typeof message !== 'string') {
        for (const [uid, prefix] of own) {
          // Our own broadcast coming back: the adapter drops it on the uid alone.
          if (message.length > prefix.length && message.compare(prefix, 0, prefix.length, 0, prefix.length) === 0) return [uid];
        }
      }
      return JSON.parse(typeof message === 'string' ? message : message.toString('utf8'));
    },
  };
}
