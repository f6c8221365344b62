import type { ConfigAsOfResponse } from '@crew/contracts';
import { PLATFORM_CONFIG_STREAM, PlatformConfig, type PlatformConfigEvent, type PlatformConfigState, type RecordedEvent } from '@crew/domain';
import { CONFIG_KEYS, configChangeOf, type ConfigKey } from '@crew/projections';
import type { EventStore } from '../../platform/event-store/event-store.port';

interface KeyEntry {
  readonly description: string;
  readonly at: string | null;
  readonly by: string | null;
}

/** The PlatformConfig aggregate's state plus, per key, who last changed it, when and why. */
export interface ConfigAsOfState {
  readonly config: PlatformConfigState;
  readonly entries: Readonly<Record<ConfigKey, KeyEntry>>;
  readonly eventsApplied: number;
  readonly lastChangeAt: string | null;
}

const initialEntries = (): Record<ConfigKey, KeyEntry> => ({
  monetization_enabled: { description: CONFIG_KEYS.monetization_enabled, at: null, by: null },
  rollout_percentage: { description: CONFIG_KEYS.rollout_percentage, at: null, by: null },
  free_trial_period_days: { description: CONFIG_KEYS.free_trial_period_days, at: null, by: null },
  subscription_price_gbp: { description: CONFIG_KEYS.subscription_price_gbp, at: null, by: null },
});

export const initialAsOfState = (): ConfigAsOfState => ({
  config: PlatformConfig.initialState(),
  entries: initialEntries(),
  eventsApplied: 0,
  lastChangeAt: null,
});

const isConfigKey = (key: string): key is ConfigKey => key in CONFIG_KEYS;

/** One event folded: the domain's own evolve, plus the key's who/when/why as the config read model keeps them. */
export const evolveAsOf = (state: ConfigAsOfState, event: PlatformConfigEvent, recorded: Pick<RecordedEvent, 'metadata'>): ConfigAsOfState => {
  const change = configChangeOf(event);
  const entries = isConfigKey(change.key)
    ? {
        ...state.entries,
        [change.key]: { description: change.description ?? CONFIG_KEYS[change.key], at: recorded.metadata.timestamp, by: recorded.metadata.userId },
      }
    : state.entries;
  return {
    config: PlatformConfig.evolve(state.config, event),
    entries,
    eventsApplied: state.eventsApplied + 1,
    lastChangeAt: recorded.metadata.timestamp,
  };
};

export const asOfResponse = (at: Date, state: ConfigAsOfState): Omit<ConfigAsOfResponse, 'member_names'> => {
  const entry = <V>(key: ConfigKey, value: V) => ({
    value,
    description: state.entries[key].description,
    updated_at: state.entries[key].at,
    updated_by: state.entries[key].by,
  });
  return {
    at: at.toISOString(),
    events_applied: state.eventsApplied,
    last_change_at: state.lastChangeAt,
    config: {
      monetization_enabled: entry('monetization_enabled', state.config.monetizationEnabled),
      rollout_percentage: entry('rollout_percentage', state.config.rolloutPercentage),
      free_trial_period_days: entry('free_trial_period_days', state.config.freeTrialPeriodDays),
      subscription_price_gbp: entry('subscription_price_gbp', state.config.subscriptionPriceGbp),
    },
    grandfathered_users: [...state.config.grandfathered],
    beta_testers: [...state.config.beta],
  };
};

interface TimelineEvent {
  /** When the change was made (metadata time, ms), never earlier than the event before it. */
  readonly at: number;
  readonly event: PlatformConfigEvent;
  readonly metadata: RecordedEvent['metadata'];
}

/** A folded state is kept after every this many events. */
export const SNAPSHOT_EVERY = 128;

/**
 * The PlatformConfig stream as a timeline that can be folded up to any moment.
 *
 * It reads the stream through the event store port and remembers what it read:
 * each query first reads only the events appended since (one indexed read of
 * the stream's tail, usually empty), so every API process stays exact without
 * any notification. Folded states are kept every SNAPSHOT_EVERY events, so the
 * configuration at a moment is a binary search for the last event made at or
 * before it, then at most SNAPSHOT_EVERY - 1 evolve steps from the nearest
 * snapshot: the domain's own evolve, never the current row.
 *
 * Event times are the times the changes were made (metadata). Should a clock
 * ever step back, an event counts as made no earlier than the one before it in
 * the stream, so "up to a moment" is always a prefix of the stream.
 */
export class ConfigTimeline {
  private readonly events: TimelineEvent[] = [];
  /** snapshots[i] is the state after i * SNAPSHOT_EVERY events. */
  private readonly snapshots: ConfigAsOfState[] = [initialAsOfState()];
  private nextRevision = 0n;
  private catchingUp: Promise<void> | null = null;

  constructor(private readonly store: EventStore) {}

  /** Reads the events appended since the last call; concurrent callers share one read. */
  catchUp(): Promise<void> {
    this.catchingUp ??= this.readTail().finally(() => {
      this.catchingUp = null;
    });
    return this.catchingUp;
  }

  async stateAt(at: Date): Promise<ConfigAsOfState> {
    await this.catchUp();
    return this.foldUpTo(this.countMadeBy(at.getTime()));
  }

  /** Events in the stream so far (for tests and benchmarks). */
  get length(): number {
    return this.events.length;
  }

  private async readTail(): Promise<void> {
    const recorded = await this.store.readStream(PLATFORM_CONFIG_STREAM, this.nextRevision);
    for (const event of recorded) {
      this.nextRevision = event.revision + 1n;
      const domainEvent = { type: event.type, data: event.data };
      if (!PlatformConfig.isEvent(domainEvent)) continue;
      const previous = this.events[this.events.length - 1];
      const made = Date.parse(event.metadata.timestamp);
      const at = Number.isFinite(made) ? Math.max(made, previous?.at ?? made) : (previous?.at ?? event.recordedAt.getTime());
      this.events.push({ at, event: domainEvent, metadata: event.metadata });
      if (this.events.length % SNAPSHOT_EVERY === 0) {
        const base = this.snapshots[this.snapshots.length - 1]!;
        this.snapshots.push(this.fold(base, this.events.length - SNAPSHOT_EVERY, this.events.length));
      }
    }
  }

  /** How many events were made at or before `at` (times are non-decreasing). */
  private countMadeBy(at: number): number {
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.events[middle]!.at <= at) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private foldUpTo(count: number): ConfigAsOfState {
    const index = Math.floor(count / SNAPSHOT_EVERY);
    return this.fold(this.snapshots[index]!, index * SNAPSHOT_EVERY, count);
  }

  private fold(state: ConfigAsOfState, from: number, to: number): ConfigAsOfState {
    let folded = state;
    for (let i = from; i < to; i += 1) {
      const item = this.events[i]!;
      folded = evolveAsOf(folded, item.event, item);
    }
    return folded;
  }
}
