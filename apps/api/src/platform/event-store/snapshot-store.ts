import type { JsonValue } from '@crew/domain';

/**
 * A stream's folded state at one revision, kept beside the stream so a
 * process that has not loaded the stream yet folds only what came after it.
 * A snapshot is a cache: it is checked against the stream (the event id at its
 * revision) and ignored when it does not match, and deleting every snapshot
 * changes nothing but speed.
 */
export interface StoredSnapshot {
  readonly revision: bigint;
  /** Id of the event at `revision`: proves the stream still holds what was folded. */
  readonly lastEventId: string;
  readonly state: JsonValue;
}

export interface SnapshotStore {
  /** The snapshot of a stream under `key` (aggregate, state version, upcasters), or null. */
  load(streamId: string, key: string): Promise<StoredSnapshot | null>;
  /**
   * Keeps the snapshot unless one at a later revision is already stored under
   * the same key; `replace`: keep it anyway (the stored one proved stale).
   */
  save(streamId: string, key: string, snapshot: StoredSnapshot, replace?: boolean): Promise<void>;
  /** Drops every snapshot of these streams; answers how many went. */
  delete(streamIds: readonly string[]): Promise<number>;
}
