// A lean SMTP server for benches: counts every message it accepts with its recipient and Message-ID, without
// parsing bodies (the test server's full parse would make the server the bottleneck of a 10,000-mail run).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CountingSmtp {
  url: string;
  received: { to: string; messageId: string; at: number }[];
  /** Called for each recipient of an accepted message. */
  onReceived?: (to: string) => void;
  /** Called after each accepted message (the bench kills its worker from here). */
  onMessage?: (count: number) => void;
  close(): Promise<void>;
}

export async function startCountingSmtp(): Promise<CountingSmtp> {
  const received: CountingSmtp['received'] = [];
  const handle: CountingSmtp = { url: '', received, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1_000_000,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 8192) head += c.toString('latin1');
      });
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '';
        for (const r of session.envelope.rcptTo) {
          received.push({ to: r.address, messageId, at: performance.now() });
          handle.onReceived?.(r.address);
        }
        handle.onMessage?.(received.length);
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  handle.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  handle.close = () => new Promise((resolve) => server.close(() => resolve()));
  return handle;
}
