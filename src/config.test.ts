import { describe, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  test('defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databasePath: resolve('data/kviz.db'),
      siteUrl: 'http://localhost:3000',
      statsTimezone: 'Europe/Zagreb',
      adminUsername: 'admin',
      adminPassword: undefined,
      quizTokenSecret: undefined,
      quizTokenTtlSeconds: 7200,
      trustProxy: false,
      sqliteSynchronous: 'NORMAL',
    });
  });

  test('values from the environment', () => {
    expect(
      loadConfig({
        PORT: '8080',
        SITE_URL: 'https://kviz.example.hr/',
        TRUST_PROXY: 'true',
        STATS_TIMEZONE: 'UTC',
        SQLITE_SYNCHRONOUS: 'full',
      }),
    ).toMatchObject({
      port: 8080,
      siteUrl: 'https://kviz.example.hr',
      trustProxy: true,
      statsTimezone: 'UTC',
      sqliteSynchronous: 'FULL',
    });
  });

  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['SITE_URL', 'kviz.example.hr'],
    ['SITE_URL', 'ftp://kviz.example.hr'],
    ['STATS_TIMEZONE', 'Mars/Olympus'],
    ['TRUST_PROXY', 'maybe'],
    ['ADMIN_PASSWORD', 'short'],
    ['QUIZ_TOKEN_SECRET', 'too-short'],
    ['ADMIN_USERNAME', '  '],
    ['LOG_LEVEL', 'verbose'],
    ['QUIZ_TOKEN_TTL_SECONDS', '5'],
    ['PARTY_CODE_PREFIXES', 'AO'],
    ['PARTY_CODE_PREFIXES', 'ABA'],
  ])('%s=%p stops the start with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  test('PARTY_CODE_PREFIXES: any case, empty for every symbol', () => {
    expect(loadConfig({ PARTY_CODE_PREFIXES: 'ab7' }).partyCodePrefixes).toBe('AB7');
    expect(loadConfig({}).partyCodePrefixes).toBe('ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
  });
});
