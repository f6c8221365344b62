import { PLATFORM_CONFIG_STREAM, PlatformConfig, foldEvents, type PlatformConfigEvent, type RecordedEvent } from '@crew/domain';
import { randomUUID } from 'node:crypto';
import { ConfigTimeline, SNAPSHOT_EVERY } from '../src/modules/admin/config-timeline';
import type { EventStore } from '../src/platform/event-store/event-store.port';

/** The configuration "as of" a moment: folded from the events made up to then, snapshots or not. */

const ADMIN = '5d0b3a9e-8c1f-4f7e-9b55-0e2f8d4c1a10';
const T0 = Date.parse('2026-03-01T09:00:00Z');

const recorded = (event: PlatformConfigEvent, revision: number, at: number): RecordedEvent => ({
  id: randomUUID(),
  streamId: PLATFORM_CONFIG_STREAM,
  type: event.type,
  revision: BigInt(revision),
  position: { commit: BigInt(revision + 1), prepare: 0n },
  data: event.data as unknown as RecordedEvent['data'],
  metadata: { userId: ADMIN, correlationId: 'c', causationId: null, timestamp: new Date(at).toISOString() },
  recordedAt: new Date(at),
});

/** An event store holding one config stream, counting how much of it is read. */
const storeOf = (log: RecordedEvent[]) => {
  const reads: bigint[] = [];
  const store = {
    readStream: async (streamId: string, from = 0n) => {
      reads.push(from);
      return streamId === PLATFORM_CONFIG_STREAM ? log.filter((e) => e.revision >= from) : [];
    },
  } as unknown as EventStore;
  return { store, reads };
};

describe('ConfigTimeline', () => {
  const series: [number, PlatformConfigEvent][] = [
    [60_000, { type: 'MonetizationToggled', data: { enabled: true, previous: false } }],
    [120_000, { type: 'RolloutPercentageChanged', data: { percentage: 25, previous: 0 } }],
    [180_000, { type: 'FreeTrialPeriodChanged', data: { days: 14, previous: 30, description: 'Shorter trial' } }],
    [240_000, { type: 'AccessListUserAdded', data: { listType: 'grandfathered', userId: ADMIN } }],
    [300_000, { type: 'SubscriptionPriceChanged', data: { priceGbp: 24.5, previous: 30, description: null } }],
    [360_000, { type: 'MonetizationToggled', data: { enabled: false, previous: true } }],
  ];

  it('gives, at each moment of a known series of changes, exactly the configuration of then', async () => {
    const log = series.map(([offset, event], i) => recorded(event, i, T0 + offset));
    const timeline = new ConfigTimeline(storeOf(log).store);
    const before = await timeline.stateAt(new Date(T0));
    expect(before.config).toEqual(PlatformConfig.initialState());
    expect(before.eventsApplied).toBe(0);
    for (let i = 0; i < series.length; i += 1) {
      const at = T0 + series[i]![0];
      const expected = foldEvents(
        PlatformConfig,
        series.slice(0, i + 1).map(([, e]) => e),
      );
      // At the very moment of a change, and just before the next one.
      for (const moment of [at, at + 59_999]) {
        const state = await timeline.stateAt(new Date(moment));
        expect({ i, moment, config: state.config, applied: state.eventsApplied }).toEqual({ i, moment, config: expected, applied: i + 1 });
      }
      expect((await timeline.stateAt(new Date(at - 1))).eventsApplied).toBe(i);
    }
    const afterAll = await timeline.stateAt(new Date(T0 + 10 * 60_000));
    expect(afterAll.config).toEqual({
      monetizationEnabled: false,
      rolloutPercentage: 25,
      freeTrialPeriodDays: 14,
      subscriptionPriceGbp: 24.5,
      grandfathered: [ADMIN],
      beta: [],
    });
    expect(afterAll.entries.free_trial_period_days).toEqual({ description: 'Shorter trial', at: new Date(T0 + 180_000).toISOString(), by: ADMIN });
    expect(afterAll.entries.subscription_price_gbp.description).toBe('Annual crew subscription price in pounds');
  });

  it('agrees with a plain fold across many snapshots, and reads only new events on later queries', async () => {
    const count = SNAPSHOT_EVERY * 5 + 17;
    const log: RecordedEvent[] = [];
    const events: PlatformConfigEvent[] = [];
    let rollout = 0;
    for (let i = 0; i < count; i += 1) {
      const next = (rollout + 5) % 105;
      const event: PlatformConfigEvent = { type: 'RolloutPercentageChanged', data: { percentage: next, previous: rollout } };
      rollout = next;
      events.push(event);
      log.push(recorded(event, i, T0 + i * 1_000));
    }
    const { store, reads } = storeOf(log);
    const timeline = new ConfigTimeline(store);
    for (const n of [0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, 3 * SNAPSHOT_EVERY + 64, count]) {
      const state = await timeline.stateAt(new Date(T0 + (n - 1) * 1_000 + 500));
      expect({ n, config: state.config }).toEqual({ n, config: foldEvents(PlatformConfig, events.slice(0, n)) });
    }
    expect(reads[0]).toBe(0n);
    expect(reads.slice(1).every((from) => from === BigInt(count))).toBe(true);
    // A change appended later is seen by the next query.
    const extra: PlatformConfigEvent = { type: 'MonetizationToggled', data: { enabled: true, previous: false } };
    log.push(recorded(extra, count, T0 + count * 1_000));
    expect((await timeline.stateAt(new Date(T0 + count * 1_000))).config.monetizationEnabled).toBe(true);
  });

  it('treats a change whose clock stepped back as made no earlier than the one before it', async () => {
    const log = [
      recorded({ type: 'RolloutPercentageChanged', data: { percentage: 10, previous: 0 } }, 0, T0 + 60_000),
      recorded({ type: 'RolloutPercentageChanged', data: { percentage: 20, previous: 10 } }, 1, T0 + 30_000),
    ];
    const timeline = new ConfigTimeline(storeOf(log).store);
    expect((await timeline.stateAt(new Date(T0 + 45_000))).config.rolloutPercentage).toBe(0);
    expect((await timeline.stateAt(new Date(T0 + 60_000))).config.rolloutPercentage).toBe(20);
  });

  it('skips events of other types found in the stream', async () => {
    const other = { ...recorded({ type: 'MonetizationToggled', data: { enabled: true, previous: false } }, 0, T0), type: 'SomethingElse' };
    const timeline = new ConfigTimeline(storeOf([other]).store);
    expect((await timeline.stateAt(new Date(T0 + 1))).eventsApplied).toBe(0);
  });
});
