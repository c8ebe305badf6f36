import { describe, expect, it } from 'vitest';
import { client, newEventBody, organizer, useEventsNode } from '../events/helpers.js';

/** Field errors of the general zod mapping (src/http/errors.ts): one per field, each saying what is wrong. */
describe('validation messages', () => {
  const t = useEventsNode();

  it('a value of the wrong kind is not called missing; a missing one is', async () => {
    const a = await organizer(t.node.url);
    const numeric = await a.post('/event', newEventBody({ eventName: 123 as never }));
    expect(numeric.status).toBe(400);
    expect(numeric.body).toMatchObject({ message: 'SOLICITUD NO PROCESADA', code: 'VALIDATION' });
    expect(numeric.body.errors).toEqual([{ path: 'eventName', message: 'Debe ser un texto.' }]);

    const { eventName: _omitted, ...rest } = newEventBody();
    const missing = await a.post('/event', rest);
    expect(missing.body.errors).toEqual([{ path: 'eventName', message: 'Este campo es obligatorio.' }]);

    const textCapacity = await a.post('/event', newEventBody({ capacity: 'mil' as never }));
    expect(textCapacity.body.errors).toEqual([{ path: 'capacity', message: 'Debe ser un número.' }]);

    // The accounts forms keep their own words for a missing field only.
    const signUp = await client(t.node.url).post('/signup', { displayName: 5, email: 'x@example.com', password: 'una-clave-larga-1' });
    expect(signUp.status).toBe(400);
    expect(signUp.body.errors).toContainEqual({ path: 'displayName', message: 'Debe ser un texto.' });
  });

  it('a huge number gets one error, the limit in plain words', async () => {
    const a = await organizer(t.node.url);
    const huge = await a.post('/event', newEventBody({ capacity: 1e20 }));
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toEqual([{ path: 'capacity', message: 'Debe ser como máximo 1.000.000.' }]);
    const fraction = await a.post('/event', newEventBody({ capacity: 10.5 }));
    expect(fraction.body.errors).toEqual([{ path: 'capacity', message: 'Debe ser un número entero.' }]);
  });
});
