// Semantic versions MAJOR.MINOR.PATCH (no pre-release or build part: the SPEC's shape).

export type VersionBump = 'major' | 'minor' | 'patch';

const SEMVER = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/;

export function isSemver(value: string): boolean {
  return SEMVER.test(value);
}

function parts(version: string): [number, number, number] {
  const match = SEMVER.exec(version);
  if (!match) throw new RangeError(`not a MAJOR.MINOR.PATCH version: ${version}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function bumpVersion(version: string, bump: VersionBump): string {
  const [major, minor, patch] = parts(version);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** Negative when a < b, zero when equal, positive when a > b. */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < 3; i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
