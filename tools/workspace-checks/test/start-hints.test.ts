// `npm start` on a machine without Chromium serves, but says in one line that diagrams fail
// and how to get a browser.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
type Hint = (env: Record<string, string | undefined>, exists: (file: string) => boolean) => string | undefined;
const { chromiumHint } = (await import(path.join(root, 'tools', 'scripts', 'chromium-hint.mjs'))) as { chromiumHint: Hint };

describe('npm start: the Chromium hint', () => {
  it('when no Chromium is anywhere then one line says diagrams fail and how to install it or set CHROMIUM_PATH', () => {
    const hint = chromiumHint({}, () => false);
    expect(hint).toMatch(/diagram/);
    expect(hint).toMatch(/apt-get install -y chromium/);
    expect(hint).toMatch(/CHROMIUM_PATH/);
    expect(hint).not.toMatch(/\n/);
  });

  it('when CHROMIUM_PATH names a missing file and no default exists then the hint names that path', () => {
    expect(chromiumHint({ CHROMIUM_PATH: '/opt/none/chrome' }, () => false)).toMatch(/CHROMIUM_PATH=\/opt\/none\/chrome/);
  });

  it('when /usr/bin/chromium exists then there is no hint', () => {
    expect(chromiumHint({}, (file) => file === '/usr/bin/chromium')).toBeUndefined();
  });

  it('when only CHROMIUM_PATH exists then there is no hint', () => {
    expect(chromiumHint({ CHROMIUM_PATH: '/opt/chrome' }, (file) => file === '/opt/chrome')).toBeUndefined();
  });
});
