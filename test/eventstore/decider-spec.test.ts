import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/shared/errors.js';
import type { Decider } from '../../src/domain/shared/types.js';
import { DeciderSpecification, SPEC_NOW, SPEC_USER_ID, specId } from '../support/decider-spec.js';

// A toy counter decider, only here to prove the helper.
type C = { type: 'Open'; data: Record<string, never> } | { type: 'Add'; data: { n: number } };
type E =
  | { type: 'toy.Opened'; data: { id: string; at: string; by: string | null } }
  | { type: 'toy.Added'; data: { n: number; id: string } };
type S = { open: boolean; total: number };

const decider: Decider<C, E, S> = {
  initialState: () => ({ open: false, total: 0 }),
  evolve: (s, e) => (e.type === 'toy.Opened' ? { ...s, open: true } : { ...s, total: s.total + e.data.n }),
  decide(c, s, ctx) {
    if (c.type === 'Open') {
      if (s.open) throw new DomainError('ALREADY_OPEN', 'Ya está abierto.', 409);
      return [{ type: 'toy.Opened', data: { id: ctx.newId(), at: ctx.now.toISOString(), by: ctx.userId ?? null } }];
    }
    if (!s.open) throw new DomainError('NOT_OPEN', 'No está abierto.', 409);
    if (c.data.n === 0) return [];
    return [
      { type: 'toy.Added', data: { n: c.data.n, id: ctx.newId() } },
      { type: 'toy.Added', data: { n: c.data.n, id: ctx.newId() } },
    ];
  },
};

const opened: E = { type: 'toy.Opened', data: { id: specId(1), at: SPEC_NOW.toISOString(), by: SPEC_USER_ID } };

describe('DeciderSpecification', () => {
  const spec = DeciderSpecification.for(decider);

  it('fixes time, user and ids', () => {
    spec.given([]).when({ type: 'Open', data: {} }).then([opened]);
    spec.when({ type: 'Open', data: {} }, { userId: undefined, now: new Date(0) }).then([
      { type: 'toy.Opened', data: { id: specId(1), at: new Date(0).toISOString(), by: null } },
    ]);
  });

  it('restarts the id counter for every when and folds the given history', () => {
    spec.given([opened]).when({ type: 'Add', data: { n: 2 } }).then([
      { type: 'toy.Added', data: { n: 2, id: specId(1) } },
      { type: 'toy.Added', data: { n: 2, id: specId(2) } },
    ]);
    spec.given([opened]).when({ type: 'Add', data: { n: 3 } }).thenState({ open: true, total: 6 });
    spec.given([opened]).when({ type: 'Add', data: { n: 0 } }).then([]);
  });

  it('checks thrown errors by class, class + check, or predicate', () => {
    spec.given([opened]).when({ type: 'Open', data: {} }).thenThrows(DomainError);
    spec.given([]).when({ type: 'Add', data: { n: 1 } }).thenThrows(DomainError, (e) => e.code === 'NOT_OPEN');
    spec.given([]).when({ type: 'Add', data: { n: 1 } }).thenThrows((e) => e.status === 409);
  });

  it('fails loudly when the outcome differs', () => {
    expect(() => spec.given([]).when({ type: 'Add', data: { n: 1 } }).then([])).toThrow(/decide\(\) threw: DomainError \[NOT_OPEN\]/);
    expect(() => spec.given([]).when({ type: 'Open', data: {} }).thenThrows(DomainError)).toThrow(/Expected decide\(\) to throw/);
    expect(() => spec.given([]).when({ type: 'Add', data: { n: 1 } }).thenThrows(TypeError)).toThrow(/class TypeError/);
    expect(() =>
      spec.given([]).when({ type: 'Add', data: { n: 1 } }).thenThrows(DomainError, (e) => e.code === 'OTHER'),
    ).toThrow(/did not pass the check/);
    expect(() => spec.given([opened]).when({ type: 'Add', data: { n: 1 } }).then([])).toThrow();
  });
});
