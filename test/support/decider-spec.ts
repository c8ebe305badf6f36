/**
 * Given/when/then specifications for pure deciders (Emmett style):
 *
 *   const spec = DeciderSpecification.for(userDecider);
 *   spec.given([registered]).when(changeName).then([nameChanged]);
 *   spec.given([]).when(badCommand).thenThrows(DomainError, (e) => e.code === 'EMAIL_TAKEN');
 *
 * Time and ids are fixed so that expected events can be written literally: `now` is SPEC_NOW unless given,
 * and `newId()` returns specId(1), specId(2), ... (UUID-shaped, counter restarts for every `when`).
 */
import { expect } from 'vitest';
import type { Command, DecideContext, Decider, Event } from '../../src/domain/shared/types.js';

/** The fixed clock every specification uses unless `now` is passed. */
export const SPEC_NOW = new Date('2026-03-02T10:00:00.000Z');
/** The user id put in the DecideContext unless `userId` is passed (use `userId: undefined` for anonymous). */
export const SPEC_USER_ID = '00000000-0000-4000-8000-00000000a11c';

/** The n-th id (1-based) handed out by newId() inside one `when`: 00000000-0000-4000-8000-000000000001, ... */
export function specId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export interface SpecOptions {
  now?: Date;
  userId?: string | undefined;
  /** Custom id generator (default: specId(1), specId(2), ...). */
  newId?: () => string;
}

type ErrorClass = abstract new (...args: any[]) => Error;
type ErrorCheck = (error: any) => boolean | void;

export interface WhenStep<C extends Command, E extends Event, S> {
  /** The decided events must equal `expected` (deep equality, same order). A function gets them to assert freely. */
  then(expected: E[] | ((events: E[], state: S) => void)): E[];
  /** decide() must throw: an instance of the class (and passing `check`, if given), or matching the predicate. */
  thenThrows(expected: ErrorClass | ErrorCheck, check?: ErrorCheck): Error;
  /** The state after folding given + decided events must equal `expected` (or pass the function). */
  thenState(expected: S | ((state: S) => void)): S;
}

export interface GivenStep<C extends Command, E extends Event, S> {
  when(command: C, options?: SpecOptions): WhenStep<C, E, S>;
}

export class DeciderSpecification<C extends Command, E extends Event, S> {
  private constructor(
    private readonly decider: Decider<C, E, S>,
    private readonly defaults: SpecOptions,
  ) {}

  static for<C extends Command, E extends Event, S>(
    decider: Decider<C, E, S>,
    defaults: SpecOptions = {},
  ): DeciderSpecification<C, E, S> {
    return new DeciderSpecification(decider, defaults);
  }

  /** The history of the stream before the command (may be empty). */
  given(events: E[] = []): GivenStep<C, E, S> {
    return { when: (command, options) => this.run(events, command, options) };
  }

  /** Shorthand for given([]).when(command). */
  when(command: C, options?: SpecOptions): WhenStep<C, E, S> {
    return this.given([]).when(command, options);
  }

  private run(history: E[], command: C, options: SpecOptions = {}): WhenStep<C, E, S> {
    const { decider } = this;
    const merged = { ...this.defaults, ...options };
    let counter = 0;
    const ctx: DecideContext = {
      now: merged.now ?? SPEC_NOW,
      userId: 'userId' in merged ? merged.userId : SPEC_USER_ID,
      newId: merged.newId ?? (() => specId(++counter)),
    };
    const state = history.reduce((s, e) => decider.evolve(s, e), decider.initialState());
    const decide = (): { events: E[] } | { error: unknown } => {
      try {
        return { events: decider.decide(command, state, ctx) };
      } catch (error) {
        return { error };
      }
    };

    const expectEvents = (): E[] => {
      const outcome = decide();
      if ('error' in outcome) {
        throw new Error(`Expected events but decide() threw: ${describeError(outcome.error)}`, { cause: outcome.error });
      }
      return outcome.events;
    };

    return {
      then(expected) {
        const events = expectEvents();
        if (typeof expected === 'function') expected(events, events.reduce(decider.evolve, state));
        else expect(events).toEqual(expected);
        return events;
      },
      thenState(expected) {
        const events = expectEvents();
        const next = events.reduce(decider.evolve, state);
        if (typeof expected === 'function') (expected as (s: S) => void)(next);
        else expect(next).toEqual(expected);
        return next;
      },
      thenThrows(expected, check) {
        const outcome = decide();
        if (!('error' in outcome)) {
          throw new Error(`Expected decide() to throw but it returned ${JSON.stringify(outcome.events)}`);
        }
        const error = outcome.error as Error;
        if (isErrorClass(expected)) {
          if (!(error instanceof expected)) {
            throw new Error(`Expected an error of class ${expected.name} but got ${describeError(error)}`, { cause: error });
          }
          if (check && check(error) === false) {
            throw new Error(`The thrown ${expected.name} did not pass the check: ${describeError(error)}`, { cause: error });
          }
        } else if (expected(error) === false) {
          throw new Error(`The thrown error did not match the predicate: ${describeError(error)}`, { cause: error });
        }
        return error;
      },
    };
  }
}

function isErrorClass(value: unknown): value is ErrorClass {
  return typeof value === 'function' && (value === Error || value.prototype instanceof Error);
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${code ? ` [${String(code)}]` : ''}: ${error.message}`;
  }
  return String(error);
}
