// `npm ci` installs from package-lock.json only when it agrees with every package.json: each
// workspace and each optional dependency (all platforms' builds, not only this machine's) must
// be in it. Checked offline here; a fresh clone's `npm ci` is the real proof.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

type LockEntry = { version?: string; link?: boolean; resolved?: string; optionalDependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Where npm would resolve `name` from the package at `from` (its own node_modules, then each parent's). */
function resolveFrom(from: string, name: string): LockEntry | undefined {
  let dir = from;
  for (;;) {
    const entry = lock.packages[dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`];
    if (entry) return entry;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

describe('package-lock.json', () => {
  it('when a locked package has optional dependencies then every one of them is locked, for every platform', () => {
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolveFrom(location, name)) missing.push(`${name} (optional dependency of ${location || 'the root'})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('when the root package.json pins a version then the lock file has that same version', () => {
    const differing = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
      .filter(([name, version]) => lock.packages[`node_modules/${name}`]?.version !== version)
      .map(([name, version]) => `${name}: package.json ${version}, lock ${lock.packages[`node_modules/${name}`]?.version}`);
    expect(differing).toEqual([]);
  });
});
