/** Building blocks shared by every module's decider. Pure types, no I/O. */

/** A domain event: a stable string type and its data. */
export type Event<Type extends string = string, Data extends Record<string, unknown> = Record<string, unknown>> = {
  type: Type;
  data: Data;
};

/** A command with its data; metadata (time, ids, user) is passed separately. */
export type Command<Type extends string = string, Data extends Record<string, unknown> = Record<string, unknown>> = {
  type: Type;
  data: Data;
};

/** What every decide() gets besides the command and state: time and ids come in, never read inside. */
export interface DecideContext {
  now: Date;
  userId?: string;
  newId: () => string;
}

export interface Decider<C extends Command, E extends Event, S> {
  decide(command: C, state: S, ctx: DecideContext): E[];
  evolve(state: S, event: E): S;
  initialState(): S;
}
