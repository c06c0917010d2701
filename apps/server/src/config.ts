import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

/** A boolean that may be left unset (undefined), for defaults that depend on NODE_ENV. */
const optionalBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

/** Every environment variable the server reads; `.env.example` documents each one. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    DATABASE_URL: optionalString.pipe(z.url().optional()),
    DATABASE_STARTUP_WAIT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
    TRUSTED_ORIGINS: list,
    TRUST_PROXY: bool(false),
    ADMIN_EMAILS: list,
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
    AUTH_SIGN_IN_ADDRESS_MAX_EMAILS: z.coerce.number().int().positive().default(20),
    AUTH_SIGN_IN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(0).max(1000).default(5),
    AUTH_SIGN_IN_ACCOUNT_LOCK_MAX_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .max(86_400)
      .default(900),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
    GITHUB_CLIENT_ID: optionalString,
    GITHUB_CLIENT_SECRET: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /** Tests only: where the Stripe SDK sends its requests (a local fake), e.g. http://127.0.0.1:12111. */
    STRIPE_API_URL: optionalString.pipe(z.url().optional()),
    /** Default: on, except when NODE_ENV=production. */
    DEMO_DATA: optionalBool,
    IMAGE_GRACE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
    /**
     * Where pictures are shown from instead of this site: a CDN, or the bucket itself. Picture
     * URLs become `<IMAGE_PUBLIC_BASE_URL>/api/images/<name>`, so whatever answers there must
     * serve this site's `/api/images/` paths (a CDN in front of the site, or the bucket with
     * S3_KEY_PREFIX=api/images/). Unset: relative URLs, served by the site.
     */
    IMAGE_PUBLIC_BASE_URL: optionalString.pipe(
      z
        .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
        .refine(
          (v) => /^https?:\/\/[^/?#@\s]+(\/[^?#\s]*)?$/.test(v),
          'must be a plain URL: no query, fragment or credentials',
        )
        .transform((v) => v.replace(/\/+$/, ''))
        .optional(),
    ),
    /** How often each process runs the image sweep (one process at a time sweeps). */
    IMAGE_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** Default: one less than the CPUs (at least 1, at most 3: sharp runs on libuv's 4 threads). */
    IMAGE_CONCURRENCY: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int().min(1).max(64).optional(),
    ),
    IMAGE_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(16),
    IMAGE_UPLOAD_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    IMAGE_UPLOAD_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    RENDERED_PAGES_MB: z.coerce.number().int().min(0).max(1024).default(16),
    /** Mail delivery: smtp://user:pass@host:587 or smtps://...; unset: .eml files under DATA_DIR/mail. */
    SMTP_URL: optionalString.pipe(
      z
        .url()
        .refine((v) => /^smtps?:$/.test(new URL(v).protocol), 'must start with smtp:// or smtps://')
        .optional(),
    ),
    /**
     * Images in an S3-compatible bucket (AWS, MinIO, Ceph, Garage, R2) when S3_BUCKET is set;
     * unset: files under DATA_DIR/images.
     */
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString.pipe(z.url().optional()),
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most self-hosted stores need. */
    S3_FORCE_PATH_STYLE: bool(false),
    /**
     * Put before every stored file's name in the bucket, e.g. `api/images/` so the bucket answers
     * the site's own picture paths (see IMAGE_PUBLIC_BASE_URL); unset: the names alone.
     */
    S3_KEY_PREFIX: optionalString.pipe(
      z
        .string()
        .regex(
          /^((?!\.\.?\/)[A-Za-z0-9._-]+\/)+$/,
          'must be folder names ending in a slash, e.g. api/images/',
        )
        .optional(),
    ),
    /**
     * Counters that every server process must share (the per-address sign-in limits) in Redis, e.g.
     * redis://127.0.0.1:6379/0 or rediss://...; unset: in this process's memory.
     */
    REDIS_URL: optionalString.pipe(
      z
        .url()
        .refine(
          (v) => /^rediss?:$/.test(new URL(v).protocol),
          'must start with redis:// or rediss://',
        )
        .optional(),
    ),
    /** Prefix of every Redis key, so several sites (or test runs) can share one Redis. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'letters, digits, _ : . - (at most 64)')
      .default('pet-haven:'),
    /**
     * On SIGTERM, /api/ready answers 503 for this long before the server stops accepting
     * connections, so a load balancer stops sending requests first. Default: 5 in production, else 0.
     */
    SHUTDOWN_DRAIN_SECONDS: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int().min(0).max(60).optional(),
    ),
    /** The sender of every message, e.g. "Pet Haven <no-reply@example.org>". */
    MAIL_FROM: optionalString.pipe(
      z
        .string()
        .refine((v) => !/[\r\n]/.test(v), 'must be one line')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    const pairs = [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
      ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    ] as const;
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        ctx.addIssue({
          code: 'custom',
          path: [env[a] ? b : a],
          message: `set together with ${env[a] ? a : b}`,
        });
      }
    }
    const stripe = [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ] as const;
    const set = stripe.filter((k) => env[k]);
    if (set.length > 0 && set.length < stripe.length) {
      for (const k of stripe.filter((k) => !env[k])) {
        ctx.addIssue({
          code: 'custom',
          path: [k],
          message: 'the three STRIPE_* variables go together',
        });
      }
    }
    // a page served over https cannot show pictures from plain http (mixed content)
    if (env.IMAGE_PUBLIC_BASE_URL?.startsWith('http:') && env.PUBLIC_URL?.startsWith('https:')) {
      ctx.addIssue({
        code: 'custom',
        path: ['IMAGE_PUBLIC_BASE_URL'],
        message:
          'must be https:// when PUBLIC_URL is (browsers block http pictures on https pages)',
      });
    }
    for (const k of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_REGION', 'S3_KEY_PREFIX'] as const) {
      if (env[k] && !env.S3_BUCKET) {
        ctx.addIssue({ code: 'custom', path: [k], message: 'needs S3_BUCKET (the bucket to use)' });
      }
    }
    if (env.REDIS_PREFIX !== undefined && env.REDIS_PREFIX !== 'pet-haven:' && !env.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['REDIS_PREFIX'], message: 'needs REDIS_URL' });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'required in production (32+ characters)',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  webDistDir: string;
  /** How much HTML of pages rendered on the server a process keeps, by URL and data (0: none). */
  renderedPagesBytes: number;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  /** How long start-up keeps retrying an unreachable database (with back-off) before it gives up. */
  databaseStartupWaitSeconds: number;
  authSecret: string;
  trustedOrigins: string[];
  trustProxy: boolean;
  adminEmails: string[];
  /** Sign-up and social sign-in: requests per client address per window. */
  authRateLimit: { windowSeconds: number; max: number };
  /**
   * E-mail sign-in (auth/sign-in-throttle.service.ts): different e-mails with failed sign-ins per
   * client address per window (authRateLimit's), and the per-account back-off: free failures, then
   * 1 s doubling up to the longest lock.
   */
  signInThrottle: {
    windowSeconds: number;
    addressMaxEmails: number;
    accountFreeFailures: number;
    accountLockMaxSeconds: number;
  };
  google: { clientId: string; clientSecret: string; issuerUrl: string } | null;
  github: { clientId: string; clientSecret: string } | null;
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    /** Tests only: a local fake of the Stripe HTTP API instead of api.stripe.com. */
    apiUrl?: string;
  } | null;
  demoData: boolean;
  /** Unattached uploads are kept this long before the image sweep may delete them. */
  imageGraceMinutes: number;
  /**
   * What picture URLs start with before `/api/images/`: '' (relative, this site) or
   * IMAGE_PUBLIC_BASE_URL without its trailing slash.
   */
  imageBase: string;
  /** Seconds between two runs of the image sweep in a process. */
  imageSweepIntervalSeconds: number;
  /** Uploads decoded at once, and how many more may wait before uploads answer 503. */
  imageProcessing: { concurrency: number; queueMax: number };
  /** Uploads per user per window (429 beyond). */
  imageUploadRateLimit: { windowSeconds: number; max: number };
  logLevel: Env['LOG_LEVEL'];
  /**
   * Mail (modules/mail): SMTP when `smtpUrl` is set, otherwise each message is written as an .eml
   * file under `${dataDir}/mail` and its links are logged.
   */
  mail: { smtpUrl: string | null; from: string };
  /** Where images are stored: an S3-compatible bucket, or (null) files under `${dataDir}/images`. */
  s3: S3Config | null;
  /** Shared counters in Redis (null: in this process's memory). */
  redis: { url: string; prefix: string } | null;
  /** Seconds /api/ready answers 503 on SIGTERM before the server closes. */
  shutdownDrainSeconds: number;
}

export interface S3Config {
  bucket: string;
  /** Unset: AWS's endpoint for the region. */
  endpoint: string | null;
  region: string;
  /** Unset: the SDK's own credential chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
  /** Put before each file's name to make its key ('' for none). */
  keyPrefix: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A secret kept under DATA_DIR so a fresh `npm start` works without any set-up. */
function persistentDevSecret(dataDir: string): string {
  const file = path.join(dataDir, '.auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The names of this machine's loopback interface: a site on one of them is reached by each. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The site's own origins: PUBLIC_URL's, and when that is a loopback URL (a local run), the same
 * scheme and port on every loopback name, so signing in works from http://127.0.0.1:3000 as from
 * http://localhost:3000. A site on a real host trusts only its own origin (and TRUSTED_ORIGINS).
 */
function siteOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => {
    const other = new URL(url.origin);
    other.hostname = host;
    return other.origin;
  });
}

/** Parses the environment; throws a ConfigError listing every bad or missing variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    renderedPagesBytes: e.RENDERED_PAGES_MB * 1024 * 1024,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    databaseStartupWaitSeconds: e.DATABASE_STARTUP_WAIT_SECONDS,
    authSecret: e.AUTH_SECRET ?? persistentDevSecret(dataDir),
    trustedOrigins: [...siteOrigins(publicUrl), ...e.TRUSTED_ORIGINS],
    trustProxy: e.TRUST_PROXY,
    adminEmails: e.ADMIN_EMAILS,
    authRateLimit: { windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: e.AUTH_RATE_LIMIT_MAX },
    signInThrottle: {
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      addressMaxEmails: e.AUTH_SIGN_IN_ADDRESS_MAX_EMAILS,
      accountFreeFailures: e.AUTH_SIGN_IN_ACCOUNT_FREE_FAILURES,
      accountLockMaxSeconds: e.AUTH_SIGN_IN_ACCOUNT_LOCK_MAX_SECONDS,
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuerUrl: e.GOOGLE_ISSUER_URL,
          }
        : null,
    github:
      e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
        ? { clientId: e.GITHUB_CLIENT_ID, clientSecret: e.GITHUB_CLIENT_SECRET }
        : null,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}),
          }
        : null,
    demoData: e.DEMO_DATA ?? e.NODE_ENV !== 'production',
    imageGraceMinutes: e.IMAGE_GRACE_MINUTES,
    imageBase: e.IMAGE_PUBLIC_BASE_URL ?? '',
    imageSweepIntervalSeconds: e.IMAGE_SWEEP_INTERVAL_SECONDS,
    imageProcessing: {
      concurrency: e.IMAGE_CONCURRENCY ?? Math.min(3, Math.max(1, os.availableParallelism() - 1)),
      queueMax: e.IMAGE_QUEUE_MAX,
    },
    imageUploadRateLimit: {
      windowSeconds: e.IMAGE_UPLOAD_RATE_LIMIT_WINDOW_SECONDS,
      max: e.IMAGE_UPLOAD_RATE_LIMIT_MAX,
    },
    logLevel: e.LOG_LEVEL,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `Pet Haven <no-reply@${new URL(publicUrl).hostname}>`,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT ?? null,
          region: e.S3_REGION ?? 'us-east-1',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          keyPrefix: e.S3_KEY_PREFIX ?? '',
        }
      : null,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0),
  };
}
