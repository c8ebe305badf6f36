import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link found in the text part. */
  links: string[];
  raw: string;
}

export interface TestSmtp {
  /** Pass as SMTP_URL in the test context / node overrides. */
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Resolves with the first received mail (past or future) matching `predicate`; rejects after timeoutMs. */
  waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** All mails to one address (case-insensitive). */
  mailsTo(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives, parsed (optionally slowly). */
export async function startTestSmtp(options: { delayMs?: number } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<{ predicate: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        try {
          const raw = Buffer.concat(chunks);
          const parsed = await simpleParser(raw);
          const text = parsed.text ?? '';
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((x) => x[0]),
            raw: raw.toString('utf8'),
          };
          // A slow server (campaign tests pause mid-campaign): the message is accepted after the delay.
          if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
          mails.push(mail);
          for (const w of [...waiters]) {
            if (w.predicate(mail)) {
              waiters.delete(w);
              w.resolve(mail);
            }
          }
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A client killed mid-message (the campaign worker kill test) resets its connection: not the server's failure.
  server.on('error', () => undefined);
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitForMail(predicate, timeoutMs = 20_000) {
      const found = mails.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (m: ReceivedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${mails.length}: ${mails.map((m) => m.subject).join(' | ')})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    mailsTo(address) {
      const a = address.toLowerCase();
      return mails.filter((m) => m.to.some((t) => t.toLowerCase() === a));
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The token at the end of the first link in `mail` whose path starts with `pathPrefix` (e.g. '/auth/verify/'). */
export function tokenFromMail(mail: ReceivedMail, pathPrefix: string): string {
  for (const link of mail.links) {
    const url = new URL(link);
    if (url.pathname.startsWith(pathPrefix)) return decodeURIComponent(url.pathname.slice(pathPrefix.length));
  }
  throw new Error(`no link to ${pathPrefix} in mail "${mail.subject}": ${mail.links.join(', ')}`);
}
