import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUpUser } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';

// The export of a grid's current view as XLSX (issue 22): same search, filter and sort as the grid, the
// organizer's own records only.
const app = useTestApp({ parts: { workers: false } });

async function call(user: SignedUpUser, method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.api}/contacts/${user.user._id}${path}`, {
    method,
    headers: { ...bearer(user.token), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('contacts and companies exported as XLSX', { timeout: 60_000 }, () => {
  it('exports the filtered, sorted view; another organizer sees none of it', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Exporta' });
    for (const [name, email, phone] of [
      ['Zoila Vargas', 'zoila@andina.pe', '987111222'],
      ['Ana Flores', 'ana@andina.pe', null],
      ['Pedro Ruiz', 'pedro@otra.pe', null],
    ]) {
      expect((await call(org, 'POST', '/contacts', { clientId: randomUUID(), name, email, phone })).status).toBe(201);
    }
    const res = await call(org, 'GET', '/contacts/export?format=xlsx&search=andina&sortField=name&sortOrder=asc');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="contactos.xlsx"');
    const rows = await sheetRows(res.bytes);
    expect(rows[0].slice(0, 3)).toEqual(['Nombre', 'Correo', 'Teléfono']);
    expect(rows.slice(1).map((r) => r.slice(0, 3))).toEqual([
      ['Ana Flores', 'ana@andina.pe', undefined],
      ['Zoila Vargas', 'zoila@andina.pe', '+51987111222'],
    ]);
    const desc = await sheetRows((await call(org, 'GET', '/contacts/export?format=xlsx&search=andina&sortField=name&sortOrder=desc')).bytes);
    expect(desc.slice(1).map((r) => r[0])).toEqual(['Zoila Vargas', 'Ana Flores']);

    expect((await call(org, 'POST', '/companies', { clientId: randomUUID(), name: 'Comercial Andina SAC' })).status).toBe(201);
    const companies = await sheetRows((await call(org, 'GET', '/companies/export?format=xlsx')).bytes);
    expect(companies.slice(1).map((r) => r[0])).toEqual(['Comercial Andina SAC']);

    const bad = await call(org, 'GET', '/contacts/export?format=pdf');
    expect(bad.status).toBe(400);

    // Another organizer: refused on this organizer's URL, and its own export is empty.
    const other = await signUp(app.url, { displayName: 'Otro Organizador' });
    const res403 = await fetch(`${app.api}/contacts/${org.user._id}/contacts/export?format=xlsx`, { headers: bearer(other.token) });
    expect(res403.status).toBe(403);
    const own = await sheetRows((await call(other, 'GET', '/contacts/export?format=xlsx')).bytes);
    expect(own).toHaveLength(1);
  });
});
