import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { checkService } from './preflight.js';

describe('mcp-stdio start-up checks', () => {
  it('when a variable is missing then the problem names it', () => {
    const result = loadConfig({ SERVICE_BASE_URL: 'http://127.0.0.1:1' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join(' ')).toMatch(/SERVICE_API_TOKEN/);
  });

  it('when SERVICE_TOOLSETS names toolsets then the bridge connects to /mcp?toolsets=, and a malformed value is refused', () => {
    const base = { SERVICE_BASE_URL: 'http://127.0.0.1:1/', SERVICE_API_TOKEN: 'oms_x' };
    const plain = loadConfig(base);
    expect(plain.ok && plain.config.mcpUrl).toBe('http://127.0.0.1:1/mcp');
    const terms = loadConfig({ ...base, SERVICE_TOOLSETS: 'terms' });
    expect(terms.ok && terms.config.mcpUrl).toBe('http://127.0.0.1:1/mcp?toolsets=terms');
    const two = loadConfig({ ...base, SERVICE_TOOLSETS: ' terms , all ' });
    expect(two.ok && two.config.mcpUrl).toBe('http://127.0.0.1:1/mcp?toolsets=terms,all');
    const bad = loadConfig({ ...base, SERVICE_TOOLSETS: 'terms&x=1' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.join(' ')).toMatch(/SERVICE_TOOLSETS must be toolset names/);
  });

  it('when nothing listens at the address then it says it cannot reach it', async () => {
    expect(await checkService('http://127.0.0.1:9/mcp', 'oms_x')).toMatch(/cannot reach/);
  });
});
