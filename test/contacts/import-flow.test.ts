// CRM import (issue 22): a CSV or XLSX uploaded, previewed, mapped and run by the BullMQ worker through
// recordInflow; known people (same e-mail or phone) are completed, not duplicated, within the file and against the
// base; refused rows are listed with their reason; a start repeated or a chunk run again adds nothing; another
// organizer can neither read nor start it.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { runImport } from '../../src/commands/contacts/import.js';
import { bearer, signUp, type SignedUpUser } from '../support/accounts.js';
import { useTestApp } from '../support/app.js';
import { contactsCall } from './api.js';

const app = useTestApp();

async function upload(user: SignedUpUser, id: string, name: string, content: Buffer | string) {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  const res = await fetch(`${app.api}/contacts/${user.user._id}/imports/${id}`, { method: 'POST', headers: bearer(user.token), body: form });
  return { status: res.status, body: (await res.json()) as any };
}

const CSV = [
  'Nombre;Correo electrónico;Celular;Acepta correos',
  'Ana Torres;ana@correo.pe;987 654 321;sí',
  'Luis Rojas;LUIS@correo.pe;;no',
  ';sin-nombre@correo.pe;;',
  'Carla Díaz;no-es-correo;;',
  'Ana T.;ana@correo.pe;;',
  'Pedro Soto;;912345678;',
  'Rosa Vega;rosa@correo.pe;123;',
].join('\r\n');

describe('contacts import', { timeout: 60_000 }, () => {
  it('previews, maps, imports with de-duplication and per-row errors, and is safe to repeat', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Importa' });
    // Someone already in the base: the file's row completes them (the phone), never a second contact.
    const known = await contactsCall(app.api, org, 'POST', '/contacts', { clientId: randomUUID(), name: 'Luis Rojas', email: 'luis@correo.pe' });
    expect(known.status).toBe(201);

    const id = randomUUID();
    const up = await upload(org, id, 'contactos.csv', `\uFEFF${CSV}`);
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({ columns: ['Nombre', 'Correo electrónico', 'Celular', 'Acepta correos'], rowCount: 7, status: 'uploaded' });
    expect(up.body.data.preview[0]).toEqual(['Ana Torres', 'ana@correo.pe', '987 654 321', 'sí']);
    // The same upload again is the same import.
    expect((await upload(org, id, 'contactos.csv', `\uFEFF${CSV}`)).status).toBe(201);

    // Mapping errors, in Spanish, beside their field.
    const noName = await contactsCall(app.api, org, 'POST', `/imports/${id}/start`, { mapping: { email: 1 } });
    expect(noName.status).toBe(400);
    expect(noName.body.messagePublic).toBe('Elige la columna del nombre.');
    const twice = await contactsCall(app.api, org, 'POST', `/imports/${id}/start`, { mapping: { name: 0, email: 0 } });
    expect(twice.body.messagePublic).toBe('Una columna no puede asignarse a dos campos.');
    // Another organizer: not found.
    const other = await signUp(app.url, { displayName: 'Otra Organizadora' });
    expect((await contactsCall(app.api, other, 'POST', `/imports/${id}/start`, { mapping: { name: 0, email: 1 } }, org.user._id)).status).toBe(403);
    expect((await contactsCall(app.api, other, 'GET', `/imports/${id}`)).status).toBe(404);

    const mapping = { name: 0, email: 1, phone: 2, emailConsent: 3 };
    const started = await contactsCall(app.api, org, 'POST', `/imports/${id}/start`, { mapping });
    expect(started.status).toBe(200);
    // A retried start is the same start; another mapping now is refused.
    expect((await contactsCall(app.api, org, 'POST', `/imports/${id}/start`, { mapping })).status).toBe(200);
    expect((await contactsCall(app.api, org, 'POST', `/imports/${id}/start`, { mapping: { name: 0, phone: 2 } })).status).toBe(409);

    await expect.poll(async () => (await contactsCall(app.api, org, 'GET', `/imports/${id}`)).body.data.status, { timeout: 30_000 }).toBe('completed');
    const done = (await contactsCall(app.api, org, 'GET', `/imports/${id}`)).body.data;
    expect(done).toMatchObject({ processed: 7, created: 2, updated: 2, failed: 3 });

    const grid = (await contactsCall(app.api, org, 'GET', '/contacts?pageSize=50')).body;
    // Ana, Luis (known) and Pedro: "Ana T." has Ana's e-mail, so she is Ana.
    expect(grid.rowCount).toBe(3);
    const byName = Object.fromEntries(grid.rows.map((c: any) => [c.name, c]));
    expect(byName['Ana Torres']).toMatchObject({ email: 'ana@correo.pe', phone: '+51987654321' });
    expect(byName['Ana Torres'].consent.email).toMatchObject({ status: 'granted', source: 'Importación' });
    expect(byName['Luis Rojas'].consent?.email ?? null).toBeNull();
    expect(byName['Pedro Soto']).toMatchObject({ phone: '+51912345678' });

    const errors = await fetch(`${app.api}/contacts/${org.user._id}/imports/${id}/errors`, { headers: bearer(org.token) });
    expect(errors.headers.get('content-type')).toContain('text/csv');
    const text = (await errors.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n').filter(Boolean)).toEqual([
      '"Fila","Motivo"',
      '4,"Escribe el nombre."',
      '5,"El correo no es válido."',
      '8,"Escribe el teléfono en formato internacional, con + y el código de país (por ejemplo +51987654321)."',
    ]);

    // The worker run again (a restarted worker): nothing new.
    await runImport(app.ctx, id);
    expect((await contactsCall(app.api, org, 'GET', '/contacts')).body.rowCount).toBe(3);
    expect((await contactsCall(app.api, org, 'GET', `/imports/${id}`)).body.data).toMatchObject({ processed: 7, created: 2, failed: 3 });
  });

  it('reads the first sheet of an XLSX file; an unreadable file and an empty one are refused in Spanish', async () => {
    const org = await signUp(app.url, { displayName: 'Organizadora Excel' });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Hoja1');
    sheet.addRow(['Name', 'Email']);
    sheet.addRow(['Julia Paredes', 'julia@correo.pe']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const up = await upload(org, randomUUID(), 'contactos.xlsx', xlsx);
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({ columns: ['Name', 'Email'], rowCount: 1, preview: [['Julia Paredes', 'julia@correo.pe']] });

    const empty = await upload(org, randomUUID(), 'vacio.csv', 'Nombre,Correo\r\n');
    expect(empty.status).toBe(400);
    expect(empty.body.messagePublic).toBe('El archivo no tiene filas de datos debajo de los encabezados.');
    const broken = await upload(org, randomUUID(), 'roto.xlsx', Buffer.from('PK\u0003\u0004garbage'));
    expect(broken.status).toBe(400);
    expect(broken.body.messagePublic).toBe('No pudimos leer el archivo. Sube un CSV (separado por comas o punto y coma) o un XLSX.');
  });
});
