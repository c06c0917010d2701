import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { envSchema, loadConfig } from './config';

const exampleFile = new URL('../../../.env.example', import.meta.url);
const example = readFileSync(exampleFile, 'utf8');

describe('.env.example', () => {
  it('documents every variable the server reads, each with a comment', () => {
    const lines = example.split('\n');
    for (const key of Object.keys(envSchema.shape)) {
      const at = lines.findIndex((l) => new RegExp(`^(# )?${key}=`).test(l));
      expect(at, `${key} is missing from .env.example`).toBeGreaterThan(0);
      // The variable's block starts with a comment line (pairs share one).
      let i = at - 1;
      while (i > 0 && /^[A-Z_]+=/.test(lines[i]!)) i--;
      expect(lines[i], `${key} has no comment above it`).toMatch(/^#/);
    }
  });

  it('lists only variables the server reads', () => {
    const known = new Set(Object.keys(envSchema.shape));
    const listed = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
    expect(listed.filter((k) => !known.has(k))).toEqual([]);
  });

  it('is a valid configuration as it is', () => {
    const values = parseEnv(example) as Record<string, string>;
    const config = loadConfig({ ...values, AUTH_SECRET: 'x'.repeat(32) });
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.google).toBeNull();
    expect(config.stripe).toBeNull();
  });
});

describe('DEMO_DATA', () => {
  const base = { AUTH_SECRET: 'x'.repeat(32) };

  it('is off by default in production, on by default otherwise', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO_DATA: '' }).demoData).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig({ ...base }).demoData).toBe(true);
  });

  it('follows an explicit value in any environment', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', DEMO_DATA: 'false' }).demoData).toBe(
      false,
    );
  });

  it('.env.example used for production leaves demo data off', () => {
    const values = parseEnv(example) as Record<string, string>;
    const config = loadConfig({ ...values, ...base, NODE_ENV: 'production' });
    expect(config.demoData).toBe(false);
  });
});

describe('DATABASE_STARTUP_WAIT_SECONDS', () => {
  const base = { AUTH_SECRET: 'x'.repeat(32) };

  it('defaults to 60 seconds, accepts 0 (one attempt), refuses a negative or fractional value', () => {
    expect(loadConfig(base).databaseStartupWaitSeconds).toBe(60);
    expect(
      loadConfig({ ...base, DATABASE_STARTUP_WAIT_SECONDS: '0' }).databaseStartupWaitSeconds,
    ).toBe(0);
    expect(() => loadConfig({ ...base, DATABASE_STARTUP_WAIT_SECONDS: '-1' })).toThrow(
      /DATABASE_STARTUP_WAIT_SECONDS/,
    );
    expect(() => loadConfig({ ...base, DATABASE_STARTUP_WAIT_SECONDS: '1.5' })).toThrow(
      /DATABASE_STARTUP_WAIT_SECONDS/,
    );
  });
});

describe('S3_* (image storage in a bucket)', () => {
  const base = { AUTH_SECRET: 'x'.repeat(32) };
  it('keeps images on disk without S3_BUCKET, and in the bucket with it', () => {
    expect(loadConfig(base).s3).toBeNull();
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'pets',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'pets',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      keyPrefix: '',
    });
    expect(loadConfig({ ...base, S3_BUCKET: 'pets' }).s3?.credentials).toBeNull();
  });

  it('refuses S3 settings without a bucket, a key without its secret, and an endpoint that is no URL', () => {
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_ENDPOINT: needs S3_BUCKET/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'pets', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'pets', S3_ENDPOINT: 'minio' })).toThrow(
      /S3_ENDPOINT/,
    );
  });

  it('puts S3_KEY_PREFIX before every key: folder names ending in a slash, with a bucket', () => {
    expect(
      loadConfig({ ...base, S3_BUCKET: 'pets', S3_KEY_PREFIX: 'api/images/' }).s3?.keyPrefix,
    ).toBe('api/images/');
    for (const bad of ['api/images', '/api/images/', '../', 'a b/']) {
      expect(() => loadConfig({ ...base, S3_BUCKET: 'pets', S3_KEY_PREFIX: bad })).toThrow(
        /S3_KEY_PREFIX: must be folder names ending in a slash/,
      );
    }
    expect(() => loadConfig({ ...base, S3_KEY_PREFIX: 'api/images/' })).toThrow(
      /S3_KEY_PREFIX: needs S3_BUCKET/,
    );
  });

  it('serves pictures from the site (relative URLs) unless IMAGE_PUBLIC_BASE_URL names a plain http(s) URL', () => {
    expect(loadConfig(base).imageBase).toBe('');
    expect(
      loadConfig({ ...base, IMAGE_PUBLIC_BASE_URL: 'https://cdn.example.org/' }).imageBase,
    ).toBe('https://cdn.example.org');
    expect(
      loadConfig({ ...base, IMAGE_PUBLIC_BASE_URL: 'https://store.example.org/pets' }).imageBase,
    ).toBe('https://store.example.org/pets');
    for (const bad of [
      'cdn.example.org',
      'ftp://cdn.example.org',
      'https://cdn.example.org/?v=1',
      'https://cdn.example.org/#x',
      'https://user:pw@cdn.example.org',
    ]) {
      expect(() => loadConfig({ ...base, IMAGE_PUBLIC_BASE_URL: bad }), bad).toThrow(
        /IMAGE_PUBLIC_BASE_URL/,
      );
    }
    expect(() =>
      loadConfig({
        ...base,
        PUBLIC_URL: 'https://pets.example.org',
        IMAGE_PUBLIC_BASE_URL: 'http://cdn.example.org',
      }),
    ).toThrow(/IMAGE_PUBLIC_BASE_URL: must be https:\/\/ when PUBLIC_URL is/);
  });
});

describe('REDIS_URL, REDIS_PREFIX and SHUTDOWN_DRAIN_SECONDS', () => {
  const base = { AUTH_SECRET: 'x'.repeat(32) };
  it('counts in memory without REDIS_URL, and in Redis under the prefix with it', () => {
    expect(loadConfig(base).redis).toBeNull();
    expect(loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379/2' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379/2',
      prefix: 'pet-haven:',
    });
    expect(
      loadConfig({ ...base, REDIS_URL: 'rediss://cache.internal:6380', REDIS_PREFIX: 'shelter:' })
        .redis?.prefix,
    ).toBe('shelter:');
  });

  it('refuses a URL that is not redis:// or rediss://, a prefix without Redis, and odd prefixes', () => {
    expect(() => loadConfig({ ...base, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL: must start with redis:\/\/ or rediss:\/\//,
    );
    expect(() => loadConfig({ ...base, REDIS_PREFIX: 'other:' })).toThrow(
      /REDIS_PREFIX: needs REDIS_URL/,
    );
    expect(() =>
      loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1', REDIS_PREFIX: 'with space' }),
    ).toThrow(/REDIS_PREFIX/);
  });

  it('drains for 5 s on SIGTERM in production, not at all elsewhere, or as set', () => {
    expect(loadConfig(base).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).shutdownDrainSeconds).toBe(5);
    expect(loadConfig({ ...base, SHUTDOWN_DRAIN_SECONDS: '12' }).shutdownDrainSeconds).toBe(12);
    expect(() => loadConfig({ ...base, SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(
      /SHUTDOWN_DRAIN_SECONDS/,
    );
  });
});
