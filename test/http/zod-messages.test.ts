import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toErrorBody } from '../../src/http/errors.js';
import { startTestNode } from '../support/context.js';

/**
 * Every zod field error reads as plain Spanish (src/http/zod-es.ts): no English, no type names ("int",
 * "string"), no symbols (">=") such as zod's own Spanish locale writes ("se esperaba que int fuera >=1").
 */
const message = (schema: z.ZodType, value: unknown) => {
  const body = toErrorBody(schema.safeParse(value).error);
  expect(body.status).toBe(400);
  return body.errors![0].message;
};

describe('zod messages in Spanish', () => {
  it('words each kind of issue naturally', () => {
    expect(message(z.number().int().min(1), 0)).toBe('Debe ser mayor o igual a 1.');
    expect(message(z.int().min(1), 0)).toBe('Debe ser mayor o igual a 1.');
    expect(message(z.number().positive(), 0)).toBe('Debe ser mayor que 0.');
    expect(message(z.number().lt(5), 5)).toBe('Debe ser menor que 5.');
    expect(message(z.number().max(1_000_000), 2_000_000)).toBe('Debe ser como máximo 1.000.000.');
    expect(message(z.int(), 1.5)).toBe('Debe ser un número entero.');
    expect(message(z.int(), 1e20)).toBe('Debe ser como máximo 9.007.199.254.740.991.');
    expect(message(z.string().min(1), '')).toBe('Este campo es obligatorio.');
    expect(message(z.string().min(3), 'a')).toBe('Debe tener al menos 3 caracteres.');
    expect(message(z.string().max(3), 'abcd')).toBe('Debe tener como máximo 3 caracteres.');
    expect(message(z.string().length(2), 'abc')).toBe('Debe tener exactamente 2 caracteres.');
    expect(message(z.array(z.string()).min(1), [])).toBe('Debe tener al menos un elemento.');
    expect(message(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('Debe tener como máximo 2 elementos.');
    expect(message(z.email(), 'x')).toBe('Ingresa un correo electrónico válido.');
    expect(message(z.uuid(), 'x')).toBe('Identificador no válido.');
    expect(message(z.url(), 'x')).toBe('Debe ser una dirección web (URL) válida.');
    expect(message(z.iso.date(), 'x')).toBe('Debe ser una fecha válida (AAAA-MM-DD).');
    expect(message(z.string().regex(/^a$/), 'b')).toBe('El formato no es válido.');
    expect(message(z.string().startsWith('ev-'), 'b')).toBe('Debe comenzar con «ev-».');
    expect(message(z.enum(['draft', 'published']), 'x')).toBe('Debe ser uno de estos valores: «draft», «published».');
    expect(message(z.literal('a'), 'b')).toBe('Debe ser «a».');
    expect(message(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe('Campo no permitido: «b».');
    expect(message(z.number().multipleOf(5), 3)).toBe('Debe ser múltiplo de 5.');
    expect(message(z.union([z.string(), z.number()]), true)).toBe('El valor no es válido.');
    expect(message(z.string(), 5)).toBe('Debe ser un texto.');
    expect(message(z.object({ a: z.string() }), {})).toBe('Este campo es obligatorio.');
    expect(message(z.boolean(), 'sí')).toBe('Debe ser verdadero o falso.');
    expect(message(z.date().min(new Date('2030-01-01T00:00:00Z')), new Date('2020-01-01T00:00:00Z'))).toBe(
      'Debe ser una fecha igual o posterior al 1 de enero de 2030.',
    );
    // A schema's own message still wins.
    expect(message(z.string().min(8, { message: 'La contraseña debe tener al menos 8 caracteres.' }), 'corta')).toBe(
      'La contraseña debe tener al menos 8 caracteres.',
    );
  });

  it('no message mixes English, type names or symbols', () => {
    const cases: [z.ZodType, unknown][] = [
      [z.number().int().min(1), 0],
      [z.int().max(3), 9],
      [z.bigint().min(1n), 0n],
      [z.set(z.string()).min(1), new Set()],
      [z.iso.datetime(), 'x'],
      [z.iso.time(), 'x'],
      [z.iso.duration(), 'x'],
      [z.ipv4(), 'x'],
      [z.e164(), 'x'],
      [z.base64(), '$$'],
      [z.hex(), 'zz'],
      [z.cuid(), '$$'],
      [z.string().lowercase(), 'A'],
      [z.string().endsWith('z'), 'a'],
      [z.string().includes('z'), 'a'],
      [z.jwt(), 'a'],
      [z.record(z.enum(['a']), z.string()), { b: 'x' }],
      [z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })]), { k: 'c' }],
      [z.tuple([z.string()]), ['a', 'b']],
      [z.number(), Number.NaN],
      [z.string().refine(() => false), 'a'],
      [z.map(z.string(), z.number()), new Map([['a', 'b']])],
    ];
    for (const [schema, value] of cases) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues) {
        expect(issue.message, `${issue.code} ${String(value)}`).not.toMatch(/\b(int|string|number|bigint|array|object|Invalid|expected|received|Too)\b|[<>]=?|Inválido |Entrada inválida|se esperaba/);
        expect(issue.message).toMatch(/\.$/);
      }
    }
  });

  describe('over HTTP', () => {
    let t: Awaited<ReturnType<typeof startTestNode>>;
    beforeAll(async () => {
      t = await startTestNode({ workers: false });
    });
    afterAll(async () => {
      await t?.stop();
    });

    it('a query out of range says so in Spanish', async () => {
      const res = await fetch(`${t.node.url}/api/v2/events/published?pageSize=0&page=-1`);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ status: 400, message: 'SOLICITUD NO PROCESADA', code: 'VALIDATION' });
      expect(body.errors).toEqual([
        { path: 'page', message: 'Debe ser mayor o igual a 0.' },
        { path: 'pageSize', message: 'Debe ser mayor o igual a 1.' },
      ]);
    });
  });
});
