import { describe, expect, it } from 'vitest';
import { esc, page } from './layout.js';

describe('pages', () => {
  it('when a value holds markup then it is escaped', () => {
    expect(esc(`<script>"x"&'y'</script>`)).toBe('&lt;script&gt;&quot;x&quot;&amp;&#39;y&#39;&lt;/script&gt;');
  });

  it('when a page is built then it loads only its own stylesheet', () => {
    expect(page('T<', '<p>b</p>')).not.toMatch(/https?:\/\//);
    expect(page('T<', '')).toContain('<title>T&lt; · Ontology Service</title>');
  });
});
