import type { LogPosition } from '../src/platform/event-store/event-store.port';
import { ReadModelCache } from '../src/platform/projections/read-model-cache';

/** A projection that is wherever the test puts it. */
class MovableProjection {
  position: LogPosition | undefined = { commit: 10n, prepare: 10n };
  positionOf(): LogPosition | undefined {
    return this.position;
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ReadModelCache', () => {
  let projection: MovableProjection;
  let reads: number;
  let answer: string;
  const load = async () => {
    reads++;
    return `${answer} #${reads}`;
  };

  beforeEach(() => {
    projection = new MovableProjection();
    reads = 0;
    answer = 'page';
  });

  it('answers from the cache while the projection stays where it was, and reads again once it moves', async () => {
    const cache = new ReadModelCache<string>(projection, 'voyage-summaries', 60_000);
    await expect(cache.get('q', load)).resolves.toBe('page #1');
    await expect(cache.get('q', load)).resolves.toBe('page #1');
    projection.position = { commit: 11n, prepare: 11n };
    await expect(cache.get('q', load)).resolves.toBe('page #2');
    await expect(cache.get('other', load)).resolves.toBe('page #3');
  });

  it('shares one read between concurrent identical requests', async () => {
    const cache = new ReadModelCache<string>(projection, 'voyage-summaries');
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('q', load)));
    expect(new Set(answers)).toEqual(new Set(['page #1']));
    expect(reads).toBe(1);
  });

  it('past its lifetime serves the old answer while one background read refreshes it', async () => {
    const cache = new ReadModelCache<string>(projection, 'voyage-summaries', 0);
    await expect(cache.get('q', load)).resolves.toBe('page #1');
    answer = 'renamed';
    const stale = cache.get('q', load);
    expect(cache.get('q', load)).toBe(stale);
    await expect(stale).resolves.toBe('page #1');
    await settle();
    expect(reads).toBe(2);
    await expect(cache.get('q', load)).resolves.toBe('renamed #2');
  });

  it('with a grace period, serves an answer read moments ago while one read catches up with a moved projection', async () => {
    const cache = new ReadModelCache<string>(projection, 'voyage-summaries', 60_000, 10, 60_000);
    await expect(cache.get('q', load)).resolves.toBe('page #1');
    answer = 'moved';
    projection.position = { commit: 11n, prepare: 11n };
    const served = cache.get('q', load);
    projection.position = { commit: 12n, prepare: 12n };
    // The one read already under way is not joined by another.
    expect(cache.get('q', load)).toBe(served);
    await expect(served).resolves.toBe('page #1');
    await settle();
    expect(reads).toBe(2);
    await expect(cache.get('q', load)).resolves.toBe('moved #2');
  });

  it('without a grace period never serves an answer from before the projection moved', async () => {
    const cache = new ReadModelCache<string>(projection, 'voyage-summaries', 60_000, 10, 0);
    await cache.get('q', load);
    projection.position = { commit: 11n, prepare: 11n };
    await expect(cache.get('q', load)).resolves.toBe('page #2');
  });

  it('caches nothing while the projection position is unknown, and forgets failed reads', async () => {
    projection.position = undefined;
    const cache = new ReadModelCache<string>(projection, 'voyage-summaries');
    await cache.get('q', load);
    await cache.get('q', load);
    expect(reads).toBe(2);
    projection.position = { commit: 1n, prepare: 1n };
    await expect(cache.get('q', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    await settle();
    await expect(cache.get('q', load)).resolves.toBe('page #3');
  });

  it('keeps at most the configured number of answers, dropping the oldest', async () => {
    const cache = new ReadModelCache<string>(projection, 'voyage-summaries', 60_000, 2);
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    await cache.get('b', load);
    expect(reads).toBe(3);
    await cache.get('a', load);
    expect(reads).toBe(4);
  });
});
