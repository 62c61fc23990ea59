import { describe, expect, it } from 'vitest';
import { parseToolsets } from './toolsets.js';

describe('parseToolsets', () => {
  it('when no toolsets are asked for then none are added', () => {
    expect(parseToolsets(undefined)).toEqual({ ok: true, toolsets: [] });
    expect(parseToolsets('')).toEqual({ ok: true, toolsets: [] });
  });

  it('when terms or all is asked for, in any case, listed or repeated, then the terms toolset is added once', () => {
    for (const value of ['terms', 'all', 'Terms', ' terms , all ', ['terms', 'terms'], 'terms,']) {
      expect(parseToolsets(value), JSON.stringify(value)).toEqual({ ok: true, toolsets: ['terms'] });
    }
  });

  it('when an unknown toolset is named then it is refused, naming it and the known ones and the address to use', () => {
    const choice = parseToolsets('terms,nope');
    expect(choice.ok).toBe(false);
    if (!choice.ok) expect(choice.message).toMatch(/Unknown toolset "nope".*takes terms or all.*\/mcp\?toolsets=terms/);
    expect(parseToolsets({ a: 'b' }).ok).toBe(false);
    const long = parseToolsets('x'.repeat(5_000));
    expect(!long.ok && long.message.length).toBeLessThan(400);
  });
});
