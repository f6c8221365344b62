import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read models of the SupportTicket streams (projection `support-tickets`):
 * tickets, their conversation, the timeline of their events and the sums
 * behind the support stat cards. No foreign keys to users: a read model
 * follows the log, and names and emails are joined when read.
 */
export class SupportTickets1764850000000 implements MigrationInterface {
  name = 'SupportTickets1764850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE support_tickets (
        ticket_id uuid PRIMARY KEY,
        requester_id uuid NOT NULL,
        title text NOT NULL,
        description text NOT NULL,
        priority text NOT NULL CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
        status text NOT NULL CHECK (status IN ('open', 'pending', 'resolved', 'closed')),
        source text NOT NULL CHECK (source IN ('contact_form', 'review_report', 'message_report')),
        source_id uuid,
        subject_id uuid,
        assignee_id uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        last_reply_at timestamptz,
        last_reply_from_staff boolean,
        reply_count int NOT NULL DEFAULT 0,
        first_response_at timestamptz,
        satisfied boolean,
        erased boolean NOT NULL DEFAULT false,
        last_commit bigint NOT NULL,
        last_prepare bigint NOT NULL
      );
      -- A member's tickets; the admin list newest activity first, whole or by status or priority; text search over title and description.
      CREATE INDEX support_tickets_requester_idx ON support_tickets (requester_id, updated_at DESC);
      CREATE INDEX support_tickets_updated_idx ON support_tickets (updated_at DESC, ticket_id);
      CREATE INDEX support_tickets_status_idx ON support_tickets (status, updated_at DESC, ticket_id);
      CREATE INDEX support_tickets_priority_idx ON support_tickets (priority, updated_at DESC, ticket_id);
      CREATE INDEX support_tickets_text_trgm_idx ON support_tickets USING gin ((title || ' ' || description) gin_trgm_ops);

      CREATE TABLE support_ticket_replies (
        reply_id uuid PRIMARY KEY,
        ticket_id uuid NOT NULL,
        author_id uuid NOT NULL,
        from_staff boolean NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL,
        log_commit bigint NOT NULL,
        log_prepare bigint NOT NULL
      );
      CREATE INDEX support_ticket_replies_ticket_idx ON support_ticket_replies (ticket_id, log_commit, log_prepare);

      CREATE TABLE support_ticket_timeline (
        event_id uuid PRIMARY KEY,
        ticket_id uuid NOT NULL,
        log_commit bigint NOT NULL,
        log_prepare bigint NOT NULL,
        action text NOT NULL,
        actor_id uuid,
        details jsonb NOT NULL,
        occurred_at timestamptz NOT NULL
      );
      CREATE INDEX support_ticket_timeline_ticket_idx ON support_ticket_timeline (ticket_id, log_commit, log_prepare);

      CREATE TABLE support_ticket_stats (
        id smallint PRIMARY KEY CHECK (id = 1),
        urgent_tickets int NOT NULL DEFAULT 0,
        pending_tickets int NOT NULL DEFAULT 0,
        open_tickets int NOT NULL DEFAULT 0,
        responded_tickets int NOT NULL DEFAULT 0,
        response_ms_total bigint NOT NULL DEFAULT 0,
        rated_tickets int NOT NULL DEFAULT 0,
        satisfied_tickets int NOT NULL DEFAULT 0
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE support_ticket_stats; DROP TABLE support_ticket_timeline; DROP TABLE support_ticket_replies; DROP TABLE support_tickets;');
  }
}
