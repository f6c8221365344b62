import { TWO_FACTOR, type TwoFactorChallenge } from '@crew/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { DataSource } from 'typeorm';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { openSecret, sealSecret, twoFactorKeyOf } from './secret-box';

/** Recovery codes: 10 characters without look-alikes (no 0/O, 1/I/L), shown as two groups of five. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RECOVERY_LENGTH = 10;

const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');
/** A code as typed: spaces and dashes dropped, letters in capitals. */
const normalise = (code: string): string => code.replace(/[\s-]+/g, '').toUpperCase();
const isTotpCode = (code: string): boolean => new RegExp(`^\\d{${TWO_FACTOR.codeDigits}}$`).test(code);

const newRecoveryCode = (): string => {
  let code = '';
  for (let index = 0; index < RECOVERY_LENGTH; index += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
};

interface SecretsRow {
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  two_factor_enabled_at: Date | null;
}

/**
 * Two-step sign-in of an account (TOTP, RFC 6238, with otplib): setting it
 * up, turning it on, checking a second-factor code and the challenges of a
 * password sign-in waiting for one. Other contexts that must ask for the
 * second factor before a sensitive change inject this and call
 * `isEnabled(userId)` and `verifyCode(userId, code)`.
 *
 * Secrets are stored sealed (secret-box.ts) and never returned after set-up;
 * each authenticator code is accepted once (the time step of the last one is
 * kept); recovery codes are kept as hashes and each works once.
 */
@Injectable()
export class TwoFactor {
  private key: Promise<Buffer> | null = null;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private get dataSource(): DataSource {
    return this.platform.dataSource;
  }

  private sealingKey(): Promise<Buffer> {
    this.key ??= twoFactorKeyOf(this.dataSource).catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  private async secretsOf(userId: string): Promise<SecretsRow | null> {
    const [row] = await this.dataSource.query<SecretsRow[]>('SELECT two_factor_secret, two_factor_pending_secret, two_factor_enabled_at FROM users WHERE id = $1', [userId]);
    return row ?? null;
  }

  /** Whether the account has two-step sign-in turned on. */
  async isEnabled(userId: string): Promise<boolean> {
    return Boolean((await this.secretsOf(userId))?.two_factor_enabled_at);
  }

  /** A new secret waiting to be confirmed (it replaces one not yet confirmed); null when two-step sign-in is already on. */
  async beginSetup(userId: string, accountLabel: string): Promise<{ secret: string; otpauthUrl: string } | null> {
    const secret = generateSecret();
    const sealed = sealSecret(await this.sealingKey(), secret);
    const updated: [unknown[], number] = await this.dataSource.query(
      'UPDATE users SET two_factor_pending_secret = $2 WHERE id = $1 AND two_factor_enabled_at IS NULL RETURNING id',
      [userId, sealed],
    );
    if (updated[1] === 0) return null;
    return { secret, otpauthUrl: generateURI({ issuer: TWO_FACTOR.issuer, label: accountLabel, secret }) };
  }

  /**
   * Turns two-step sign-in on when `code` is a current code of the secret
   * being set up; the recovery codes (shown once), 'not_set_up',
   * 'already_enabled' or 'invalid_code'.
   */
  async enable(userId: string, code: string): Promise<string[] | 'not_set_up' | 'already_enabled' | 'invalid_code'> {
    const row = await this.secretsOf(userId);
    if (row?.two_factor_enabled_at) return 'already_enabled';
    const secret = row?.two_factor_pending_secret ? openSecret(await this.sealingKey(), row.two_factor_pending_secret) : null;
    if (!row?.two_factor_pending_secret || !secret) return 'not_set_up';
    const step = await this.stepOf(secret, normalise(code));
    if (step === null) return 'invalid_code';
    const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, newRecoveryCode);
    const enabled = await this.dataSource.transaction(async (manager) => {
      const updated: [unknown[], number] = await manager.query(
        `UPDATE users SET two_factor_secret = two_factor_pending_secret, two_factor_pending_secret = NULL,
                two_factor_enabled_at = $3, two_factor_last_step = $4, updated_at = now()
          WHERE id = $1 AND two_factor_enabled_at IS NULL AND two_factor_pending_secret = $2 RETURNING id`,
        [userId, row.two_factor_pending_secret, this.platform.clock.now(), step],
      );
      if (updated[1] === 0) return false;
      await manager.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
      await manager.query('INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
        userId,
        codes.map((recovery) => sha256(normalise(recovery))),
      ]);
      return true;
    });
    return enabled ? codes : 'already_enabled';
  }

  /**
   * Whether `code` is a second factor of the account: a current authenticator
   * code not accepted before, or an unused recovery code (then used up).
   * False when two-step sign-in is off.
   */
  async verifyCode(userId: string, code: string): Promise<boolean> {
    const row = await this.secretsOf(userId);
    if (!row?.two_factor_enabled_at || !row.two_factor_secret) return false;
    const typed = normalise(code);
    if (isTotpCode(typed)) {
      const secret = openSecret(await this.sealingKey(), row.two_factor_secret);
      const step = secret ? await this.stepOf(secret, typed) : null;
      if (step === null) return false;
      // Accepted once: only a later time step than the last accepted one moves it on.
      const moved: [unknown[], number] = await this.dataSource.query(
        'UPDATE users SET two_factor_last_step = $2 WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2) RETURNING id',
        [userId, step],
      );
      return moved[1] > 0;
    }
    if (typed.length !== RECOVERY_LENGTH) return false;
    const used: [unknown[], number] = await this.dataSource.query(
      'UPDATE two_factor_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id',
      [userId, sha256(typed)],
    );
    return used[1] > 0;
  }

  /** `verifyCode` under the name the account's own deletion asks for it by (SECOND_FACTOR_CHECK). */
  verify(userId: string, code: string): Promise<boolean> {
    return this.verifyCode(userId, code);
  }

  /** Recovery codes not yet used. */
  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
    return row?.n ?? 0;
  }

  /** A password sign-in waiting for its code: the challenge handed out (only its hash is kept). */
  async issueChallenge(userId: string): Promise<TwoFactorChallenge> {
    const challenge = randomBytes(32).toString('base64url');
    const now = this.platform.clock.now();
    const expiresAt = new Date(now.getTime() + TWO_FACTOR.challengeMinutes * 60_000);
    await this.dataSource.query('DELETE FROM two_factor_challenges WHERE expires_at < $1', [now]);
    await this.dataSource.query('INSERT INTO two_factor_challenges (challenge_hash, user_id, expires_at) VALUES ($1, $2, $3)', [sha256(challenge), userId, expiresAt]);
    return { two_factor_required: true, challenge, expires_at: expiresAt.toISOString() };
  }

  /** The account a live challenge is for, or null (unknown, expired or used). */
  async challengeUser(challenge: string): Promise<string | null> {
    const [row] = await this.dataSource.query<{ user_id: string }[]>('SELECT user_id FROM two_factor_challenges WHERE challenge_hash = $1 AND expires_at > $2', [
      sha256(challenge),
      this.platform.clock.now(),
    ]);
    return row?.user_id ?? null;
  }

  /** Uses a challenge up; false when it was already used or has expired. */
  async endChallenge(challenge: string): Promise<boolean> {
    const ended: [unknown[], number] = await this.dataSource.query('DELETE FROM two_factor_challenges WHERE challenge_hash = $1 AND expires_at > $2 RETURNING user_id', [
      sha256(challenge),
      this.platform.clock.now(),
    ]);
    return ended[1] > 0;
  }

  /** The time step `code` is a code of (the current one, or the one before or after), or null. */
  private async stepOf(secret: string, code: string): Promise<number | null> {
    if (!isTotpCode(code)) return null;
    try {
      const result = await verify({
        secret,
        token: code,
        epoch: Math.floor(this.platform.clock.now().getTime() / 1000),
        epochTolerance: TWO_FACTOR.toleranceSeconds,
      });
      return result.valid && 'timeStep' in result ? result.timeStep : null;
    } catch {
      return null;
    }
  }
}
