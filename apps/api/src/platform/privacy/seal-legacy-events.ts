import { type Aggregate, type DomainEvent, type EventMetadata, type JsonObject } from '@crew/domain';
import type { PoolClient } from 'pg';
import type { PersonalDataCipher } from './personal-data-cipher';

type AnyAggregate = Aggregate<unknown, unknown, DomainEvent>;

/** Events are rewritten in batches of streams, each batch in its own transaction. */
const STREAMS_PER_BATCH = 200;

/**
 * The one rewrite the log allows (docs/privacy.md): events appended before
 * personal data was sealed get their personal values sealed in place, so an
 * old member's texts are erasable like a new one's. Each stream is folded from
 * its start to know whose each value is; events already sealed are left as
 * they are, so running it again changes nothing. The append-only trigger is
 * switched off inside each batch's transaction only. Answers the events sealed.
 */
export const sealLegacyEvents = async (client: PoolClient, cipher: PersonalDataCipher, aggregates: readonly AnyAggregate[]): Promise<number> => {
  let sealed = 0;
  for (const aggregate of aggregates.filter((candidate) => candidate.personalData)) {
    const prefix = `${aggregate.streamPrefix}-`;
    let after = '';
    for (;;) {
      const { rows: streams } = await client.query<{ stream_id: string }>(
        `SELECT DISTINCT stream_id FROM events
          WHERE stream_id > $1 AND starts_with(stream_id, $2) AND NOT (metadata ? 'personalData')
          ORDER BY stream_id LIMIT ${STREAMS_PER_BATCH}`,
        [after, prefix],
      );
      if (streams.length === 0) break;
      after = streams[streams.length - 1]?.stream_id ?? after;
      await client.query('BEGIN');
      try {
        await client.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
        for (const { stream_id: streamId } of streams) sealed += await sealStream(client, cipher, aggregate, streamId);
        await client.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  }
  return sealed;
};

const sealStream = async (client: PoolClient, cipher: PersonalDataCipher, aggregate: AnyAggregate, streamId: string): Promise<number> => {
  const { rows } = await client.query<{ position: string; event_type: string; data: JsonObject; metadata: EventMetadata }>(
    'SELECT position, event_type, data, metadata FROM events WHERE stream_id = $1 ORDER BY revision FOR UPDATE',
    [streamId],
  );
  let state = aggregate.initialState();
  let sealed = 0;
  for (const row of rows) {
    const event: DomainEvent = { type: row.event_type, data: row.data };
    if (!aggregate.isEvent(event)) continue;
    // Already sealed values are opened to fold: a later event's owner may come from an earlier one.
    const plain = row.metadata.personalData === 'pd1' ? await openOne(cipher, streamId, row) : event;
    state = aggregate.evolve(state, plain);
    if (row.metadata.personalData === 'pd1') continue;
    const result = await cipher.sealEvent(aggregate, streamId, event, state, row.metadata);
    if (result.metadata.personalData !== 'pd1') continue;
    await client.query('UPDATE events SET data = $2, metadata = $3 WHERE position = $1', [row.position, JSON.stringify(result.data), JSON.stringify(result.metadata)]);
    sealed++;
  }
  return sealed;
};

const openOne = async (
  cipher: PersonalDataCipher,
  streamId: string,
  row: { position: string; event_type: string; data: JsonObject; metadata: EventMetadata },
): Promise<DomainEvent> => {
  const [opened] = await cipher.openEvents([
    { id: row.position, streamId, type: row.event_type, revision: 0n, position: { commit: 0n, prepare: 0n }, data: row.data, metadata: row.metadata, recordedAt: new Date(0) },
  ]);
  return { type: row.event_type, data: opened ? opened.data : row.data };
};
