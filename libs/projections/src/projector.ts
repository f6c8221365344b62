import type { RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';

/**
 * A projector turns a batch of log events into read-model rows. The runner
 * calls it inside the transaction that also advances the checkpoint, so the
 * rows and the checkpoint commit together. It must be deterministic: replaying
 * the log from the start rebuilds exactly the same rows.
 *
 * Batches (not single events) let a projector write many rows in one statement,
 * which is what makes a rebuild of hundreds of thousands of events quick.
 */
export interface Projector {
  readonly name: string;
  /** Tables this projector owns; a rebuild recreates exactly these. */
  readonly tables: readonly string[];
  project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void>;
  /**
   * False when `project` would change nothing for this event (judged by its
   * type alone): a batch of only such events costs the runner one statement
   * (its checkpoint) instead of a transaction. Never false for an event
   * `project` acts on; left out, every event counts.
   */
  readonly handles?: (event: RecordedEvent) => boolean;
}
