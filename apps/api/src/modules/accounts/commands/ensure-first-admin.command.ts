import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { hashPassword } from '../password-hasher';

/** At start-up: an administrator must exist (ADMIN_EMAIL and ADMIN_PASSWORD name one, or neither). */
export class EnsureFirstAdmin {
  constructor(
    readonly email: string | undefined,
    readonly password: string | undefined,
  ) {}
}

export type FirstAdminOutcome = { readonly created: false } | { readonly created: true; readonly email: string; readonly generatedPassword: string | null };

/**
 * Makes sure an administrator exists. With ADMIN_EMAIL/ADMIN_PASSWORD that
 * account is created if absent; with neither and no admin yet, one is created
 * with a generated password that the caller prints once.
 */
@CommandHandler(EnsureFirstAdmin)
export class EnsureFirstAdminHandler implements ICommandHandler<EnsureFirstAdmin, FirstAdminOutcome> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ email, password }: EnsureFirstAdmin): Promise<FirstAdminOutcome> {
    const address = (email ?? 'admin@crew-finder.local').trim().toLowerCase();
    const existing: { id: string }[] = email
      ? await this.dataSource.query('SELECT id FROM users WHERE lower(email) = $1', [address])
      : await this.dataSource.query('SELECT id FROM users WHERE is_admin LIMIT 1');
    if (existing.length > 0) return { created: false };
    const secret = password ?? randomBytes(12).toString('base64url');
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, is_admin, email_verified)
       VALUES ($1, $2, 'Platform', 'Admin', 'admin', true, true)
       ON CONFLICT DO NOTHING RETURNING id`,
      [address, await hashPassword(secret)],
    );
    if (inserted.length === 0) return { created: false }; // another replica won the race
    return { created: true, email: address, generatedPassword: password ? null : secret };
  }
}
