// Events only the realtime tests push (`test:ping`, `test:burst`, ...): they exercise the transport, not a
// module's contract, so they join the typed server-to-client map here rather than in src/contracts.
export {};

declare module '../../src/contracts/realtime.js' {
  interface ServerToClientEvents {
    [event: `test:${string}`]: (payload: Record<string, unknown>) => void;
  }
}
