import type { VerifyResetTokenResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { AccountsClock } from '../accounts-clock';
import { findLiveToken } from '../auth-tokens';

/** Is this reset link still good, and for which address? */
export class VerifyResetToken {
  constructor(readonly token: string) {}
}

/** Lets the reset screen say "Invalid or Expired Link" before the user types a new password. */
@QueryHandler(VerifyResetToken)
export class VerifyResetTokenHandler implements IQueryHandler<VerifyResetToken, VerifyResetTokenResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: AccountsClock,
  ) {}

  async execute({ token }: VerifyResetToken): Promise<VerifyResetTokenResponse> {
    const live = await findLiveToken(this.dataSource.manager, token, 'reset_password', this.clock.now());
    if (!live) return { valid: false };
    const rows: { email: string }[] = await this.dataSource.query('SELECT email FROM users WHERE id = $1', [live.userId]);
    return rows[0] ? { valid: true, email: rows[0].email } : { valid: false };
  }
}
