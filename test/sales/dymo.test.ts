import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DymoClient, type CookieJar } from '../../web/src/modules/sales/boxoffice/dymo/client.js';
import {
  CHUNK_SIZE,
  DymoError,
  MAX_CHUNK_RETRIES,
  PORT_COOKIE,
  PRINT_JOB_STATUS,
  badgeLabelXml,
  checkLabelXml,
  checkPrinter,
  chunkText,
  isFinalStatus,
  labelObjectText,
  parsePrinters,
  printJobStatusName,
  printLabelForm,
} from '../../web/src/modules/sales/boxoffice/dymo/protocol.js';
import { pollPrintJobStatus, sendRemoteJob } from '../../web/src/modules/sales/boxoffice/dymo/remote.js';
import { DEFAULT_PRINTERS, PNG_1X1, startFakeDymo, type FakeDymo } from '../support/fake-dymo.js';

const PRINTERS_XML = `"<Printers>
  <LabelWriterPrinter><Name>DYMO LabelWriter 450</Name><ModelName>DYMO LabelWriter 450</ModelName><IsConnected>True</IsConnected><IsLocal>True</IsLocal><IsTwinTurbo>False</IsTwinTurbo><IsAutoCutSupported>False</IsAutoCutSupported></LabelWriterPrinter>
  <TapePrinter><Name>Cinta &amp; Co</Name><ModelName>LabelManager 420P</ModelName><IsConnected>False</IsConnected><IsLocal>False</IsLocal><IsTwinTurbo>False</IsTwinTurbo><IsAutoCutSupported>True</IsAutoCutSupported></TapePrinter>
  <DZPrinter><Name>ZD</Name><ModelName>DZ-1</ModelName><IsConnected>True</IsConnected><IsLocal>True</IsLocal><IsTwinTurbo>True</IsTwinTurbo><IsAutoCutSupported>False</IsAutoCutSupported></DZPrinter>
  <UnknownThing><Name>x</Name></UnknownThing>
</Printers>"`.replace(/\n/g, '\\n');

describe('DYMO protocol (pure)', () => {
  it('parses GetPrinters: the three printer types with their flags, JSON-encoded or bare, entities decoded', () => {
    const printers = parsePrinters(PRINTERS_XML);
    expect(printers).toEqual([
      { printerType: 'LabelWriterPrinter', name: 'DYMO LabelWriter 450', modelName: 'DYMO LabelWriter 450', isConnected: true, isLocal: true, isTwinTurbo: false, isAutoCutSupported: false },
      { printerType: 'TapePrinter', name: 'Cinta & Co', modelName: 'LabelManager 420P', isConnected: false, isLocal: false, isTwinTurbo: false, isAutoCutSupported: true },
      { printerType: 'DZPrinter', name: 'ZD', modelName: 'DZ-1', isConnected: true, isLocal: true, isTwinTurbo: true, isAutoCutSupported: false },
    ]);
    expect(parsePrinters(JSON.parse(PRINTERS_XML) as string)).toHaveLength(3);
    expect(parsePrinters('<Printers />')).toEqual([]);
    expect(() => checkPrinter(printers, 'Otra')).toThrow('Unknown printer name');
    expect(checkPrinter(printers, 'ZD').modelName).toBe('DZ-1');
  });

  it('builds the badge label: name, company, ticket type, the code as a QR above, below or suppressed (escaped)', () => {
    const xml = badgeLabelXml({ name: 'María <Ñandú> & Cía', company: 'Café "Andino"', ticketType: 'VIP', code: 'QR-123' });
    expect(checkLabelXml(xml)).toBe(xml);
    expect(labelObjectText(xml, 'Nombre')).toBe('María <Ñandú> & Cía');
    expect(labelObjectText(xml, 'Empresa')).toBe('Café "Andino"');
    expect(labelObjectText(xml, 'Entrada')).toBe('VIP');
    expect(labelObjectText(xml, 'Codigo')).toBe('QR-123');
    expect(xml).toContain('<Type>QRCode</Type>');
    expect(xml).toContain('<BarcodePosition>BelowAddress</BarcodePosition>');
    expect(badgeLabelXml({ name: 'A', ticketType: 'B', code: 'C', barcodePosition: 'AboveAddress' })).toContain('<BarcodePosition>AboveAddress</BarcodePosition>');
    const suppressed = badgeLabelXml({ name: 'A', ticketType: 'B', code: 'C', barcodePosition: 'Suppress' });
    expect(suppressed).not.toContain('BarcodeObject');
    expect(() => labelObjectText(suppressed, 'Codigo')).toThrow('Label object not found');
    expect(() => badgeLabelXml({ name: 'A', ticketType: 'B', code: 'C', barcodePosition: 'Middle' })).toThrow(
      'Bar code position must be AboveAddress, BelowAddress or Suppress',
    );
    expect(() => checkLabelXml('')).toThrow('Label XML is required');
    expect(() => checkLabelXml('<DieCutLabel><BarcodePosition>Left</BarcodePosition></DieCutLabel>')).toThrow(DymoError);
  });

  it('PrintLabel form: printerName, printParamsXml, labelXml, labelSetXml', () => {
    const form = new URLSearchParams(printLabelForm('DYMO LabelWriter 450', badgeLabelXml({ name: 'Ana', ticketType: 'G', code: 'c' }), { copies: 2 }));
    expect([...form.keys()]).toEqual(['printerName', 'printParamsXml', 'labelXml', 'labelSetXml']);
    expect(form.get('printParamsXml')).toContain('<Copies>2</Copies>');
    expect(() => printLabelForm('x', '')).toThrow('Label XML is required');
  });

  it('job statuses of the spec; final ones stop polling', () => {
    expect(PRINT_JOB_STATUS).toEqual({ Unknown: 0, Printing: 1, Finished: 2, Error: 3, PaperOut: 4, InQueue: 5, ProcessingError: -1, PrinterBusy: -2, InvalidJobId: -3, NotSpooled: -4 });
    expect(printJobStatusName(-2)).toBe('PrinterBusy');
    expect(printJobStatusName(42)).toBe('Unknown');
    expect([0, 1, 4, 5].map(isFinalStatus)).toEqual([false, false, false, false]);
    expect([2, 3, -1, -2, -3, -4].map(isFinalStatus)).toEqual([true, true, true, true, true, true]);
  });

  it('chunks of 4000 characters that join back into the text', () => {
    const text = 'x'.repeat(CHUNK_SIZE * 2 + 17);
    const chunks = chunkText(text);
    expect(chunks.map((c) => c.length)).toEqual([4000, 4000, 17]);
    expect(chunks.join('')).toBe(text);
    expect(chunkText('')).toEqual(['']);
    expect(chunkText('a'.repeat(4000))).toHaveLength(1);
  });
});

describe('DYMO clients against the fake service', () => {
  let fake: FakeDymo;
  beforeAll(async () => {
    fake = await startFakeDymo();
  });
  afterAll(async () => {
    await fake?.close();
  });

  const jar = (): CookieJar & { values: Map<string, { value: string; days: number }> } => {
    const values = new Map<string, { value: string; days: number }>();
    return { values, get: (n) => values.get(n)?.value, set: (n, value, days) => values.set(n, { value, days }) };
  };

  it('discovers the service by probing the ports in order and keeps the port in a cookie for 100 days', async () => {
    const cookies = jar();
    const probed: string[] = [];
    const f: typeof fetch = (input, init) => {
      probed.push(String(input));
      return fetch(input, init);
    };
    // Two closed ports first (nothing listens on port 1 or 9), then the fake's.
    const c = new DymoClient({ host: 'http://127.0.0.1', ports: [1, 9, fake.port], cookies, fetch: f });
    expect(await c.discover()).toBe(`${fake.url}/DYMO/DLS/Printing`);
    expect(probed.map((u) => new URL(u).port)).toEqual(['1', '9', String(fake.port)]);
    expect(cookies.values.get(PORT_COOKIE)).toEqual({ value: String(fake.port), days: 100 });
    // Next time the remembered port is tried first.
    probed.length = 0;
    await new DymoClient({ host: 'http://127.0.0.1', ports: [1, 9, fake.port], cookies, fetch: f }).discover();
    expect(probed).toHaveLength(1);
  });

  it('lists printers, prints the badge (recorded), refuses an unknown printer; no service is "not installed"', async () => {
    const c = new DymoClient({ baseUrl: fake.url });
    expect((await c.getPrinters()).map((p) => p.name)).toEqual(DEFAULT_PRINTERS.map((p) => p.name));
    await c.printLabel('DYMO LabelWriter 450', badgeLabelXml({ name: 'Rosa Quispe', ticketType: 'General', code: 'abc' }));
    expect(fake.prints.at(-1)?.printerName).toBe('DYMO LabelWriter 450');
    expect(labelObjectText(fake.prints.at(-1)!.labelXml, 'Nombre')).toBe('Rosa Quispe');
    await expect(c.printLabel('Nadie', badgeLabelXml({ name: 'x', ticketType: 'y', code: 'z' }))).rejects.toThrow('Unknown printer name');
    await expect(new DymoClient({ host: 'http://127.0.0.1', ports: [1] }).discover()).rejects.toThrow('DYMO Label Framework is not installed');
  });

  it('RenderLabel answers a PNG; OpenLabelFile and LoadImageAsPngBase64 fail with the spec texts', async () => {
    const c = new DymoClient({ baseUrl: fake.url });
    const label = badgeLabelXml({ name: 'Ana', ticketType: 'G', code: 'c' });
    expect(await c.renderLabel(label, 'DYMO LabelWriter 450')).toBe(PNG_1X1);
    await expect(c.renderLabel('')).rejects.toThrow('Label XML is required');
    fake.labelFiles.set('C:\\Etiquetas\\credencial.label', label);
    expect(await c.openLabelFile('C:\\Etiquetas\\credencial.label')).toBe(label);
    await expect(c.openLabelFile('no-existe.label')).rejects.toThrow('Unable to open label file');
    expect(await c.loadImageAsPngBase64('https://example.com/logo.png')).toBe(PNG_1X1);
    await expect(c.loadImageAsPngBase64('ftp://x/logo.png')).rejects.toThrow('Unable to load image from uri');
  });

  it('a remote job goes in chunks of 4000 with retries, then its status is polled until Finished', async () => {
    const server = { baseUrl: fake.url, retryDelayMs: 1 };
    const job = { printerName: 'Remota', labelXml: badgeLabelXml({ name: 'N'.repeat(9000), ticketType: 'G', code: 'c' }), printParamsXml: '', labelSetXml: '' };
    fake.failChunk.set(1, 3);
    fake.readsBeforeFinished = 2;
    const progress: number[] = [];
    const sent = await sendRemoteJob(server, 'job-1', job, { onChunk: (n) => progress.push(n) });
    expect(sent.chunks).toBeGreaterThanOrEqual(3);
    expect(sent.attempts).toBe(sent.chunks + 3);
    expect(progress).toEqual(Array.from({ length: sent.chunks }, (_, i) => i + 1));
    expect(fake.remoteJobs.get('job-1')?.job).toEqual(job);
    const seen: string[] = [];
    const last = await pollPrintJobStatus(server, 'job-1', { intervalMs: 1, onStatus: (s) => seen.push(printJobStatusName(s.status)) });
    expect(seen).toEqual(['InQueue', 'Printing', 'Finished']);
    expect(last).toMatchObject({ printerName: 'Remota', jobId: 'job-1', status: 2 });
    expect((await pollPrintJobStatus(server, 'nope', { intervalMs: 1 })).status).toBe(PRINT_JOB_STATUS.InvalidJobId);
  });

  it('a chunk failing more than 10 retries fails the job; polling stops when the caller no longer wants it', async () => {
    const server = { baseUrl: fake.url, retryDelayMs: 1 };
    fake.failChunk.set(0, MAX_CHUNK_RETRIES + 1);
    const before = fake.chunkRequests.length;
    await expect(sendRemoteJob(server, 'job-2', { printerName: 'R', labelXml: 'x', printParamsXml: '', labelSetXml: '' })).rejects.toThrow(
      'Failed to execute webservice command',
    );
    expect(fake.chunkRequests.length - before).toBe(MAX_CHUNK_RETRIES + 1);
    fake.failChunk.clear();
    await sendRemoteJob(server, 'job-3', { printerName: 'R', labelXml: 'x', printParamsXml: '', labelSetXml: '' });
    fake.readsBeforeFinished = 1000;
    const ctrl = new AbortController();
    let reads = 0;
    const last = await pollPrintJobStatus(server, 'job-3', {
      intervalMs: 1,
      signal: ctrl.signal,
      onStatus: () => {
        if (++reads === 3) ctrl.abort();
      },
    });
    expect(reads).toBe(3);
    expect(last.status).toBe(PRINT_JOB_STATUS.Printing);
    await fake.stop();
    await expect(sendRemoteJob({ ...server, baseUrl: fake.url }, 'job-4', { printerName: 'R', labelXml: 'x', printParamsXml: '', labelSetXml: '' })).rejects.toThrow(
      'Cannot establish connection to the web service',
    );
    await fake.start();
  });
});
