import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('auth-server config', () => {
  it('when the required variables are missing then each is named', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((line) => line.split(':')[0]).sort()).toEqual(['BASE_URL', 'DATABASE_URL', 'INTERNAL_TOKEN', 'REST_INTERNAL_URL']);
  });
});
