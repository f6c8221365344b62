import type { Aggregate, DomainEvent } from '@crew/domain';
import type { DataSource } from 'typeorm';
import type { PostgresEventStore } from '../event-store/postgres-event-store';
import type { PersonalDataCipher } from './personal-data-cipher';
import { sealLegacyEvents } from './seal-legacy-events';

/** Advisory lock key: one process seals, the others wait for it at start-up. */
const SEALING_LOCK = 7302;

/**
 * Seals the personal data of events appended before sealing existed, once per
 * deployment (docs/privacy.md): the first process to start does it under an
 * advisory lock and records it; every later start reads the record and goes on.
 */
export const sealLegacyEventsOnce = async (
  dataSource: DataSource,
  store: PostgresEventStore,
  cipher: PersonalDataCipher,
  aggregates: readonly Aggregate<never, never, never>[],
  log: (message: string) => void,
): Promise<void> => {
  const done = async (): Promise<boolean> => (await dataSource.query<unknown[]>('SELECT 1 FROM personal_data_sealing')).length > 0;
  if (await done()) return;
  await store.withClient(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [SEALING_LOCK]);
    try {
      if (await done()) return;
      const sealed = await sealLegacyEvents(client, cipher, aggregates as unknown as Aggregate<unknown, unknown, DomainEvent>[]);
      await dataSource.query('INSERT INTO personal_data_sealing (sealed_events) VALUES ($1) ON CONFLICT (id) DO NOTHING', [sealed]);
      if (sealed > 0) log(`sealed the personal data of ${sealed} events recorded before sealing`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SEALING_LOCK]);
    }
  });
};
