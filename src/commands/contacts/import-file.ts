/**
 * Reading an import file: CSV (comma, semicolon or tab separated, UTF-8 with or without BOM; csv-parse) or XLSX (the
 * first sheet; exceljs). The first row holds the column names; blank rows are skipped. Every cell is text.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { DomainError } from '../../domain/shared/errors.js';
import { messages } from '../../messages/es.js';

const m = messages.contacts.crmImport;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;

export interface ImportFile {
  columns: string[];
  rows: string[][];
}

const isXlsx = (content: Buffer) => content.length > 4 && content[0] === 0x50 && content[1] === 0x4b; // a zip: "PK"

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    return '';
  }
  return String(v);
}

async function readXlsx(content: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  // cast: exceljs declares load() with its own Buffer type, which Node 20's Buffer<ArrayBufferLike> does not match.
  await book.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value).trim());
    rows.push(cells);
  });
  return rows;
}

function readCsv(content: Buffer): string[][] {
  const text = content.toString('utf8');
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  // The separator the header uses most (Excel in Spanish writes ";").
  const delimiter = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length })).sort((a, b) => b.n - a.n)[0]!.d;
  return parse(text, { delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }) as string[][];
}

export async function readImportFile(content: Buffer): Promise<ImportFile> {
  let all: string[][];
  try {
    all = isXlsx(content) ? await readXlsx(content) : readCsv(content);
  } catch {
    throw new DomainError('IMPORT_FILE_UNREADABLE', m.importFileUnreadable, 400, { field: 'file' });
  }
  const nonBlank = all.filter((r) => r.some((c) => c !== ''));
  const [header, ...rows] = nonBlank;
  if (!header) throw new DomainError('IMPORT_EMPTY', m.importEmpty, 400, { field: 'file' });
  if (rows.length > IMPORT_MAX_ROWS) throw new DomainError('IMPORT_TOO_MANY_ROWS', m.importTooManyRows, 400, { field: 'file' });
  const columns = header.map((h, i) => h || `Columna ${i + 1}`);
  return { columns, rows };
}
