import { isPlatformConfigEvent, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import { configChangeOf } from '../platform-config/platform-config.keys';
import type { Projector } from '../projector';
import type { Columns, Written } from '../row-forms';
import type { ConfigHistoryRow } from './config-history.rows';

/** Rows per INSERT statement: well under PostgreSQL's 65 535 bind parameters. */
const ROWS_PER_STATEMENT = 1_000;
const COLUMNS = 9;

/** The INSERT's columns, in order. */
type HistoryValues = Columns<
  Written<ConfigHistoryRow, 'old_value' | 'new_value'>,
  ['event_id', 'log_commit', 'log_prepare', 'key', 'old_value', 'new_value', 'description', 'changed_at', 'changed_by']
>;

/**
 * Config history: one row per change, written in multi-row inserts. The event
 * id is the primary key, so a batch replayed after a crash is a no-op.
 */
export const configHistoryProjector: Projector = {
  name: 'config-history',
  handles: (recorded) => isPlatformConfigEvent(recorded),
  tables: ['config_history'],
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const rows: HistoryValues[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (!isPlatformConfigEvent(event)) continue;
      const change = configChangeOf(event);
      rows.push([
        recorded.id,
        recorded.position.commit.toString(),
        recorded.position.prepare.toString(),
        change.key,
        change.oldValue === null ? null : JSON.stringify(change.oldValue),
        change.newValue === null ? null : JSON.stringify(change.newValue),
        change.description,
        recorded.metadata.timestamp,
        recorded.metadata.userId,
      ]);
    }
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      const values = chunk.map((_, i) => `(${Array.from({ length: COLUMNS }, (_unused, c) => `$${i * COLUMNS + c + 1}`).join(', ')})`).join(', ');
      await manager.query(
        `INSERT INTO config_history (event_id, log_commit, log_prepare, key, old_value, new_value, description, changed_at, changed_by)
         VALUES ${values} ON CONFLICT (event_id) DO NOTHING`,
        chunk.flat(),
      );
    }
  },
};
