import { describe, expect, it } from 'vitest';
import { uploadPage } from './upload-page.js';

const base = { id: '0190a0b0-0000-7000-8000-000000000001', title: 'Hearts <&>', version: '1.2.3', sourceFormat: 'turtle', maxBytes: 1024 ** 3, csrf: 'tok"en' };

describe('uploadPage', () => {
  it('when the form is drawn then it is multipart with the CSRF token first, the file input and the limit', () => {
    const html = uploadPage({ ...base, values: { message: '', version_bump: 'patch', version: '' } });
    expect(html).toContain(`action="/ontologies/${base.id}/upload" enctype="multipart/form-data" data-upload><input type="hidden" name="csrf" value="tok&quot;en">`);
    expect(html.indexOf('name="csrf"')).toBeLessThan(html.indexOf('name="source"'));
    expect(html).toContain('<input id="source" name="source" type="file" required>');
    expect(html).toContain('up to 1 GiB');
    expect(html).toContain('Upload a new version of Hearts &lt;&amp;&gt;');
    // One external script (progress where JavaScript runs), never inline; the bar starts hidden.
    expect(html.match(/<script[^>]*>[^<]*<\/script>/g)).toEqual(['<script src="/ontologies/upload-progress.js" defer></script>']);
    expect(html).toMatch(/<progress class="upload" data-upload-progress max="100" value="0" hidden aria-label="Upload progress"><\/progress>/);
  });

  it('when fields were refused then each says why, is marked invalid, and keeps what was typed', () => {
    const html = uploadPage({ ...base, maxBytes: 100_000, values: { message: '<b>', version_bump: 'minor', version: '0.1.0' }, errors: { version: ['must be greater'] } });
    expect(html).toContain('<div class="error" id="version-error" role="alert">version must be greater</div>');
    expect(html).toContain('value="0.1.0" aria-describedby="version-error" aria-invalid="true"');
    expect(html).toContain('value="&lt;b&gt;"');
    expect(html).toContain('<option value="minor" selected>');
    expect(html).toContain('up to 97.7 KiB');
  });
});
