// The hash chain of an ontology's history (DESIGN 4). Each commit hashes a canonical,
// length-prefixed serialization of its parent's hash and its own content, so changing any
// earlier commit changes every later hash, including the ontology's head_hash.
//
// Canonical form (UTF-8), documented in docs/decisions.md:
//   "oms-commit-v1\n" then, for each field in this order,
//   "<name>:<byte length of value>:<value>\n"
//   fields: parent_hash ("" for the first commit), source_format, version, message,
//           author_id, source
// commit_hash = "sha256:" + lowercase hex SHA-256 of those bytes.
import { createHash } from 'node:crypto';

export type CommitContent = {
  parentHash: string | null;
  sourceFormat: string;
  version: string;
  message: string;
  authorId: string;
  source: string;
};

const FIELDS: [string, (c: CommitContent) => string][] = [
  ['parent_hash', (c) => c.parentHash ?? ''],
  ['source_format', (c) => c.sourceFormat],
  ['version', (c) => c.version],
  ['message', (c) => c.message],
  ['author_id', (c) => c.authorId],
  ['source', (c) => c.source],
];

export function computeCommitHash(content: CommitContent): string {
  const hash = createHash('sha256').update('oms-commit-v1\n', 'utf8');
  for (const [name, read] of FIELDS) {
    const value = read(content);
    hash.update(`${name}:${Buffer.byteLength(value, 'utf8')}:`, 'utf8');
    hash.update(value, 'utf8');
    hash.update('\n', 'utf8');
  }
  return `sha256:${hash.digest('hex')}`;
}

export type ChainedCommit = CommitContent & { commitHash: string };

/**
 * Checks a history given oldest first: every commit's hash matches its content and names
 * the previous commit's hash as parent. Answers the index of the first broken link, or -1.
 */
export function findBrokenLink(commits: readonly ChainedCommit[]): number {
  let previous: string | null = null;
  for (const [index, commit] of commits.entries()) {
    if (commit.parentHash !== previous || computeCommitHash(commit) !== commit.commitHash) return index;
    previous = commit.commitHash;
  }
  return -1;
}

/**
 * computeCommitHash of a commit whose source is given as its UTF-8 bytes (`bytes` long) as
 * they come, so a large source is hashed without being held (DESIGN 8). Same hash as the text.
 */
export async function computeCommitHashOfBytes(
  content: Omit<CommitContent, 'source'>,
  source: { bytes: number; chunks: AsyncIterable<Uint8Array> },
): Promise<string> {
  const hash = createHash('sha256').update('oms-commit-v1\n', 'utf8');
  for (const [name, read] of FIELDS) {
    if (name === 'source') break;
    const value = read({ ...content, source: '' });
    hash.update(`${name}:${Buffer.byteLength(value, 'utf8')}:`, 'utf8');
    hash.update(value, 'utf8');
    hash.update('\n', 'utf8');
  }
  hash.update(`source:${source.bytes}:`, 'utf8');
  let seen = 0;
  for await (const chunk of source.chunks) {
    seen += chunk.byteLength;
    hash.update(chunk);
  }
  if (seen !== source.bytes) throw new Error(`the source was ${seen} bytes, not ${source.bytes}`);
  hash.update('\n', 'utf8');
  return `sha256:${hash.digest('hex')}`;
}
