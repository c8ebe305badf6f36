/**
 * The browser's client of the DYMO Connect web service on the visitor's machine. Discovery probes
 * `https://127.0.0.1:{41951..41960}/DYMO/DLS/Printing/StatusConnected` in order, each with the 3000 ms time-out,
 * and keeps the port that answered in a cookie for 100 days (tried first next time). A fixed base URL replaces
 * discovery: the page's printer settings keep one for a service elsewhere, and the browser tests point it at
 * their fake (test/support/fake-dymo.ts, plain HTTP).
 *
 * In production the service is DYMO Connect's own HTTPS listener on 127.0.0.1 with its self-signed certificate:
 * the browser must trust it once (opening https://127.0.0.1:41951/DYMO/DLS/Printing/StatusConnected and
 * accepting), and Chrome's Private Network Access preflight must be answered by the service; when none of that
 * works the desk prints the PDF label instead.
 */
import {
  DISCOVERY_TIMEOUT_MS,
  DYMO_HOST,
  DYMO_PATH,
  DYMO_PORTS,
  DymoError,
  PORT_COOKIE,
  PORT_COOKIE_DAYS,
  checkLabelXml,
  checkPrinter,
  isServiceTrue,
  parsePrinters,
  printLabelForm,
  unwrapServiceText,
  type LabelPrinter,
  type PrintParams,
} from './protocol';

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, days: number): void;
}

/** document.cookie as a jar. */
export const documentCookies: CookieJar = {
  get(name) {
    const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
    return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
  },
  set(name, value, days) {
    document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${days * 86_400}; path=/; SameSite=Lax`;
  },
};

export interface DymoClientOptions {
  /** A fixed service base URL (…/DYMO/DLS/Printing or just the origin); no discovery then. */
  baseUrl?: string | null;
  host?: string;
  ports?: readonly number[];
  fetch?: typeof fetch;
  cookies?: CookieJar;
  timeoutMs?: number;
}

export class DymoClient {
  private base: string | null = null;
  constructor(private readonly opts: DymoClientOptions = {}) {}

  private async request(url: string, init: RequestInit = {}, timeoutMs = this.opts.timeoutMs ?? DISCOVERY_TIMEOUT_MS * 2): Promise<string> {
    const f = this.opts.fetch ?? fetch;
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), timeoutMs);
    let res: Response;
    try {
      res = await f(url, { ...init, signal: ctrl.signal });
    } catch (err) {
      if (ctrl.signal.aborted) throw new DymoError('timedOut');
      throw new DymoError('noConnection', err instanceof Error ? err.message : undefined);
    } finally {
      clearTimeout(timer);
    }
    const text = await res.text();
    if (!res.ok) throw new DymoError('commandFailed', unwrapServiceText(text).slice(0, 300) || String(res.status));
    return text;
  }

  private async probe(base: string): Promise<boolean> {
    try {
      return isServiceTrue(await this.request(`${base}/StatusConnected`, {}, DISCOVERY_TIMEOUT_MS));
    } catch {
      return false;
    }
  }

  /** The service's base URL (…/DYMO/DLS/Printing): the fixed one, the remembered port, or the first that answers. */
  async discover(): Promise<string> {
    if (this.base) return this.base;
    const fixed = this.opts.baseUrl?.trim();
    if (fixed) {
      const base = fixed.replace(/\/$/, '').endsWith(DYMO_PATH) ? fixed.replace(/\/$/, '') : `${fixed.replace(/\/$/, '')}${DYMO_PATH}`;
      if (!(await this.probe(base))) throw new DymoError('notInstalled');
      return (this.base = base);
    }
    const host = this.opts.host ?? DYMO_HOST;
    const ports = [...(this.opts.ports ?? DYMO_PORTS)];
    const remembered = Number(this.opts.cookies?.get(PORT_COOKIE));
    if (ports.includes(remembered)) ports.unshift(...ports.splice(ports.indexOf(remembered), 1));
    for (const port of ports) {
      const base = `${host}:${port}${DYMO_PATH}`;
      if (await this.probe(base)) {
        this.opts.cookies?.set(PORT_COOKIE, String(port), PORT_COOKIE_DAYS);
        return (this.base = base);
      }
    }
    throw new DymoError('notInstalled');
  }

  /** Forget the service found (it stopped answering): the next call discovers again. */
  reset() {
    this.base = null;
  }

  async getPrinters(): Promise<LabelPrinter[]> {
    const base = await this.discover();
    return parsePrinters(await this.request(`${base}/GetPrinters`));
  }

  /** The label as the printer would print it, a PNG in base64 (RenderLabel). */
  async renderLabel(labelXml: string, printerName = ''): Promise<string> {
    const base = await this.discover();
    const body = new URLSearchParams({ labelXml: checkLabelXml(labelXml), renderParamsXml: '', printerName }).toString();
    return unwrapServiceText(await this.request(`${base}/RenderLabel`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }));
  }

  /** A label file on the machine of the service, as label XML (OpenLabelFile). */
  async openLabelFile(fileName: string): Promise<string> {
    const base = await this.discover();
    try {
      return checkLabelXml(unwrapServiceText(await this.request(`${base}/OpenLabelFile?fileName=${encodeURIComponent(fileName)}`)));
    } catch (err) {
      if (err instanceof DymoError && err.kind === 'noConnection') throw err;
      throw new DymoError('openLabelFile', fileName);
    }
  }

  /** An image the service fetches and answers as a PNG in base64 (LoadImageAsPngBase64). */
  async loadImageAsPngBase64(imageUri: string): Promise<string> {
    const base = await this.discover();
    try {
      const png = unwrapServiceText(await this.request(`${base}/LoadImageAsPngBase64?imageUri=${encodeURIComponent(imageUri)}`));
      if (!png) throw new DymoError('loadImage', imageUri);
      return png;
    } catch (err) {
      if (err instanceof DymoError && err.kind === 'noConnection') throw err;
      throw new DymoError('loadImage', imageUri);
    }
  }

  /** Prints a label on a printer the service lists (an unknown name is refused before anything is sent). */
  async printLabel(printerName: string, labelXml: string, params: PrintParams = {}, labelSetXml = ''): Promise<void> {
    const printers = await this.getPrinters();
    checkPrinter(printers, printerName);
    const base = await this.discover();
    const body = printLabelForm(printerName, labelXml, params, labelSetXml);
    const answer = await this.request(`${base}/PrintLabel`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    if (!isServiceTrue(answer)) throw new DymoError('commandFailed', unwrapServiceText(answer).slice(0, 300));
  }
}
