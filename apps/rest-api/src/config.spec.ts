import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('when nothing is set then the embedded defaults apply', () => {
    const result = loadConfig({});
    expect(result.ok && result.config).toMatchObject({
      port: 3000,
      baseUrl: 'http://localhost:3000',
      dataDir: './.data',
      databaseUrl: undefined,
      logLevel: 'info',
      signUpLimit: 30,
    });
  });

  it('when SIGN_UP_LIMIT is 0 then sign-up is unlimited, and a negative one is a problem', () => {
    const off = loadConfig({ SIGN_UP_LIMIT: '0' });
    expect(off.ok && off.config.signUpLimit).toBe(0);
    const bad = loadConfig({ SIGN_UP_LIMIT: '-1' });
    expect(!bad.ok && bad.problems.join('\n')).toMatch(/^SIGN_UP_LIMIT: /m);
  });

  it('when BASE_URL has a trailing slash then it is dropped', () => {
    const result = loadConfig({ BASE_URL: 'https://onto.example.com/', PORT: '8080' });
    expect(result.ok && result.config.baseUrl).toBe('https://onto.example.com');
  });

  it('when several values are bad then there is one line per problem', () => {
    const result = loadConfig({ PORT: 'abc', BASE_URL: 'not a url', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toHaveLength(4);
      expect(result.problems.join('\n')).toMatch(/^PORT: /m);
      expect(result.problems.join('\n')).toMatch(/^LOG_LEVEL: /m);
    }
  });

  it('when SOURCE_MAX_BYTES and UPLOAD_DIR are unset then uploads take up to 1 GiB into the temporary folder; a bad size is a problem', () => {
    const result = loadConfig({});
    expect(result.ok && result.config.sourceMaxBytes).toBe(1024 ** 3);
    expect(result.ok && result.config.uploadDir).toBe(tmpdir());
    const set = loadConfig({ SOURCE_MAX_BYTES: '5000', UPLOAD_DIR: '/var/spool/oms' });
    expect(set.ok && [set.config.sourceMaxBytes, set.config.uploadDir]).toEqual([5000, '/var/spool/oms']);
    const bad = loadConfig({ SOURCE_MAX_BYTES: '0' });
    expect(!bad.ok && bad.problems.join('\n')).toMatch(/^SOURCE_MAX_BYTES: /m);
  });
});
