import type { AccountErasure } from '../contributions';
import type { AggregateRepository } from '../event-store/aggregate-repository';
import type { SnapshotStore } from '../event-store/snapshot-store';
import type { MemberDataKeys } from './member-data-keys';

/**
 * Erasing a member from the event log itself: their data key is destroyed, so
 * what the log holds sealed with it opens as "(removed)" for every reader and
 * every rebuild; the snapshots of the streams that held it are dropped (new
 * ones are refused, see GuardedSnapshotStore) and this process forgets their
 * folded states. Idempotent: a destroyed key stays destroyed.
 */
export const personalDataErasure = (keys: MemberDataKeys, snapshots: SnapshotStore | null, repository: AggregateRepository): AccountErasure => ({
  async erase({ userId }) {
    const { destroyed, streams } = await keys.destroy(userId);
    repository.forget(streams);
    const snapshotsDropped = snapshots && streams.length > 0 ? await snapshots.delete(streams) : 0;
    return { data_keys: destroyed ? 1 : 0, snapshots: snapshotsDropped };
  },
});
