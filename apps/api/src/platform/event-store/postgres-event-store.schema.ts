/**
 * Schema of the PostgreSQL event store. It belongs to the adapter (not to the
 * read-model migrations) because the event log may live in another database
 * than the read models, or not in PostgreSQL at all.
 *
 * Ordering: rows are stamped with the appending transaction's id. Readers only
 * read below the oldest transaction still running (snapshot xmin), ordered by
 * (transaction_id, position), so an event whose transaction commits late is
 * never skipped and never seen twice.
 *
 * Per-stream order: the append takes a per-stream advisory lock *before* its
 * transaction id is assigned, so a later revision always has a later
 * transaction id than an earlier one.
 */
export const STREAM_LOCK_NAMESPACE = 7301;

export const EVENT_STORE_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS events (
  position       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id xid8        NOT NULL DEFAULT pg_current_xact_id(),
  event_id       uuid        NOT NULL,
  stream_id      text        NOT NULL,
  revision       bigint      NOT NULL,
  event_type     text        NOT NULL,
  data           jsonb       NOT NULL,
  metadata       jsonb       NOT NULL,
  recorded_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT events_event_id_unique UNIQUE (event_id),
  CONSTRAINT events_stream_revision_unique UNIQUE (stream_id, revision)
);
CREATE INDEX IF NOT EXISTS events_log_order_idx ON events (transaction_id, position);

-- Folded states of long streams (a cache: checked against the stream when read, safe to truncate).
CREATE TABLE IF NOT EXISTS stream_snapshots (
  stream_id     text        NOT NULL,
  snapshot_key  text        NOT NULL,
  revision      bigint      NOT NULL,
  last_event_id uuid        NOT NULL,
  state         jsonb       NOT NULL,
  taken_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_id, snapshot_key)
);

-- The log is append-only: refuse updates and deletes outright.
CREATE OR REPLACE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the events table is append-only';
END $$;
DROP TRIGGER IF EXISTS events_append_only ON events;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_refuse_change();

CREATE OR REPLACE FUNCTION append_to_stream(
  p_stream_id text,
  p_expected_kind text,          -- 'any' | 'no_stream' | 'stream_exists' | 'exact'
  p_expected_revision bigint,
  p_event_ids uuid[],
  p_event_types text[],
  p_data jsonb[],
  p_metadata jsonb[]
) RETURNS TABLE (
  outcome text,                  -- 'appended' | 'duplicate' | 'conflict'
  last_revision bigint,
  last_transaction_id text,
  last_position bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_current bigint;
  v_existing_count int;
  v_existing_streams int;
BEGIN
  IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
    RAISE EXCEPTION 'append_to_stream must be the first write of its transaction';
  END IF;
  PERFORM pg_advisory_xact_lock(${STREAM_LOCK_NAMESPACE}, hashtext(p_stream_id));

  SELECT max(e.revision) INTO v_current FROM events e WHERE e.stream_id = p_stream_id;

  -- Idempotency: the same event ids appended again to the same stream succeed without a copy.
  SELECT count(*), count(DISTINCT e.stream_id) INTO v_existing_count, v_existing_streams
    FROM events e WHERE e.event_id = ANY (p_event_ids);
  IF v_existing_count > 0 THEN
    IF v_existing_count = cardinality(p_event_ids) AND v_existing_streams = 1 AND EXISTS (
      SELECT 1 FROM events e WHERE e.event_id = p_event_ids[1] AND e.stream_id = p_stream_id
    ) THEN
      RETURN QUERY SELECT 'duplicate'::text, e.revision, e.transaction_id::text, e.position
        FROM events e WHERE e.event_id = ANY (p_event_ids) ORDER BY e.revision DESC LIMIT 1;
      RETURN;
    END IF;
    RAISE EXCEPTION 'event ids already used elsewhere in the log' USING ERRCODE = '23505';
  END IF;

  IF (p_expected_kind = 'no_stream' AND v_current IS NOT NULL)
     OR (p_expected_kind = 'stream_exists' AND v_current IS NULL)
     OR (p_expected_kind = 'exact' AND v_current IS DISTINCT FROM p_expected_revision) THEN
    RETURN QUERY SELECT 'conflict'::text, coalesce(v_current, -1), NULL::text, NULL::bigint;
    RETURN;
  END IF;

  RETURN QUERY
  INSERT INTO events (event_id, stream_id, revision, event_type, data, metadata)
  SELECT u.id, p_stream_id, coalesce(v_current, -1) + u.ord, u.type, u.data, u.meta
    FROM unnest(p_event_ids, p_event_types, p_data, p_metadata) WITH ORDINALITY AS u(id, type, data, meta, ord)
  ORDER BY u.ord
  RETURNING 'appended'::text, events.revision, events.transaction_id::text, events.position;

  PERFORM pg_notify('events_appended', p_stream_id);
END $$;
`;
