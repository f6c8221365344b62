/*
 * Configuration history: one row per change of a configuration key or access list, for the config screen's history.
 * - Table: `config_history`, created in apps/api/src/platform/database/migrations/1763800000000-platform-core.ts
 *   (indexed by key in 1764760000000-config-history-by-key.ts).
 * - Projector: config-history.projector.ts (`config-history`).
 * - Reader: apps/api/src/modules/admin/queries/get-config-history.query.ts.
 */
import type { ConfigChange } from '../platform-config/platform-config.keys';

/** A row of `config_history`, in the forms of ../row-forms.ts. */
export interface ConfigHistoryRow {
  /** The event's id: a replayed event adds nothing. */
  readonly event_id: string;
  /** Its log position (bigint, as text): the history's order. */
  readonly log_commit: string;
  readonly log_prepare: string;
  readonly key: ConfigChange['key'];
  /** A setting's value, or for a list change the member's id. */
  readonly old_value: ConfigChange['oldValue'];
  readonly new_value: ConfigChange['newValue'];
  readonly description: string | null;
  readonly changed_at: Date;
  /** The administrator; names are joined from `users` when read. */
  readonly changed_by: string | null;
}
