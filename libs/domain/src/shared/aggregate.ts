import type { DomainEvent } from './event';
import type { PersonalDataMap } from './personal-data';

/**
 * An event-sourced aggregate as two pure functions (decide + evolve) and an
 * initial state. The repository in the API folds the stream with `evolve`,
 * calls `decide` and appends what it returns.
 */
export interface Aggregate<TState, TCommand, TEvent extends DomainEvent> {
  readonly streamPrefix: string;
  readonly initialState: () => TState;
  readonly evolve: (state: TState, event: TEvent) => TState;
  readonly decide: (command: TCommand, state: TState, now: Date) => TEvent[];
  /** True for event types this aggregate understands; others in a stream are ignored. */
  readonly isEvent: (event: DomainEvent) => event is TEvent;
  /**
   * Set when the state is plain JSON and may be kept as a snapshot beside the
   * stream. Bump it whenever the state's shape or `evolve` changes, so
   * snapshots folded by older code are never used.
   */
  readonly stateVersion?: number;
  /** Which values of its events are a member's personal data, kept encrypted with that member's key (docs/privacy.md). */
  readonly personalData?: PersonalDataMap<TState, TEvent>;
}

export const foldEvents = <TState, TCommand, TEvent extends DomainEvent>(aggregate: Aggregate<TState, TCommand, TEvent>, events: readonly DomainEvent[]): TState =>
  events.reduce<TState>((state, event) => (aggregate.isEvent(event) ? aggregate.evolve(state, event) : state), aggregate.initialState());
