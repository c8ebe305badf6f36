import ExcelJS from 'exceljs';
import type { Response } from 'express';

/** One column of an export: its Spanish title and how a row gives its cell (Date cells become dates in XLSX). */
export type ExportColumn<R> = { title: string; value: (row: R) => string | number | Date | null; width?: number };

function csvCell(value: string | number | Date | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = value instanceof Date ? value.toISOString() : value;
  // Quote everything; neutralize spreadsheet formulas in buyer-entered text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * Sends a grid's rows as CSV (UTF-8 with BOM, so spreadsheets read the accents) or XLSX (exceljs), as an
 * attachment named `<name>.<format>`.
 */
export async function sendExport<R>(res: Response, format: 'csv' | 'xlsx', name: string, sheet: string, columns: ExportColumn<R>[], rows: R[]): Promise<void> {
  res.setHeader('Content-Disposition', `attachment; filename="${name}.${format}"`);
  res.setHeader('Cache-Control', 'no-store');
  if (format === 'csv') {
    const lines = [columns.map((c) => csvCell(c.title)).join(','), ...rows.map((r) => columns.map((c) => csvCell(c.value(r))).join(','))];
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.status(200).send(`\uFEFF${lines.join('\r\n')}\r\n`);
    return;
  }
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Aforo';
  const ws = wb.addWorksheet(sheet);
  ws.columns = columns.map((c, i) => ({ header: c.title, key: String(i), width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(columns.map((c) => c.value(r)));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  res.setHeader('Content-Length', String(buf.length));
  res.status(200).send(buf);
}
