import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { DataSource } from 'typeorm';

export interface AccessTokenClaims {
  readonly sub: string;
  /** Bumped on password reset or "log out everywhere": older tokens stop working. */
  readonly ver: number;
}

const TOKEN_LIFETIME = '7d';

/** Signs and verifies access tokens (HS256). */
export class TokenService {
  /**
   * Made once: given a string, jsonwebtoken first tries to read it as a PEM
   * key and only then as a secret, which costs about a millisecond of CPU on
   * every sign and verify.
   */
  private readonly secret: KeyObject;

  constructor(secret: string) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** JWT_SECRET if given, else a random secret kept in the database so every replica shares it. */
  static async create(dataSource: DataSource, configured: string | undefined): Promise<TokenService> {
    if (configured) return new TokenService(configured);
    await dataSource.query(`INSERT INTO platform_secrets (name, value) VALUES ('jwt_secret', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(48).toString('base64url')]);
    const rows: { value: string }[] = await dataSource.query(`SELECT value FROM platform_secrets WHERE name = 'jwt_secret'`);
    return new TokenService(rows[0]!.value);
  }

  sign(userId: string, tokenVersion: number): string {
    return jwt.sign({ ver: tokenVersion }, this.secret, { subject: userId, expiresIn: TOKEN_LIFETIME, algorithm: 'HS256' });
  }

  verify(token: string): AccessTokenClaims | null {
    try {
      const claims = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      // A token without an expiry would be valid for ever: only ours, which always carry one, are accepted.
      if (typeof claims === 'string' || typeof claims.exp !== 'number' || typeof claims.sub !== 'string' || typeof claims['ver'] !== 'number') return null;
      return { sub: claims.sub, ver: claims['ver'] as number };
    } catch {
      return null;
    }
  }
}
