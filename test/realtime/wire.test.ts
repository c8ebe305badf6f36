import { describe, expect, it } from 'vitest';
import { createWireParser } from '../../src/realtime/wire.js';

// The Redis adapter's message format (src/realtime/wire.ts): JSON, and a node's own broadcasts recognised
// without being parsed.
describe('wire parser of the Socket.IO Redis adapter', () => {
  const packet = { type: 2, data: ['chat-room:writing', { _room: 'r1', writing: true, name: 'Ana "Anita" Pérez' }], nsp: '/' };
  const opts = { rooms: ['chat-room:r1', 'user:u2'], except: ['sid-1'], flags: {} };

  it('gives another node the broadcast exactly as it was encoded', () => {
    const sender = createWireParser();
    const receiver = createWireParser();
    receiver.encode(['receiver-uid', packet, opts]); // the receiving node has broadcast something of its own
    const wire = Buffer.from(sender.encode(['sender-uid', packet, opts]));
    expect(receiver.decode(wire)).toEqual(['sender-uid', packet, opts]);
  });

  it('answers its own echo with the uid alone, which the adapter drops', () => {
    const parser = createWireParser();
    const wire = Buffer.from(parser.encode(['my-uid', packet, opts]));
    expect(parser.decode(wire)).toEqual(['my-uid']);
    // A uid that merely starts like ours is somebody else's.
    const other = Buffer.from(createWireParser().encode(['my-uid2', packet, opts]));
    expect(parser.decode(other)).toEqual(['my-uid2', packet, opts]);
  });

  it('passes requests and responses (objects) through as JSON', () => {
    const parser = createWireParser();
    const request = { uid: 'my-uid', requestId: 'q1', type: 0, rooms: ['user:u1'] };
    const wire = parser.encode(request);
    expect(wire.startsWith('{')).toBe(true); // the adapter JSON-parses what starts with "{" itself
    expect(parser.decode(Buffer.from(wire))).toEqual(request);
  });
});
