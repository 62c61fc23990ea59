// Real ontologies go in and come back byte for byte; broken ones are refused with a position.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const ontologiesDir = new URL('ontologies/', FIXTURES);
const invalidDir = new URL('invalid/', FIXTURES);
const FORMATS = ['json', 'orm', 'owl', 'rdf', 'turtle', 'yaml'];

const valid = FORMATS.flatMap((format) =>
  readdirSync(new URL(`${format}/`, ontologiesDir)).map((file) => [`${format}/${file}`, format] as const),
);

const INVALID_FORMAT: Record<string, string> = { ttl: 'turtle', owl: 'owl', rdf: 'rdf', yaml: 'yaml', json: 'json', orm: 'orm' };
// Files whose README names a position: the message must start with it.
const POSITIONED = new Set(['truncated.ttl', 'bad-indentation.yaml', 'invalid-trailing-comma.json', 'malformed-mismatched-tag.owl', 'malformed-unclosed-root.rdf', 'truncated-orm2.orm']);
const invalid = readdirSync(invalidDir)
  .filter((file) => file !== 'README.md')
  .map((file) => [file, INVALID_FORMAT[file.split('.').pop() ?? ''] ?? 'other'] as const);

const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

const { server, users: { user } } = useTestServer({ users: ['user'] });

describe('shared fixtures', () => {
  it('when the fixture folders are read then every format has files', () => {
    expect(valid.length).toBeGreaterThanOrEqual(24);
    expect(invalid.length).toBeGreaterThanOrEqual(12);
  });

  it.each(valid)('when %s is created as %s then it is accepted and comes back byte for byte', async (file, format) => {
    const bytes = readFileSync(new URL(file, ontologiesDir));
    const source = bytes.toString('utf8');
    const created = await server.request('POST', '/api/v1/ontologies', {
      token: user.token,
      json: { ontology: { title: file, source, source_format: format, visibility: 'private' } },
    });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    const read = await server.request('GET', `/api/v1/ontologies/${created.body.id}`, { token: user.token });
    expect(sha256(Buffer.from(read.body.source, 'utf8'))).toBe(sha256(bytes));
    const commits = await server.request('GET', `/api/v1/ontologies/${created.body.id}/commits`, { token: user.token });
    const commit = await server.request('GET', `/api/v1/ontologies/${created.body.id}/commits/${commits.body.data[0].id}`, { token: user.token });
    expect(sha256(Buffer.from(commit.body.source, 'utf8'))).toBe(sha256(bytes));
  });

  it.each(invalid)('when invalid %s is created as %s then it is refused with 422 on source', async (file, format) => {
    const source = readFileSync(new URL(file, invalidDir), 'utf8');
    const response = await server.request('POST', '/api/v1/ontologies', {
      token: user.token,
      json: { ontology: { title: file, source, source_format: format } },
    });
    expect(response.status).toBe(422);
    const [message] = response.body.errors.source;
    expect(message).toBeTypeOf('string');
    if (POSITIONED.has(file)) expect(message).toMatch(/^line \d+/);
  });
});
