import { isPlatformConfigEvent, type RecordedEvent } from '@crew/domain';
import type { EntityManager } from 'typeorm';
import type { Projector } from '../projector';
import { CONFIG_KEYS, configChangeOf } from './platform-config.keys';

/** What a batch leaves of one access-list membership: its last change, and whether a removal came before it. */
interface Membership {
  listType: string;
  userId: string;
  present: boolean;
  removedFirst: boolean;
  at: string;
  by: string | null;
}

/**
 * Current configuration. Within a batch only the last value of each key
 * matters, so the batch is folded in memory and written with one upsert per
 * touched key. A change without a description keeps the key's description
 * (the last one given, else the default), whichever batch it came in.
 * Access-list changes are folded per member too: members removed in the batch
 * (or removed and added again) are deleted in one statement, members added
 * are inserted in one, so a batch of any size is a few statements, in the
 * same end state as applying its events one by one.
 */
export const platformConfigProjector: Projector = {
  name: 'platform-config',
  tables: ['platform_config', 'config_access_list'],
  async project(events: readonly RecordedEvent[], manager: EntityManager): Promise<void> {
    const latest = new Map<string, { value: boolean | number; description: string | null; at: string; by: string | null }>();
    const members = new Map<string, Membership>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (!isPlatformConfigEvent(event)) continue;
      const at = recorded.metadata.timestamp;
      const by = recorded.metadata.userId;
      if (event.type === 'AccessListUserAdded' || event.type === 'AccessListUserRemoved') {
        const key = `${event.data.listType}\u0000${event.data.userId}`;
        const previous = members.get(key);
        const present = event.type === 'AccessListUserAdded';
        members.set(key, {
          listType: event.data.listType,
          userId: event.data.userId,
          present,
          removedFirst: (previous?.removedFirst ?? false) || previous?.present === false,
          // An add of a member already listed keeps the first add's time and author, as ON CONFLICT DO NOTHING does.
          at: present && previous?.present === true ? previous.at : at,
          by: present && previous?.present === true ? previous.by : by,
        });
        continue;
      }
      const change = configChangeOf(event);
      const previous = latest.get(change.key);
      latest.set(change.key, { value: change.newValue as boolean | number, description: change.description ?? previous?.description ?? null, at, by });
    }
    const deleted = [...members.values()].filter((m) => !m.present || m.removedFirst);
    if (deleted.length > 0) {
      await manager.query(
        'DELETE FROM config_access_list c USING unnest($1::text[], $2::uuid[]) AS d(list_type, user_id) WHERE c.list_type = d.list_type AND c.user_id = d.user_id',
        [deleted.map((m) => m.listType), deleted.map((m) => m.userId)],
      );
    }
    const added = [...members.values()].filter((m) => m.present);
    if (added.length > 0) {
      await manager.query(
        `INSERT INTO config_access_list (list_type, user_id, added_at, added_by)
         SELECT * FROM unnest($1::text[], $2::uuid[], $3::timestamptz[], $4::uuid[]) ON CONFLICT (list_type, user_id) DO NOTHING`,
        [added.map((m) => m.listType), added.map((m) => m.userId), added.map((m) => m.at), added.map((m) => m.by)],
      );
    }
    for (const [key, entry] of latest) {
      await manager.query(
        `INSERT INTO platform_config (key, value, description, updated_at, updated_by) VALUES ($1, $2::jsonb, coalesce($3, $6), $4, $5)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, description = coalesce($3, platform_config.description, $6),
           updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
        [key, JSON.stringify(entry.value), entry.description, entry.at, entry.by, CONFIG_KEYS[key as keyof typeof CONFIG_KEYS]],
      );
    }
  },
};
