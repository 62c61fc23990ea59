import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { checkService } from './preflight.js';

describe('mcp-stdio start-up checks', () => {
  it('when a variable is missing then the problem names it', () => {
    const result = loadConfig({ SERVICE_BASE_URL: 'http://127.0.0.1:1' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join(' ')).toMatch(/SERVICE_API_TOKEN/);
  });

  it('when nothing listens at the address then it says it cannot reach it', async () => {
    expect(await checkService('http://127.0.0.1:9', 'oms_x')).toMatch(/cannot reach/);
  });
});
