import { isPlatformConfigEvent, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import { CONFIG_KEYS, configChangeOf } from './platform-config.keys';

/**
 * Current configuration. Within a batch only the last value of each key
 * matters, so the batch is folded in memory and written with one upsert per
 * touched key; list changes are applied in order.
 */
export const platformConfigProjector: Projector = {
  name: 'platform-config',
  tables: ['platform_config', 'config_access_list'],
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const latest = new Map<string, { value: boolean | number; description: string | null; at: string; by: string | null }>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (!isPlatformConfigEvent(event)) continue;
      const at = recorded.metadata.timestamp;
      const by = recorded.metadata.userId;
      if (event.type === 'AccessListUserAdded') {
        await manager.query(
          `INSERT INTO config_access_list (list_type, user_id, added_at, added_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (list_type, user_id) DO NOTHING`,
          [event.data.listType, event.data.userId, at, by],
        );
        continue;
      }
      if (event.type === 'AccessListUserRemoved') {
        await manager.query('DELETE FROM config_access_list WHERE list_type = $1 AND user_id = $2', [
          event.data.listType,
          event.data.userId,
        ]);
        continue;
      }
      const change = configChangeOf(event);
      const previous = latest.get(change.key);
      latest.set(change.key, {
        value: change.newValue as boolean | number,
        description: change.description ?? previous?.description ?? CONFIG_KEYS[change.key as keyof typeof CONFIG_KEYS],
        at,
        by,
      });
    }
    for (const [key, entry] of latest) {
      await manager.query(
        `INSERT INTO platform_config (key, value, description, updated_at, updated_by) VALUES ($1, $2::jsonb, $3, $4, $5)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, description = EXCLUDED.description,
           updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
        [key, JSON.stringify(entry.value), entry.description, entry.at, entry.by],
      );
    }
  },
};
