/**
 * A local fake of the DYMO Connect web service (providers.md) and of a remote print server (spec 4, 7, 9), over
 * plain HTTP on 127.0.0.1, answering CORS (and Private Network Access) preflights so a page of the test app may
 * call it from the browser:
 *   GET  /DYMO/DLS/Printing/StatusConnected  -> true
 *   GET  /DYMO/DLS/Printing/GetPrinters      -> "<Printers>...</Printers>" (JSON-encoded, as DYMO Connect sends it)
 *   POST /DYMO/DLS/Printing/PrintLabel(2)    form printerName, printParamsXml, labelXml, labelSetXml -> true;
 *                                            an unknown printer or a missing label XML is a 500 with the text
 *   POST /DYMO/DLS/Printing/RenderLabel     form labelXml, renderParamsXml, printerName -> a PNG in base64 (JSON string)
 *   GET  /DYMO/DLS/Printing/OpenLabelFile?fileName=      -> the label XML of a file in `labelFiles`, else a 500
 *   GET  /DYMO/DLS/Printing/LoadImageAsPngBase64?imageUri= -> a PNG in base64 for an http(s) URI, else a 500
 *   POST /pl                                 a remote job's chunk (j, cid, pl, n); `failChunk` makes some fail
 *   GET  /getPrintJobStatus?j=               { printerName, jobId, status, statusMessage }
 * Every print is recorded. `stop()` closes the port (the service "not running"), `start()` opens it again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PRINT_JOB_STATUS,
  assembleChunks,
  checkLabelXml,
  printersXml,
  type LabelPrinter,
  type RemotePrintJob,
} from '../../web/src/modules/sales/boxoffice/dymo/protocol.js';

export interface RecordedPrint {
  printerName: string;
  printParamsXml: string;
  labelXml: string;
  labelSetXml: string;
}

export interface FakeDymo {
  /** http://127.0.0.1:<port> (the service's base is url + /DYMO/DLS/Printing). */
  url: string;
  port: number;
  printers: LabelPrinter[];
  prints: RecordedPrint[];
  /** Remote jobs: chunks received per job id, and the assembled job once whole. */
  remoteJobs: Map<string, { chunks: Map<number, string>; count: number; job: RemotePrintJob | null; statusReads: number }>;
  /** Chunk requests received (also failed ones). */
  chunkRequests: { j: string; cid: number }[];
  /** How many times the chunk with this index fails before it is taken (per job). */
  failChunk: Map<number, number>;
  /** Status reads a job stays InQueue/Printing before it is Finished. */
  readsBeforeFinished: number;
  /** Label files OpenLabelFile knows, by file name. */
  labelFiles: Map<string, string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A 1 x 1 white PNG, what the fake renders every label and image as. */
export const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=';

export const DEFAULT_PRINTERS: LabelPrinter[] = [
  { printerType: 'LabelWriterPrinter', name: 'DYMO LabelWriter 450', modelName: 'DYMO LabelWriter 450', isConnected: true, isLocal: true, isTwinTurbo: false, isAutoCutSupported: false },
  { printerType: 'LabelWriterPrinter', name: 'DYMO LabelWriter 450 Twin Turbo', modelName: 'DYMO LabelWriter 450 Twin Turbo', isConnected: true, isLocal: true, isTwinTurbo: true, isAutoCutSupported: false },
  { printerType: 'TapePrinter', name: 'DYMO LabelManager PnP', modelName: 'DYMO LabelManager PnP', isConnected: false, isLocal: true, isTwinTurbo: false, isAutoCutSupported: true },
];

export async function startFakeDymo({ port = 0, printers = DEFAULT_PRINTERS }: { port?: number; printers?: LabelPrinter[] } = {}): Promise<FakeDymo> {
  const fake: Omit<FakeDymo, 'url' | 'port' | 'stop' | 'start' | 'close'> = {
    printers,
    prints: [],
    remoteJobs: new Map(),
    chunkRequests: [],
    failChunk: new Map(),
    readsBeforeFinished: 1,
    labelFiles: new Map(),
  };
  const failures = new Map<string, number>();

  const cors = (req: http.IncomingMessage): Record<string, string> => ({
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type',
    'access-control-allow-private-network': 'true',
    'access-control-max-age': '600',
    vary: 'Origin',
  });

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const h = cors(req);
      if (req.method === 'OPTIONS') return void res.writeHead(204, h).end();
      const url = new URL(req.url ?? '/', 'http://x');
      const text = (status: number, body: string, type = 'text/plain') => res.writeHead(status, { ...h, 'content-type': type }).end(body);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const p = url.pathname.replace(/^\/DYMO\/DLS\/Printing/i, '');
      if (url.pathname.toLowerCase().startsWith('/dymo/dls/printing')) {
        if (req.method === 'GET' && p === '/StatusConnected') return text(200, 'true', 'application/json');
        if (req.method === 'GET' && p === '/GetPrinters') return text(200, JSON.stringify(printersXml(fake.printers)), 'application/json');
        if (req.method === 'POST' && p === '/RenderLabel') {
          try {
            checkLabelXml(form.get('labelXml'));
          } catch (err) {
            return text(500, (err as Error).message);
          }
          return text(200, JSON.stringify(PNG_1X1), 'application/json');
        }
        if (req.method === 'GET' && p === '/OpenLabelFile') {
          const file = fake.labelFiles.get(url.searchParams.get('fileName') ?? '');
          return file ? text(200, JSON.stringify(file), 'application/json') : text(500, 'Unable to open label file');
        }
        if (req.method === 'GET' && p === '/LoadImageAsPngBase64') {
          const uri = url.searchParams.get('imageUri') ?? '';
          return /^https?:\/\//.test(uri) ? text(200, JSON.stringify(PNG_1X1), 'application/json') : text(500, 'Unable to load image from uri');
        }
        if (req.method === 'POST' && (p === '/PrintLabel' || p === '/PrintLabel2')) {
          const printerName = form.get('printerName') ?? '';
          if (!fake.printers.some((x) => x.name === printerName)) return text(500, `Unknown printer name '${printerName}'`);
          try {
            checkLabelXml(form.get('labelXml'));
          } catch (err) {
            return text(500, (err as Error).message);
          }
          fake.prints.push({ printerName, printParamsXml: form.get('printParamsXml') ?? '', labelXml: form.get('labelXml') ?? '', labelSetXml: form.get('labelSetXml') ?? '' });
          return text(200, 'true', 'application/json');
        }
        return text(404, 'Not found');
      }
      if (req.method === 'POST' && url.pathname === '/pl') {
        const j = form.get('j') ?? '';
        const cid = Number(form.get('cid'));
        const count = Number(form.get('n'));
        fake.chunkRequests.push({ j, cid });
        const key = `${j}:${cid}`;
        const failed = failures.get(key) ?? 0;
        if (failed < (fake.failChunk.get(cid) ?? 0)) {
          failures.set(key, failed + 1);
          return text(503, 'busy');
        }
        const job = fake.remoteJobs.get(j) ?? { chunks: new Map<number, string>(), count, job: null, statusReads: 0 };
        job.chunks.set(cid, form.get('pl') ?? '');
        job.job = assembleChunks(job.chunks, count);
        fake.remoteJobs.set(j, job);
        return text(200, 'true', 'application/json');
      }
      if (req.method === 'GET' && url.pathname === '/getPrintJobStatus') {
        const j = url.searchParams.get('j') ?? '';
        const job = fake.remoteJobs.get(j);
        const body = (status: number, statusMessage: string) =>
          text(200, JSON.stringify({ printerName: job?.job?.printerName ?? '', jobId: j, status, statusMessage }), 'application/json');
        if (!job) return body(PRINT_JOB_STATUS.InvalidJobId, 'InvalidJobId');
        if (!job.job) return body(PRINT_JOB_STATUS.NotSpooled, 'NotSpooled');
        job.statusReads++;
        if (job.statusReads === 1) return body(PRINT_JOB_STATUS.InQueue, 'InQueue');
        if (job.statusReads <= fake.readsBeforeFinished) return body(PRINT_JOB_STATUS.Printing, 'Printing');
        return body(PRINT_JOB_STATUS.Finished, 'Finished');
      }
      text(404, 'Not found');
    });
  };

  let server: http.Server | null = null;
  let boundPort = port;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const s = http.createServer(handler);
      s.once('error', reject);
      s.listen(boundPort, '127.0.0.1', () => {
        boundPort = (s.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const shut = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const s = server;
      server = null;
      s.closeAllConnections();
      s.close(() => resolve());
    });
  await open();
  return Object.assign(fake, {
    url: `http://127.0.0.1:${boundPort}`,
    port: boundPort,
    stop: shut,
    start: open,
    close: shut,
  });
}
