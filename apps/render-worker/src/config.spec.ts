import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('render-worker config', () => {
  it('when Redis or the database is missing then the start is refused naming them', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toMatch(/REDIS_URL[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*REDIS_URL/);
  });

  it('when given both then the defaults apply', () => {
    const result = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://u@h/db' });
    expect(result.ok && result.config).toMatchObject({ concurrency: 1, jobTimeoutMs: 60_000 });
  });
});
