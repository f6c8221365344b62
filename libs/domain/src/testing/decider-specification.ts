import type { Aggregate } from '../shared/aggregate';
import { foldEvents } from '../shared/aggregate';
import type { DomainEvent } from '../shared/event';
import { DomainError, type DomainErrorKind } from '../shared/result';

/**
 * Given / when / then for any aggregate's pure decide and evolve: the events
 * already in the stream, the command, and what it decides.
 *
 *   const given = DeciderSpecification.for(Voyage, { now: NOW });
 *   given([published]).when(apply).then([submitted]);
 *   given([]).when(apply).thenThrows('not_found', 'VOYAGE_NOT_FOUND');
 *
 * For the domain's tests only (it calls jest's `expect`): not exported from the
 * library's index, so nothing in production loads it.
 */
/** Any part of a value, at any depth: what jest's toMatchObject compares. */
export type DeepPartial<T> = T extends readonly (infer U)[] ? readonly DeepPartial<U>[] : T extends object ? { readonly [K in keyof T]?: DeepPartial<T[K]> } : T;

export interface DeciderThen<TEvent extends DomainEvent> {
  /** Decides exactly these events, in this order. */
  then(expected: readonly TEvent[]): void;
  /** Decides events matching these, one for one (jest's toMatchObject: the fields given must match). */
  thenMatches(expected: readonly DeepPartial<TEvent>[]): void;
  /** Decides nothing (an idempotent repeat). */
  thenNothing(): void;
  /**
   * Refuses with a DomainError of this kind (and this code, when given), saying
   * why: a refusal's message is what the member reads, never empty, and this
   * message when one is given (a text it contains, or a pattern).
   */
  thenThrows(kind: DomainErrorKind, code?: string, message?: string | RegExp): void;
  /** The decided events, for checks the forms above cannot state. */
  events(): TEvent[];
}

export interface DeciderWhen<TCommand, TEvent extends DomainEvent> {
  /** `now` overrides the specification's clock for this command. */
  when(command: TCommand, now?: Date): DeciderThen<TEvent>;
}

const refusalOf = (decide: () => unknown): DomainError => {
  try {
    decide();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused, but it was decided');
};

export const DeciderSpecification = {
  for<TState, TCommand, TEvent extends DomainEvent>(
    decider: Aggregate<TState, TCommand, TEvent>,
    options: { readonly now?: Date } = {},
  ): (given?: readonly DomainEvent[]) => DeciderWhen<TCommand, TEvent> {
    const clock = options.now ?? new Date('2030-01-01T12:00:00Z');
    return (given = []) => ({
      when: (command, now = clock) => {
        const decide = (): TEvent[] => decider.decide(command, foldEvents(decider, given), now);
        return {
          then: (expected) => expect(decide()).toEqual(expected),
          thenMatches: (expected) => {
            const events = decide();
            expect(events).toHaveLength(expected.length);
            expect(events).toMatchObject(expected);
          },
          thenNothing: () => expect(decide()).toEqual([]),
          thenThrows: (kind, code, message) => {
            const refusal = refusalOf(decide);
            expect({ kind: refusal.kind, code: code === undefined ? undefined : refusal.code }).toEqual({ kind, code });
            expect(refusal.message.trim()).not.toBe('');
            if (message !== undefined) expect(refusal.message).toMatch(message);
          },
          events: decide,
        };
      },
    });
  },
};
