import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messaging: state tables, never events, so deleting an account erases what
 * it wrote and received (every row hangs off the users it names, ON DELETE
 * CASCADE).
 *
 * - `conversations`: one per pair of users and voyage (the pair stored in
 *   order, so "start or reuse" is one unique key), with its last message.
 * - `conversation_members`: each side's view of a conversation: the other
 *   person, the time of the last message (the inbox is an index range scan of
 *   `(user_id, last_message_at DESC)`), unread count, read mark (the `seq` of
 *   the last message read) and when they were last emailed about it.
 * - `messages`: `seq` orders them (and read marks compare with it).
 * - `user_blocks`, `message_reports` (for the support desk), and the per-user
 *   send counters of `rate-limiter-flexible` when Redis is not used.
 */
export class Messaging1764830000000 implements MigrationInterface {
  name = 'Messaging1764830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE conversations (
        id uuid PRIMARY KEY,
        voyage_id uuid NOT NULL,
        user_low uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        user_high uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        started_by uuid NOT NULL,
        created_at timestamptz NOT NULL,
        last_message_id uuid,
        CONSTRAINT conversations_pair_ordered CHECK (user_low < user_high),
        CONSTRAINT conversations_pair_voyage_unique UNIQUE (voyage_id, user_low, user_high)
      );
      CREATE INDEX conversations_user_high_idx ON conversations (user_high);

      CREATE TABLE conversation_members (
        conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        other_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        last_message_at timestamptz NOT NULL,
        unread_count integer NOT NULL DEFAULT 0,
        last_read_seq bigint NOT NULL DEFAULT 0,
        last_read_at timestamptz,
        last_notified_at timestamptz,
        PRIMARY KEY (conversation_id, user_id)
      );
      CREATE INDEX conversation_members_inbox_idx ON conversation_members (user_id, last_message_at DESC, conversation_id DESC);
      CREATE INDEX conversation_members_unread_idx ON conversation_members (user_id) INCLUDE (unread_count) WHERE unread_count > 0;
      CREATE INDEX conversation_members_other_idx ON conversation_members (other_user_id);

      CREATE TABLE messages (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
        created_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX messages_conversation_seq_idx ON messages (conversation_id, seq);
      CREATE INDEX messages_sender_idx ON messages (sender_id);

      ALTER TABLE conversations ADD CONSTRAINT conversations_last_message_fk
        FOREIGN KEY (last_message_id) REFERENCES messages (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

      CREATE TABLE user_blocks (
        blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id),
        CHECK (blocker_id <> blocked_id)
      );
      CREATE INDEX user_blocks_blocked_idx ON user_blocks (blocked_id);

      CREATE TABLE message_reports (
        id uuid PRIMARY KEY,
        message_id uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        reason text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ticketed', 'dismissed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT message_reports_once UNIQUE (message_id, reporter_id)
      );
      CREATE INDEX message_reports_open_idx ON message_reports (created_at) WHERE status = 'open';

      CREATE TABLE message_send_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
      CREATE INDEX message_send_limits_expire_idx ON message_send_limits (expire);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE message_send_limits;
      DROP TABLE message_reports;
      DROP TABLE user_blocks;
      ALTER TABLE conversations DROP CONSTRAINT conversations_last_message_fk;
      DROP TABLE messages;
      DROP TABLE conversation_members;
      DROP TABLE conversations;
    `);
  }
}
