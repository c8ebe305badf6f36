/**
 * The DYMO Connect web service as the badge printer speaks it (spec sections 3, 4, 5, 7, 8, 9; providers.md):
 * constants, the printers' XML, the badge label XML, print parameters, job statuses and the spec's error texts.
 * Pure: no DOM, no network; importable from Node (test/sales/dymo.test.ts). The browser client is ./client.ts,
 * remote print servers ./remote.ts.
 */

/** The service listens on the visitor's machine, loopback HTTPS, on the first free port of this range. */
export const DYMO_PORTS = [41951, 41952, 41953, 41954, 41955, 41956, 41957, 41958, 41959, 41960] as const;
export const DYMO_HOST = 'https://127.0.0.1';
export const DYMO_PATH = '/DYMO/DLS/Printing';
/** Spec section 9: discovery time-out, script-load time-out (remote print servers), chunking and the port cookie. */
export const DISCOVERY_TIMEOUT_MS = 3000;
export const SCRIPT_LOAD_TIMEOUT_MS = 5000;
export const CHUNK_SIZE = 4000;
export const MAX_CHUNK_RETRIES = 10;
export const PORT_COOKIE = 'dymo-ws-port';
export const PORT_COOKIE_DAYS = 100;

/** The spec's printing error texts (section 8), kept as the service's framework words them. */
export const DYMO_ERRORS = {
  notInstalled: 'DYMO Label Framework is not installed',
  noConnection: 'Cannot establish connection to the web service',
  osNotSupported: 'The operating system is not supported',
  commandFailed: 'Failed to execute webservice command',
  openLabelFile: 'Unable to open label file',
  loadImage: 'Unable to load image from uri',
  timedOut: 'Timed out',
  labelXmlRequired: 'Label XML is required',
  unknownPrinter: 'Unknown printer name',
  badBarcodePosition: 'Bar code position must be AboveAddress, BelowAddress or Suppress',
  noSuchObject: 'Label object not found',
} as const;
export type DymoErrorKind = keyof typeof DYMO_ERRORS;

export class DymoError extends Error {
  constructor(
    readonly kind: DymoErrorKind,
    detail?: string,
  ) {
    super(detail ? `${DYMO_ERRORS[kind]}: ${detail}` : DYMO_ERRORS[kind]);
    this.name = 'DymoError';
  }
}

// ----- printers ------------------------------------------------------------------------------------------

export const PRINTER_TYPES = ['LabelWriterPrinter', 'TapePrinter', 'DZPrinter'] as const;
export type PrinterType = (typeof PRINTER_TYPES)[number];

/** A label printer (spec section 3). */
export interface LabelPrinter {
  printerType: PrinterType;
  name: string;
  modelName: string;
  isConnected: boolean;
  isLocal: boolean;
  isTwinTurbo: boolean;
  isAutoCutSupported: boolean;
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function unescapeXml(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * The service answers most calls with a JSON-encoded string (`"<Printers>...</Printers>"`, `true`); older
 * versions send the bare text. Either way, the text.
 */
export function unwrapServiceText(body: string): string {
  const t = body.trim();
  if (t.startsWith('"')) {
    try {
      const v: unknown = JSON.parse(t);
      if (typeof v === 'string') return v;
    } catch {
      /* not JSON after all */
    }
  }
  return t;
}

/** `true` as the service says it (JSON `true`, the text "true", any case). */
export const isServiceTrue = (body: string) => unwrapServiceText(body).trim().toLowerCase() === 'true';

function childText(xml: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>|<${tag}(?:\\s[^>]*)?/>`).exec(xml);
  if (!m) return undefined;
  return unescapeXml(m[1] ?? '').trim();
}

const bool = (v: string | undefined) => (v ?? '').trim().toLowerCase() === 'true';

/** The printers of a GetPrinters answer, in document order; unknown elements are skipped. */
export function parsePrinters(body: string): LabelPrinter[] {
  const xml = unwrapServiceText(body);
  const printers: LabelPrinter[] = [];
  const re = new RegExp(`<(${PRINTER_TYPES.join('|')})(?:\\s[^>]*)?>([\\s\\S]*?)</\\1>`, 'g');
  for (const m of xml.matchAll(re)) {
    const inner = m[2];
    printers.push({
      printerType: m[1] as PrinterType,
      name: childText(inner, 'Name') ?? '',
      modelName: childText(inner, 'ModelName') ?? '',
      isConnected: bool(childText(inner, 'IsConnected')),
      isLocal: bool(childText(inner, 'IsLocal')),
      isTwinTurbo: bool(childText(inner, 'IsTwinTurbo')),
      isAutoCutSupported: bool(childText(inner, 'IsAutoCutSupported')),
    });
  }
  return printers.filter((p) => p.name !== '');
}

/** The printers' XML as the service writes it (the fake in the tests answers with this). */
export function printersXml(printers: LabelPrinter[]): string {
  const el = (p: LabelPrinter) =>
    `<${p.printerType}><Name>${escapeXml(p.name)}</Name><ModelName>${escapeXml(p.modelName)}</ModelName><IsConnected>${p.isConnected ? 'True' : 'False'}</IsConnected>` +
    `<IsLocal>${p.isLocal ? 'True' : 'False'}</IsLocal><IsTwinTurbo>${p.isTwinTurbo ? 'True' : 'False'}</IsTwinTurbo>` +
    `<IsAutoCutSupported>${p.isAutoCutSupported ? 'True' : 'False'}</IsAutoCutSupported></${p.printerType}>`;
  return `<Printers>${printers.map(el).join('')}</Printers>`;
}

/** Refuses a printer name the service did not list (spec section 5). */
export function checkPrinter(printers: LabelPrinter[], printerName: string): LabelPrinter {
  const p = printers.find((x) => x.name === printerName);
  if (!p) throw new DymoError('unknownPrinter', printerName);
  return p;
}

// ----- labels --------------------------------------------------------------------------------------------

export const BARCODE_POSITIONS = ['AboveAddress', 'BelowAddress', 'Suppress'] as const;
export type BarcodePosition = (typeof BARCODE_POSITIONS)[number];

export interface BadgeData {
  name: string;
  company?: string | null;
  ticketType: string;
  /** The ticket's code: the QR the door scans. */
  code: string;
  barcodePosition?: string;
}

function checkBarcodePosition(v: string | undefined): BarcodePosition {
  const p = v ?? 'BelowAddress';
  if (!(BARCODE_POSITIONS as readonly string[]).includes(p)) throw new DymoError('badBarcodePosition', p);
  return p as BarcodePosition;
}

const bounds = (x: number, y: number, w: number, h: number) => `<Bounds X="${x}" Y="${y}" Width="${w}" Height="${h}" />`;

function textObject(name: string, text: string, size: number, bold: boolean, y: number, h: number): string {
  return (
    `<ObjectInfo><TextObject><Name>${name}</Name><ForeColor Alpha="255" Red="0" Green="0" Blue="0" /><BackColor Alpha="0" Red="255" Green="255" Blue="255" />` +
    `<LinkedObjectName></LinkedObjectName><Rotation>Rotation0</Rotation><IsMirrored>False</IsMirrored><IsVariable>True</IsVariable>` +
    `<HorizontalAlignment>Center</HorizontalAlignment><VerticalAlignment>Middle</VerticalAlignment><TextFitMode>ShrinkToFit</TextFitMode>` +
    `<UseFullFontHeight>True</UseFullFontHeight><Verticalized>False</Verticalized><StyledText><Element><String>${escapeXml(text)}</String>` +
    `<Attributes><Font Family="Arial" Size="${size}" Bold="${bold ? 'True' : 'False'}" Italic="False" Underline="False" Strikeout="False" />` +
    `<ForeColor Alpha="255" Red="0" Green="0" Blue="0" /></Attributes></Element></StyledText></TextObject>${bounds(150, y, 2950, h)}</ObjectInfo>`
  );
}

/**
 * The badge as DYMO label XML (a DieCutLabel on the 30856 name-badge die): the attendee's name large, the
 * company, the ticket type, and the ticket code as a QR bar code placed above or below the text, or left out.
 */
export function badgeLabelXml(badge: BadgeData): string {
  const position = checkBarcodePosition(badge.barcodePosition);
  const withCode = position !== 'Suppress';
  // Twips (1/1440 in) on a 62 x 102 mm badge, landscape: the QR takes the top or bottom band.
  const textTop = withCode && position === 'AboveAddress' ? 1750 : 150;
  const codeTop = position === 'AboveAddress' ? 150 : 1950;
  const objects = [
    textObject('Nombre', badge.name, 24, true, textTop, 700),
    textObject('Empresa', badge.company ?? '', 14, false, textTop + 700, 450),
    textObject('Entrada', badge.ticketType, 11, false, textTop + 1150, 400),
  ];
  if (withCode) {
    objects.push(
      `<ObjectInfo><BarcodeObject><Name>Codigo</Name><ForeColor Alpha="255" Red="0" Green="0" Blue="0" /><BackColor Alpha="0" Red="255" Green="255" Blue="255" />` +
        `<LinkedObjectName></LinkedObjectName><Rotation>Rotation0</Rotation><IsMirrored>False</IsMirrored><IsVariable>True</IsVariable>` +
        `<Text>${escapeXml(badge.code)}</Text><Type>QRCode</Type><Size>Medium</Size><TextPosition>None</TextPosition>` +
        `<TextFont Family="Arial" Size="8" Bold="False" Italic="False" Underline="False" Strikeout="False" /><CheckSumFont Family="Arial" Size="8" Bold="False" Italic="False" Underline="False" Strikeout="False" />` +
        `<TextEmbedding>None</TextEmbedding><ECLevel>0</ECLevel><HorizontalAlignment>Center</HorizontalAlignment><QuietZonesPadding Left="0" Top="0" Right="0" Bottom="0" />` +
        `</BarcodeObject>${bounds(1100, codeTop, 1400, 1400)}</ObjectInfo>`,
    );
  }
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n<DieCutLabel Version="8.0" Units="twips"><PaperOrientation>Landscape</PaperOrientation>` +
    `<Id>NameBadge</Id><PaperName>30856 Badge Card</PaperName><DrawCommands><RoundRectangle X="0" Y="0" Width="3600" Height="5760" Rx="270" Ry="270" /></DrawCommands>` +
    `${objects.join('')}<BarcodePosition>${position}</BarcodePosition></DieCutLabel>`
  );
}

/** Label XML is required and must be a label (spec section 5). */
export function checkLabelXml(labelXml: string | null | undefined): string {
  if (!labelXml || !/<(DieCutLabel|ContinuousLabel|DesktopLabel)\b/.test(labelXml)) throw new DymoError('labelXmlRequired');
  const position = /<BarcodePosition>([^<]*)<\/BarcodePosition>/.exec(labelXml)?.[1];
  if (position !== undefined) checkBarcodePosition(position);
  return labelXml;
}

/** The text of a named object of a label; an object that does not exist is an error (spec section 5). */
export function labelObjectText(labelXml: string, objectName: string): string {
  const re = /<(TextObject|BarcodeObject|AddressObject)>([\s\S]*?)<\/\1>/g;
  for (const m of labelXml.matchAll(re)) {
    if (childText(m[2], 'Name') !== objectName) continue;
    if (m[1] === 'BarcodeObject') return childText(m[2], 'Text') ?? '';
    return [...m[2].matchAll(/<String>([\s\S]*?)<\/String>/g)].map((s) => unescapeXml(s[1])).join('');
  }
  throw new DymoError('noSuchObject', objectName);
}

export interface PrintParams {
  copies?: number;
  jobTitle?: string;
  printQuality?: 'Text' | 'BarcodeAndGraphics' | 'Auto';
  twinTurboRoll?: 'Left' | 'Right' | 'Auto';
}

export function printParamsXml(p: PrintParams = {}): string {
  const copies = Math.max(1, Math.min(99, Math.floor(p.copies ?? 1)));
  return (
    `<LabelWriterPrintParams><Copies>${copies}</Copies><JobTitle>${escapeXml(p.jobTitle ?? 'Credencial')}</JobTitle>` +
    `<FlowDirection>LeftToRight</FlowDirection><PrintQuality>${p.printQuality ?? 'BarcodeAndGraphics'}</PrintQuality>` +
    `<TwinTurboRoll>${p.twinTurboRoll ?? 'Auto'}</TwinTurboRoll></LabelWriterPrintParams>`
  );
}

/** The form body of PrintLabel / PrintLabel2 (application/x-www-form-urlencoded). */
export function printLabelForm(printerName: string, labelXml: string, params: PrintParams = {}, labelSetXml = ''): string {
  return new URLSearchParams({ printerName, printParamsXml: printParamsXml(params), labelXml: checkLabelXml(labelXml), labelSetXml }).toString();
}

// ----- print jobs ----------------------------------------------------------------------------------------

/** Spec section 4. */
export const PRINT_JOB_STATUS = {
  Unknown: 0,
  Printing: 1,
  Finished: 2,
  Error: 3,
  PaperOut: 4,
  InQueue: 5,
  ProcessingError: -1,
  PrinterBusy: -2,
  InvalidJobId: -3,
  NotSpooled: -4,
} as const;
export type PrintJobStatusName = keyof typeof PRINT_JOB_STATUS;

export interface PrintJobStatus {
  printerName: string;
  jobId: string;
  status: number;
  statusMessage: string;
}

export function printJobStatusName(status: number): PrintJobStatusName {
  const hit = (Object.entries(PRINT_JOB_STATUS) as [PrintJobStatusName, number][]).find(([, v]) => v === status);
  return hit ? hit[0] : 'Unknown';
}

/** Statuses after which polling stops: the job ended well or cannot go on by itself. */
export function isFinalStatus(status: number): boolean {
  return status === PRINT_JOB_STATUS.Finished || status === PRINT_JOB_STATUS.Error || status < 0;
}

// ----- remote print servers: chunks ----------------------------------------------------------------------

/** The job's text in chunks of at most `size` characters (spec section 9: 4000). */
export function chunkText(text: string, size = CHUNK_SIZE): string[] {
  if (size < 1) throw new RangeError('chunk size');
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [''];
}

/** What a remote print server receives, as one text split into chunks. */
export interface RemotePrintJob {
  printerName: string;
  labelXml: string;
  printParamsXml: string;
  labelSetXml: string;
}

export const encodeRemoteJob = (job: RemotePrintJob) => JSON.stringify(job);

/** The server side of the chunk protocol (the test fake uses it): chunks back in order into the job. */
export function assembleChunks(chunks: Map<number, string>, count: number): RemotePrintJob | null {
  if (chunks.size < count) return null;
  let text = '';
  for (let i = 0; i < count; i++) {
    const c = chunks.get(i);
    if (c === undefined) return null;
    text += c;
  }
  return JSON.parse(text) as RemotePrintJob;
}
