// Ten writers at once on one ontology: one linear, verifiable history with one head, on both
// database back ends.
import { describe, expect, it } from 'vitest';
import { findBrokenLink } from '@oms/domain';
import { commitsOldestFirst } from '@oms/db';
import { testBackends } from '@oms/db/testing';
import { createOntology, signUpUser, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

describe.each(testBackends())('concurrent source updates on %s', (backend) => {
  const { server } = useTestServer({ backend });

  it('when ten PATCHes run at once then there are eleven commits, one applied, versions 1.0.1..1.0.10 and a valid chain', async () => {
    const user = await signUpUser(server);
    const ontology = await createOntology(server, user.token);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, {
          token: user.token,
          json: { ontology: { source: `${TURTLE}ex:writer${i} ex:b ex:c .\n` }, change_summary: `writer ${i}` },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));

    const history = await commitsOldestFirst(server.db.prisma, ontology.id);
    expect(history).toHaveLength(11);
    expect(history.filter((commit) => commit.status === 'applied')).toHaveLength(1);
    expect(history.at(-1)?.status).toBe('applied');
    expect(history.map((commit) => commit.version)).toEqual(['1.0.0', ...Array.from({ length: 10 }, (_, i) => `1.0.${i + 1}`)]);
    expect(history.map((commit) => commit.seq)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    expect(findBrokenLink(history)).toBe(-1);
    // Times never run backwards along the history (whichever transaction began first).
    const times = history.map((commit) => commit.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const head = await server.request('GET', `/api/v1/ontologies/${ontology.id}`, { token: user.token });
    expect(head.body.head_hash).toBe(history.at(-1)?.commitHash);
    expect(head.body.version).toBe('1.0.10');

    const listed = await server.request('GET', `/api/v1/ontologies/${ontology.id}/commits?per_page=100`, { token: user.token });
    expect(listed.body.data.map((commit: { version: string }) => commit.version)).toEqual(history.map((c) => c.version).reverse());
  });

  it('when two ontologies are made each other\'s parent at once then one PATCH wins, the other is 422 and no cycle forms', async () => {
    const user = await signUpUser(server);
    for (let round = 0; round < 8; round++) {
      const [a, b] = await Promise.all([createOntology(server, user.token), createOntology(server, user.token)]);
      const [first, second] = await Promise.all([
        server.request('PATCH', `/api/v1/ontologies/${a.id}`, { token: user.token, json: { ontology: { parent_id: b.id } } }),
        server.request('PATCH', `/api/v1/ontologies/${b.id}`, { token: user.token, json: { ontology: { parent_id: a.id } } }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 422]);
      const loser = first.status === 422 ? first : second;
      expect(loser.body).toEqual({ errors: { parent_id: ['would make the ontology its own ancestor'] } });
      const rows = await server.db.prisma.ontology.findMany({ where: { id: { in: [a.id, b.id] } }, select: { parentId: true } });
      expect(rows.filter((row) => row.parentId !== null)).toHaveLength(1);
    }
  });

  it('when a stored commit is tampered with then recomputing the chain finds it', async () => {
    const user = await signUpUser(server);
    const ontology = await createOntology(server, user.token);
    await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, { token: user.token, json: { ontology: { source: `${TURTLE}# v2\n` } } });
    const [first] = await commitsOldestFirst(server.db.prisma, ontology.id);
    await server.db.prisma.commit.update({ where: { id: first!.id }, data: { message: 'rewritten history' } });
    expect(findBrokenLink(await commitsOldestFirst(server.db.prisma, ontology.id))).toBe(0);
  });
});
