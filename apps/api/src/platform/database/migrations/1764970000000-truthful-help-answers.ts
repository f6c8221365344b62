import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Help answers that had stopped being true: the account type can now change
 * to Skipper & Crew; one password rule at registration and at reset; and the
 * answers about paying, which said "free during the beta" while the crew
 * subscription was enforced, are now written from the live configuration
 * (placeholders the Help centre fills when it is read). An article an
 * administrator has edited since it was seeded is left as they wrote it.
 */
const CHANGES: readonly { slug: string; oldTitle: string; oldBody: string; title: string; body: string }[] = [
  {
    slug: 'account-types',
    oldTitle: 'Should I register as crew or as a skipper? Can I change later?',
    oldBody:
      'Register as Crew if you want to browse voyages, apply and message skippers. Register as Skipper if you own or run a boat and want to publish voyages, add boat details and review applications. Skipper accounts are free. Skippers cannot apply to other voyages and crew cannot create voyages.\n\nThe account type is chosen at registration and cannot be changed afterwards, so pick the one that matches how you will use Crew Finder. A skipper who also wants to crew on other boats can register a separate crew account with a different email address.',
    title: 'Should I register as crew or as a skipper? Can I change later?',
    body: 'Register as Crew if you want to browse voyages, apply and message skippers. Register as Skipper if you own or run a boat and want to publish voyages, add boat details and review applications. Skipper accounts are free. A Skipper account cannot apply to voyages and a Crew account cannot create them.\n\nIf you want to do both, switch your account to Skipper & Crew: from your [profile](/profile), or from a voyage page when you apply with a Skipper account. Everything you have stays: voyages, boats, applications and reviews. As Skipper & Crew, applying to voyages follows the crew rules, including the crew subscription when it applies. That is the only change of account type, and it is not undone afterwards.',
  },
  {
    slug: 'reset-password',
    oldTitle: 'I forgot my password. How do I reset it?',
    oldBody:
      'Choose "Forgot password?" on the [sign-in page](/login) and enter your email address. If an account exists for it, we send a reset link. The link expires after 1 hour and can be used once.\n\nYour new password must have at least 8 characters and contain both letters and numbers. If the link has expired you will see "Invalid or Expired Link"; simply [request a new one](/forgot-password).',
    title: 'I forgot my password. How do I reset it?',
    body: 'Choose "Forgot password?" on the [sign-in page](/login) and enter your email address. If an account exists for it, we send a reset link. The link expires after 1 hour and can be used once.\n\nYour new password follows the same rule as at registration: at least 6 characters, not a repeated character or a keyboard run (like 123456 or qwerty), and not one of the most common passwords. If the link has expired you will see "Invalid or Expired Link"; simply [request a new one](/forgot-password).',
  },
  {
    slug: 'is-it-free',
    oldTitle: 'Is Crew Finder free?',
    oldBody:
      'Yes, for now. Crew Finder is currently in beta and free for crew. Skipper accounts are free and will stay free.\n\nWe plan to introduce an annual crew subscription of £30 a year, paid by card and renewing automatically. We will announce it well before it starts and tell you before any charge is taken.',
    title: 'Is Crew Finder free?',
    body: '{{crew_access}}',
  },
  {
    slug: 'subscription',
    oldTitle: 'How will the crew subscription work?',
    oldBody:
      'When it starts, the crew subscription will cost £30 a year, paid by card through our payment provider; we never see or store your card details. It renews automatically each year. You can cancel at any time before the renewal date and keep access until the end of the year you have paid for.\n\nNew crew members will get a free trial first. The subscription only covers using Crew Finder; it is not a payment to any skipper.',
    title: 'How does the crew subscription work?',
    body: '{{crew_subscription}}',
  },
];

export class TruthfulHelpAnswers1764970000000 implements MigrationInterface {
  name = 'TruthfulHelpAnswers1764970000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const change of CHANGES) {
      await queryRunner.query(`UPDATE kb_articles SET title = CASE WHEN title = $2 THEN $4 ELSE title END, body = $5, updated_at = now() WHERE slug = $1 AND body = $3`, [
        change.slug,
        change.oldTitle,
        change.oldBody,
        change.title,
        change.body,
      ]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const change of CHANGES) {
      await queryRunner.query(`UPDATE kb_articles SET title = CASE WHEN title = $4 THEN $2 ELSE title END, body = $3, updated_at = now() WHERE slug = $1 AND body = $5`, [
        change.slug,
        change.oldTitle,
        change.oldBody,
        change.title,
        change.body,
      ]);
    }
  }
}
