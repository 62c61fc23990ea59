import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('web config', () => {
  it('when the required variables are missing then each is named', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((line) => line.split(':')[0]).sort()).toEqual(['BASE_URL', 'DATABASE_URL']);
  });

  it('when only the required variables are given then the port is 3004 and the base URL loses its trailing slash', () => {
    const result = loadConfig({ BASE_URL: 'https://ontologies.example/', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' });
    expect(result.ok && result.config.port).toBe(3004);
    expect(result.ok && result.config.baseUrl).toBe('https://ontologies.example');
  });

  it('when the upload settings are left out then sources up to 1 GiB spool to the temp directory, and they can be set', () => {
    const required = { BASE_URL: 'https://ontologies.example', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' };
    const result = loadConfig(required);
    expect(result.ok && [result.config.sourceMaxBytes, result.config.uploadDir]).toEqual([1024 ** 3, tmpdir()]);
    const set = loadConfig({ ...required, SOURCE_MAX_BYTES: '5000', UPLOAD_DIR: '/var/spool/oms' });
    expect(set.ok && [set.config.sourceMaxBytes, set.config.uploadDir]).toEqual([5000, '/var/spool/oms']);
    expect(loadConfig({ ...required, SOURCE_MAX_BYTES: '0' }).ok).toBe(false);
  });
});
