import type { SnapshotStore } from '../event-store/snapshot-store';
import type { MemberDataKeys } from './member-data-keys';

/**
 * Snapshots hold folded states, with the texts opened: a stream holding an
 * erased member's values gets no snapshot again (erasure deletes the ones it
 * had), even from a process whose memory still holds the state folded before
 * the erasure. Streams without such a member are unaffected; a snapshot is
 * only a cache, so one not kept costs speed, never correctness.
 */
export class GuardedSnapshotStore implements SnapshotStore {
  constructor(
    private readonly inner: SnapshotStore,
    private readonly keys: MemberDataKeys,
  ) {}

  load: SnapshotStore['load'] = (streamId, key) => this.inner.load(streamId, key);

  save: SnapshotStore['save'] = async (streamId, key, snapshot, replace) => {
    if (await this.keys.holdsErasedMember(streamId)) return;
    await this.inner.save(streamId, key, snapshot, replace);
  };

  delete: SnapshotStore['delete'] = (streamIds) => this.inner.delete(streamIds);
}
