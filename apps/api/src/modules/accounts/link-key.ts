import { Inject, Injectable } from '@nestjs/common';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { linkKeyFrom } from './auth-tokens';

/**
 * The key mailed link tokens are derived with (see linkKeyFrom): from
 * JWT_SECRET when set, else from the signing secret the token service keeps
 * in the database. Read once; a failed read is tried again next time.
 */
@Injectable()
export class LinkKey {
  private key: Promise<Buffer> | null = null;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  get(): Promise<Buffer> {
    this.key ??= this.load().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  private async load(): Promise<Buffer> {
    if (this.platform.config.jwtSecret) return linkKeyFrom(this.platform.config.jwtSecret);
    const rows: { value: string }[] = await this.platform.dataSource.query(`SELECT value FROM platform_secrets WHERE name = 'jwt_secret'`);
    if (!rows[0]) throw new Error('The signing secret is missing from platform_secrets');
    return linkKeyFrom(rows[0].value);
  }
}
