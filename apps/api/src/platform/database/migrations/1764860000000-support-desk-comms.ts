import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SEED_ARTICLES, SEED_CATEGORIES } from './1764860000000-support-desk-comms.data';

/**
 * The support desk's state tables: email templates as administrators edit
 * them, campaigns and the mail preferences that suppress them, the knowledge
 * base (seeded with the Help centre's questions and answers), periodic service
 * checks and the capped error log. `email_messages` learns which campaign a
 * message belongs to and when its tracking image was first loaded.
 */
export class SupportDeskComms1764860000000 implements MigrationInterface {
  name = 'SupportDeskComms1764860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE email_templates (
        name text PRIMARY KEY,
        subject text NOT NULL,
        body text NOT NULL,
        action_label text,
        action_url text,
        updated_at timestamptz,
        updated_by uuid REFERENCES users (id) ON DELETE SET NULL
      );

      CREATE TABLE email_campaigns (
        id uuid PRIMARY KEY,
        audience text NOT NULL CHECK (audience IN ('all_users', 'skippers', 'crew', 'premium', 'free')),
        template text NOT NULL,
        subject text NOT NULL,
        message text NOT NULL,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        status text NOT NULL DEFAULT 'queuing' CHECK (status IN ('queuing', 'queued')),
        recipients integer NOT NULL DEFAULT 0,
        queued integer NOT NULL DEFAULT 0,
        queue_cursor uuid,
        queued_at timestamptz
      );
      CREATE INDEX email_campaigns_created_idx ON email_campaigns (created_at DESC);
      CREATE INDEX email_campaigns_queuing_idx ON email_campaigns (created_at) WHERE status = 'queuing';

      ALTER TABLE email_messages ADD COLUMN campaign_id uuid, ADD COLUMN opened_at timestamptz;
      CREATE INDEX email_messages_campaign_idx ON email_messages (campaign_id, status) WHERE campaign_id IS NOT NULL;
      CREATE INDEX email_messages_template_idx ON email_messages (template, created_at);

      CREATE TABLE mail_preferences (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        marketing boolean NOT NULL,
        unsubscribed_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX mail_preferences_off_idx ON mail_preferences (user_id) WHERE NOT marketing;

      CREATE TABLE kb_categories (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL UNIQUE,
        name text NOT NULL,
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX kb_categories_name_unique ON kb_categories (lower(name));

      CREATE TABLE kb_articles (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL UNIQUE,
        category_id uuid NOT NULL REFERENCES kb_categories (id),
        title text NOT NULL,
        summary text NOT NULL DEFAULT '',
        body text NOT NULL,
        published boolean NOT NULL DEFAULT true,
        position integer NOT NULL DEFAULT 0,
        view_count integer NOT NULL DEFAULT 0,
        helpful_count integer NOT NULL DEFAULT 0,
        total_votes integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        updated_by uuid REFERENCES users (id) ON DELETE SET NULL
      );
      CREATE INDEX kb_articles_category_idx ON kb_articles (category_id, position, created_at);

      CREATE TABLE kb_votes (
        article_id uuid NOT NULL REFERENCES kb_articles (id) ON DELETE CASCADE,
        voter uuid NOT NULL,
        helpful boolean NOT NULL,
        voted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (article_id, voter)
      );

      CREATE TABLE health_checks (
        id bigserial PRIMARY KEY,
        service text NOT NULL,
        status text NOT NULL CHECK (status IN ('healthy', 'warning', 'down', 'disabled')),
        response_ms real,
        detail text,
        checked_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX health_checks_service_idx ON health_checks (service, checked_at DESC);

      CREATE TABLE error_logs (
        id bigserial PRIMARY KEY,
        level text NOT NULL CHECK (level IN ('error', 'warning')),
        message text NOT NULL,
        source text NOT NULL,
        request_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);
    for (const [index, name] of SEED_CATEGORIES.entries()) {
      await queryRunner.query('INSERT INTO kb_categories (slug, name, position) VALUES ($1, $2, $3)', [name.toLowerCase(), name, index]);
    }
    for (const [index, article] of SEED_ARTICLES.entries()) {
      await queryRunner.query(
        `INSERT INTO kb_articles (slug, category_id, title, body, position)
         SELECT $1, id, $3, $4, $5 FROM kb_categories WHERE name = $2`,
        [article.slug, article.category, article.title, article.body, index],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE error_logs; DROP TABLE health_checks; DROP TABLE kb_votes; DROP TABLE kb_articles; DROP TABLE kb_categories;
      DROP TABLE mail_preferences; DROP INDEX email_messages_template_idx; DROP INDEX email_messages_campaign_idx;
      ALTER TABLE email_messages DROP COLUMN campaign_id, DROP COLUMN opened_at;
      DROP TABLE email_campaigns; DROP TABLE email_templates;
    `);
  }
}
