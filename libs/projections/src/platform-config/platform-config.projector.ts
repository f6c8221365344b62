import { isPlatformConfigEvent, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import { CONFIG_KEYS, configChangeOf, type ConfigKey } from './platform-config.keys';
import type { AccessListRow, PlatformConfigRow } from './platform-config.rows';

/**
 * Current configuration. Within a batch only the last value of each key and
 * the last change of each list member matter, so the batch is folded in
 * memory and written with one upsert of the touched keys, one delete of the
 * members removed and one upsert of the members present: three statements
 * whatever the batch size. A key's description is that of its last change
 * (its default when that change had none), so a rebuild writes the same rows
 * whatever the batches.
 */
export const platformConfigProjector: Projector = {
  name: 'platform-config',
  handles: (recorded) => isPlatformConfigEvent(recorded),
  tables: ['platform_config', 'config_access_list'],
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const latest = new Map<ConfigKey, { value: PlatformConfigRow['value']; description: string; at: string; by: string | null }>();
    const members = new Map<string, { listType: AccessListRow['list_type']; userId: string; present: boolean; at: string; by: string | null }>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (!isPlatformConfigEvent(event)) continue;
      const at = recorded.metadata.timestamp;
      const by = recorded.metadata.userId;
      if (event.type === 'AccessListUserAdded' || event.type === 'AccessListUserRemoved') {
        const { listType, userId } = event.data;
        members.set(`${listType}:${userId}`, { listType, userId, present: event.type === 'AccessListUserAdded', at, by });
        continue;
      }
      const change = configChangeOf(event);
      const key = change.key as ConfigKey;
      latest.set(key, { value: change.newValue as PlatformConfigRow['value'], description: change.description ?? CONFIG_KEYS[key], at, by });
    }
    if (latest.size > 0) {
      const rows = [...latest];
      await manager.query(
        `INSERT INTO platform_config (key, value, description, updated_at, updated_by)
         SELECT k, v::jsonb, d, a, b FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::uuid[]) AS t(k, v, d, a, b)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, description = EXCLUDED.description,
           updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
        [rows.map(([key]) => key), rows.map(([, e]) => JSON.stringify(e.value)), rows.map(([, e]) => e.description), rows.map(([, e]) => e.at), rows.map(([, e]) => e.by)],
      );
    }
    const removed = [...members.values()].filter((m) => !m.present);
    const present = [...members.values()].filter((m) => m.present);
    if (removed.length > 0) {
      await manager.query(
        `DELETE FROM config_access_list l USING unnest($1::text[], $2::uuid[]) AS t(list_type, user_id)
          WHERE l.list_type = t.list_type AND l.user_id = t.user_id`,
        [removed.map((m) => m.listType), removed.map((m) => m.userId)],
      );
    }
    if (present.length > 0) {
      await manager.query(
        `INSERT INTO config_access_list (list_type, user_id, added_at, added_by)
         SELECT * FROM unnest($1::text[], $2::uuid[], $3::timestamptz[], $4::uuid[])
         ON CONFLICT (list_type, user_id) DO UPDATE SET added_at = EXCLUDED.added_at, added_by = EXCLUDED.added_by`,
        [present.map((m) => m.listType), present.map((m) => m.userId), present.map((m) => m.at), present.map((m) => m.by)],
      );
    }
  },
};
