import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Languages: a member's saved language, and a version of each editable
 * email template per language.
 *
 * - `users.locale`: the language the member's mail is written in and their
 *   signed-in screens follow (`en`, `fr`, `de`, `es`, `it`). Accounts made
 *   before there was a choice are English, as everything was.
 * - `email_templates.locale`: the language of a template's version; the rows
 *   already there are the English ones. A template is one row per language,
 *   so the key becomes (name, locale). The other languages' versions are
 *   written at start-up from the shipped translations (TemplateStore.ensureDefaults).
 */
export class MemberLanguages1766010000000 implements MigrationInterface {
  name = 'MemberLanguages1766010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en' CONSTRAINT users_locale_known CHECK (locale IN ('en', 'fr', 'de', 'es', 'it'));
      ALTER TABLE email_templates ADD COLUMN locale text NOT NULL DEFAULT 'en' CONSTRAINT email_templates_locale_known CHECK (locale IN ('en', 'fr', 'de', 'es', 'it'));
      ALTER TABLE email_templates DROP CONSTRAINT email_templates_pkey;
      ALTER TABLE email_templates ADD CONSTRAINT email_templates_pkey PRIMARY KEY (name, locale);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM email_templates WHERE locale <> 'en';
      ALTER TABLE email_templates DROP CONSTRAINT email_templates_pkey;
      ALTER TABLE email_templates ADD CONSTRAINT email_templates_pkey PRIMARY KEY (name);
      ALTER TABLE email_templates DROP COLUMN locale;
      ALTER TABLE users DROP COLUMN locale;
    `);
  }
}
