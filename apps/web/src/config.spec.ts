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
});
