import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const ROLES = ['http', 'projector', 'worker'] as const;
export type Role = (typeof ROLES)[number];

const url = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    );

const emptyToUndefined = (value: unknown): unknown => (value === '' ? undefined : value);

/** What TRUST_PROXY may name: fastify's trustProxy forms (a hop count, or addresses and CIDR ranges, or proxy-addr's named ranges). */
export type TrustProxy = false | number | string[];
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const isAddressOrRange = (entry: string): boolean => {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};
const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .refine(
    (value) => value === 'false' || /^\d{1,2}$/.test(value) || value.split(',').every((entry) => isAddressOrRange(entry.trim())),
    'must be false, a hop count (1, 2...) or proxy addresses / CIDR ranges separated by commas (e.g. 10.0.0.0/8,loopback)',
  )
  .transform((value): TrustProxy => (value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value.split(',').map((entry) => entry.trim())));

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65_535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./.data')),
  DATABASE_URL: z.preprocess(emptyToUndefined, url(['postgres', 'postgresql']).optional()),
  EVENTSTORE_URL: z.preprocess(emptyToUndefined, url(['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kurrent', 'postgres', 'postgresql']).optional()),
  REDIS_URL: z.preprocess(emptyToUndefined, url(['redis', 'rediss']).optional()),
  REDIS_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _')
      .default('crew'),
  ),
  SMTP_URL: z.preprocess(emptyToUndefined, url(['smtp', 'smtps']).optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Crew Finder <no-reply@crew-finder.local>')),
  PUBLIC_URL: z.preprocess(emptyToUndefined, url(['http', 'https']).optional()),
  API_ROLES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(ROLES.join(','))
      .transform((value) =>
        value
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(ROLES, { message: `each role must be one of ${ROLES.join(', ')}` })).min(1)),
  ),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.string().email('must be an email address').optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  EMAIL_VERIFICATION_REQUIRED: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
  ),
  TRUST_PROXY: z.preprocess(emptyToUndefined, trustProxySchema),
  DEMO_DATA: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  ),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, url(['http', 'https']).optional()),
  SMS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['twilio'], { message: 'must be twilio (or unset)' }).optional()),
  TWILIO_ACCOUNT_SID: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
  TWILIO_FROM: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
  TWILIO_API_BASE: z.preprocess(emptyToUndefined, url(['http', 'https']).optional()),
  PAGE_VIEW_BROWSERS_PER_ADDRESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(20)),
  PAGE_VIEWS_PER_BROWSER: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(60)),
  PAGE_VIEWS_PER_ADDRESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(300)),
  PAGE_VIEWS_PER_ADDRESS_DAY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(5_000)),
});

export interface AppConfig {
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Absent in the embedded default: the launcher starts PostgreSQL and fills it in. */
  readonly databaseUrl: string | undefined;
  readonly eventStoreUrl: string | undefined;
  readonly redisUrl: string | undefined;
  /** Prefix of this deployment's Redis keys (queues, rate limits, live messages), so several can share one Redis. */
  readonly redisPrefix: string;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly publicUrl: string | undefined;
  readonly roles: readonly Role[];
  readonly jwtSecret: string | undefined;
  readonly adminEmail: string | undefined;
  readonly adminPassword: string | undefined;
  readonly logLevel: string;
  readonly emailVerificationRequired: boolean;
  /** Whose X-Forwarded-* headers to believe: nobody's (the default), the nearest N hops, or proxies at these addresses. */
  readonly trustProxy: TrustProxy;
  /** Fill an empty database with demo content on start (never on unless asked for). */
  readonly demoData: boolean;
  /** Card payments: both keys set, or payments are not configured (checkout and webhook answer 503). */
  readonly stripeSecretKey: string | undefined;
  readonly stripeWebhookSecret: string | undefined;
  /** Where the Stripe client sends its requests instead of api.stripe.com (a local stand-in in tests). */
  readonly stripeApiBase: string | undefined;
  /**
   * Text messages (phone verification codes): a Twilio-compatible provider
   * when SMS_PROVIDER=twilio (with its account SID, auth token and sender;
   * TWILIO_API_BASE replaces https://api.twilio.com, for a local stand-in).
   * Without one, text messages go to the local mailbox outside production,
   * and in production the site offers no phone verification.
   */
  readonly sms: { readonly provider: 'twilio'; readonly accountSid: string; readonly authToken: string; readonly from: string; readonly apiBase: string } | null;
  /**
   * What the anonymous page-view beacon records (docs/analytics.md): browser
   * ids one address brings in a UTC day (20), views a minute from one browser
   * (60), views a minute and a day from one address (300, 5,000). The rest is
   * dropped and counted.
   */
  readonly pageViewLimits: {
    readonly browsersPerAddressDay: number;
    readonly viewsPerSessionMinute: number;
    readonly viewsPerAddressMinute: number;
    readonly viewsPerAddressDay: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once, naming every bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = env[name];
        return `${name} ${issue.message}${value === undefined ? '' : ` (got "${name.includes('PASSWORD') || name.includes('SECRET') || name.includes('TOKEN') ? '***' : value}")`}`;
      }),
    );
  }
  const e = parsed.data;
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL) throw new ConfigError(['ADMIN_EMAIL is required when ADMIN_PASSWORD is set']);
  if (e.SMS_PROVIDER === 'twilio') {
    const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter((name) => e[name] === undefined);
    if (missing.length > 0) throw new ConfigError(missing.map((name) => `${name} is required when SMS_PROVIDER=twilio`));
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    roles: e.API_ROLES,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    emailVerificationRequired: e.EMAIL_VERIFICATION_REQUIRED,
    trustProxy: e.TRUST_PROXY,
    demoData: e.DEMO_DATA,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: e.STRIPE_API_BASE,
    sms:
      e.SMS_PROVIDER === 'twilio' && e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            provider: 'twilio',
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiBase: (e.TWILIO_API_BASE ?? 'https://api.twilio.com').replace(/\/+$/, ''),
          }
        : null,
    pageViewLimits: {
      browsersPerAddressDay: e.PAGE_VIEW_BROWSERS_PER_ADDRESS,
      viewsPerSessionMinute: e.PAGE_VIEWS_PER_BROWSER,
      viewsPerAddressMinute: e.PAGE_VIEWS_PER_ADDRESS,
      viewsPerAddressDay: e.PAGE_VIEWS_PER_ADDRESS_DAY,
    },
  };
};
