import { describe, expect, it } from 'vitest';
import { bumpVersion, compareVersions, isSemver } from './semver.js';

describe('semver', () => {
  it('when bumping then patch, minor and major follow the SPEC examples', () => {
    expect(bumpVersion('1.2.0', 'patch')).toBe('1.2.1');
    expect(bumpVersion('1.2.0', 'minor')).toBe('1.3.0');
    expect(bumpVersion('1.2.0', 'major')).toBe('2.0.0');
    expect(bumpVersion('1.2.7', 'minor')).toBe('1.3.0');
  });

  it('when a version is checked then only MAJOR.MINOR.PATCH without leading zeros passes', () => {
    expect(isSemver('1.0.0')).toBe(true);
    expect(isSemver('10.20.30')).toBe(true);
    for (const bad of ['1.0', '01.0.0', 'v1.0.0', '1.0.0-beta', '1.0.0 ', '', 'a.b.c']) {
      expect(isSemver(bad)).toBe(false);
    }
  });

  it('when comparing then numeric order is used, not text order', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('0.9.9', '1.0.0')).toBeLessThan(0);
  });
});
