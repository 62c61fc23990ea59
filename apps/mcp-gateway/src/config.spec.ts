import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('gateway config', () => {
  it('when the required variables are missing then each is named on its own line', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((line) => line.split(':')[0]).sort()).toEqual(['BASE_URL', 'INTERNAL_TOKEN', 'REST_INTERNAL_URL']);
  });

  it('when everything is given then URLs lose trailing slashes', () => {
    const result = loadConfig({ BASE_URL: 'https://x.example/', REST_INTERNAL_URL: 'http://rest:3000/', INTERNAL_TOKEN: 'k'.repeat(32) });
    expect(result.ok && result.config.baseUrl).toBe('https://x.example');
    expect(result.ok && result.config.restInternalUrl).toBe('http://rest:3000');
  });
});
