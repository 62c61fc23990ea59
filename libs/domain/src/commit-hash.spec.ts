import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeCommitHash, computeCommitHashOfBytes, findBrokenLink, type ChainedCommit } from './commit-hash.js';

const base = { parentHash: null, sourceFormat: 'turtle', version: '1.0.0', message: 'Initial', authorId: 'u1', source: '@prefix : <#> .' };

function chain(sources: string[]): ChainedCommit[] {
  const commits: ChainedCommit[] = [];
  for (const [i, source] of sources.entries()) {
    const content = { ...base, parentHash: commits.at(-1)?.commitHash ?? null, version: `1.0.${i}`, source };
    commits.push({ ...content, commitHash: computeCommitHash(content) });
  }
  return commits;
}

describe('computeCommitHash', () => {
  it('when computed then it is sha256 of the documented canonical form', () => {
    const canonical =
      'oms-commit-v1\nparent_hash:0:\nsource_format:6:turtle\nversion:5:1.0.0\nmessage:7:Initial\nauthor_id:2:u1\nsource:15:@prefix : <#> .\n';
    expect(computeCommitHash(base)).toBe(`sha256:${createHash('sha256').update(canonical).digest('hex')}`);
  });

  it('when any field changes then the hash changes', () => {
    const hash = computeCommitHash(base);
    for (const change of [{ source: 'x' }, { message: 'y' }, { version: '1.0.1' }, { authorId: 'u2' }, { sourceFormat: 'other' }, { parentHash: 'sha256:00' }]) {
      expect(computeCommitHash({ ...base, ...change })).not.toBe(hash);
    }
  });

  it('when text moves between adjacent fields then the hash still differs (length prefixes)', () => {
    expect(computeCommitHash({ ...base, message: 'ab', authorId: 'c' })).not.toBe(computeCommitHash({ ...base, message: 'a', authorId: 'bc' }));
  });

  it('when the source has multi-byte characters then lengths count bytes', () => {
    expect(computeCommitHash({ ...base, source: 'é' })).not.toBe(computeCommitHash({ ...base, source: 'e\u0301' }));
  });
});

describe('findBrokenLink', () => {
  it('when the chain is intact then no link is broken', () => {
    expect(findBrokenLink(chain(['a', 'b', 'c']))).toBe(-1);
  });

  it('when an old commit is tampered with then its link is reported', () => {
    const commits = chain(['a', 'b', 'c']);
    commits[1] = { ...commits[1]!, source: 'tampered' };
    expect(findBrokenLink(commits)).toBe(1);
  });

  it('when a commit is missing from the middle then the gap is reported', () => {
    const commits = chain(['a', 'b', 'c']);
    expect(findBrokenLink([commits[0]!, commits[2]!])).toBe(1);
  });
});

describe('computeCommitHashOfBytes', () => {
  it('when the source comes as bytes in pieces then the hash is the one of its text', async () => {
    const content = { parentHash: 'sha256:ab', sourceFormat: 'turtle', version: '1.0.0', message: 'm', authorId: 'u' };
    const source = '\uFEFFé <a> .\r\n';
    const bytes = Buffer.from(source, 'utf8');
    async function* chunks() {
      for (let at = 0; at < bytes.length; at += 3) yield bytes.subarray(at, at + 3);
    }
    expect(await computeCommitHashOfBytes(content, { bytes: bytes.length, chunks: chunks() })).toBe(computeCommitHash({ ...content, source }));
  });
});
