// Writes that lose a race with a delete: the parent or the account they name is gone by the
// time the row is written. They answer the same 422 as when the check finds it missing, never
// a 500, and nothing is half-written.
import { describe, expect, it } from 'vitest';
import type { Database } from '@oms/db';
import { createOntology, signUpUser, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

/** Runs once, just before the app's next raw-SQL transaction (the ontology insert). */
let beforeNextTransaction: (() => Promise<void>) | undefined;

function withHook(db: Database): Database {
  const sql = {
    exec: (text: string) => db.sql.exec(text),
    query: <T>(text: string, params?: unknown[]) => db.sql.query<T>(text, params),
    transaction: async (work: Parameters<Database['sql']['transaction']>[0]) => {
      const hook = beforeNextTransaction;
      beforeNextTransaction = undefined;
      if (hook) await hook();
      return db.sql.transaction(work);
    },
  };
  return { ...db, sql };
}

const { server } = useTestServer({ wrapDb: withHook });

describe('writes racing deletes', () => {
  it('when the parent is deleted between the check and the insert then POST answers 422 on parent_id and creates nothing', async () => {
    const [alice, bob] = await Promise.all([signUpUser(server), signUpUser(server)]);
    const parent = await createOntology(server, alice.token);
    beforeNextTransaction = async () => {
      expect((await server.request('DELETE', `/api/v1/ontologies/${parent.id}`, { token: alice.token })).status).toBe(204);
    };
    const response = await server.request('POST', '/api/v1/ontologies', {
      token: bob.token,
      json: { ontology: { title: 'Late child', source: TURTLE, source_format: 'turtle', parent_id: parent.id } },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ errors: { parent_id: ['does not name an ontology you can see'] } });
    expect(await server.db.prisma.ontology.count({ where: { title: 'Late child' } })).toBe(0);
  });

  it('when the user is deleted while creating then POST answers 401 (the token died with the user), not 500', async () => {
    const carol = await signUpUser(server);
    beforeNextTransaction = async () => {
      expect((await server.request('DELETE', '/api/v1/me', { token: carol.token })).status).toBe(200);
    };
    const response = await server.request('POST', '/api/v1/ontologies', {
      token: carol.token,
      json: { ontology: { title: 'Orphan', source: TURTLE, source_format: 'turtle' } },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'unauthorized' });
    expect(await server.db.prisma.ontology.count({ where: { title: 'Orphan' } })).toBe(0);
  });

  it('when parents are deleted while children are re-parented onto them then every answer is 2xx, 404 or 422', async () => {
    const user = await signUpUser(server);
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const [parent, child] = await Promise.all([createOntology(server, user.token), createOntology(server, user.token)]);
      const answers = await Promise.all([
        server.request('DELETE', `/api/v1/ontologies/${parent.id}`, { token: user.token }),
        server.request('PATCH', `/api/v1/ontologies/${child.id}`, {
          token: user.token,
          json: { ontology: { parent_id: parent.id, source: `${TURTLE}# round ${round}\n` } },
        }),
        server.request('PATCH', `/api/v1/ontologies/${parent.id}`, { token: user.token, json: { ontology: { title: 'renamed' } } }),
      ]);
      statuses.push(...answers.map((answer) => answer.status));
      const after = await server.db.prisma.ontology.findUnique({ where: { id: child.id }, select: { parentId: true } });
      expect(after?.parentId ?? null).toBeNull();
    }
    expect(statuses.every((status) => [200, 204, 404, 422].includes(status)), statuses.join(',')).toBe(true);
  });
});
