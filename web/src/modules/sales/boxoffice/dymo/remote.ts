/**
 * Remote print servers (spec sections 4, 7, 9): a print job travels to a print server elsewhere on the network in
 * chunks of 4000 characters, each retried up to 10 times, then the job's status is polled with getPrintJobStatus
 * for as long as the caller wants it. The original reached such servers through script callbacks (JSONP); this
 * client speaks the same fields over fetch with CORS: `POST {base}/pl` form-encoded `j` (job id), `cid` (chunk
 * index from 0), `pl` (the chunk) and `n` (how many chunks: the server knows when the job is whole), and
 * `GET {base}/getPrintJobStatus?j=<job id>` answering `{ printerName, jobId, status, statusMessage }`.
 * No DOM: runs in the browser and in Node (test/sales/dymo.test.ts).
 */
import {
  CHUNK_SIZE,
  DymoError,
  MAX_CHUNK_RETRIES,
  SCRIPT_LOAD_TIMEOUT_MS,
  chunkText,
  encodeRemoteJob,
  isFinalStatus,
  type PrintJobStatus,
  type RemotePrintJob,
} from './protocol';

export interface RemoteServer {
  baseUrl: string;
  fetch?: typeof fetch;
  /** Per request (the spec's script-load time-out). */
  timeoutMs?: number;
  /** Pause before retrying a chunk. */
  retryDelayMs?: number;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

async function call(server: RemoteServer, path: string, init: RequestInit = {}): Promise<Response> {
  const f = server.fetch ?? fetch;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), server.timeoutMs ?? SCRIPT_LOAD_TIMEOUT_MS);
  try {
    return await f(`${server.baseUrl.replace(/\/$/, '')}${path}`, { ...init, signal: ctrl.signal });
  } catch (err) {
    if (ctrl.signal.aborted) throw new DymoError('timedOut');
    throw new DymoError('noConnection', err instanceof Error ? err.message : undefined);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends a job in chunks; a chunk that fails (network, time-out, non-2xx) is sent again, up to MAX_CHUNK_RETRIES
 * retries, after which the job fails with the last error. `onChunk` reports progress (chunks sent, total).
 */
export async function sendRemoteJob(
  server: RemoteServer,
  jobId: string,
  job: RemotePrintJob,
  opts: { chunkSize?: number; onChunk?: (sent: number, total: number) => void } = {},
): Promise<{ chunks: number; attempts: number }> {
  const chunks = chunkText(encodeRemoteJob(job), opts.chunkSize ?? CHUNK_SIZE);
  let attempts = 0;
  for (let cid = 0; cid < chunks.length; cid++) {
    let lastError: DymoError = new DymoError('commandFailed');
    let sent = false;
    for (let attempt = 0; attempt <= MAX_CHUNK_RETRIES && !sent; attempt++) {
      if (attempt > 0) await sleep(server.retryDelayMs ?? 200);
      attempts++;
      try {
        const body = new URLSearchParams({ j: jobId, cid: String(cid), pl: chunks[cid], n: String(chunks.length) });
        const res = await call(server, '/pl', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
        if (res.ok) sent = true;
        else lastError = new DymoError('commandFailed', `${res.status} ${(await res.text()).slice(0, 200)}`.trim());
      } catch (err) {
        lastError = err instanceof DymoError ? err : new DymoError('commandFailed');
      }
    }
    if (!sent) throw lastError;
    opts.onChunk?.(cid + 1, chunks.length);
  }
  return { chunks: chunks.length, attempts };
}

export async function getPrintJobStatus(server: RemoteServer, jobId: string): Promise<PrintJobStatus> {
  const res = await call(server, `/getPrintJobStatus?j=${encodeURIComponent(jobId)}`);
  if (!res.ok) throw new DymoError('commandFailed', String(res.status));
  const v = (await res.json()) as Partial<PrintJobStatus>;
  return { printerName: String(v.printerName ?? ''), jobId: String(v.jobId ?? jobId), status: Number(v.status ?? 0), statusMessage: String(v.statusMessage ?? '') };
}

/**
 * Polls the job's status every `intervalMs` while the caller wants it (until `signal` aborts) and the status is
 * not final; each status goes to `onStatus`. Answers the last status read.
 */
export async function pollPrintJobStatus(
  server: RemoteServer,
  jobId: string,
  opts: { intervalMs?: number; signal?: AbortSignal; onStatus?: (s: PrintJobStatus) => void } = {},
): Promise<PrintJobStatus> {
  let last: PrintJobStatus = { printerName: '', jobId, status: 0, statusMessage: '' };
  while (!opts.signal?.aborted) {
    last = await getPrintJobStatus(server, jobId);
    opts.onStatus?.(last);
    if (isFinalStatus(last.status)) break;
    await sleep(opts.intervalMs ?? 1000, opts.signal);
  }
  return last;
}
