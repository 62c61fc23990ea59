// Faults: every PostgreSQL connection of the app is killed in the middle of a write load.
// Requests answer 503 with Retry-After or succeed (never 500 or a hang), the app recovers by
// itself, every acknowledged write is there and every hash chain verifies.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBrokenLink } from '@oms/domain';
import { commitsOldestFirst } from '@oms/db';
import { createOntology, signUpUser, startTestServer, TURTLE, type TestServer } from './support/test-server.js';

const postgres = process.env['DATABASE_URL'];

describe.runIf(Boolean(postgres))('database connections killed under load', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('when the backends are terminated mid-load then answers are 2xx or 503, and everything acknowledged is there', async () => {
    const user = await signUpUser(server);
    const ontology = await createOntology(server, user.token);
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    const statuses: number[] = [];
    const acknowledged: string[] = [];
    const writer = async (n: number) => {
      for (let i = 0; i < 8; i++) {
        const response = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, {
          token: user.token,
          json: { ontology: { source: `${TURTLE}# writer ${n} step ${i}\n` } },
        });
        statuses.push(response.status);
        if (response.status === 503) expect(response.headers.get('retry-after')).toBeTruthy();
        if (response.status === 200) acknowledged.push(response.body.head_hash);
      }
    };
    const load = Promise.all([writer(1), writer(2), writer(3)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [server.db.name]);
    await load;
    await admin.end();

    expect(statuses.every((status) => status === 200 || status === 503), statuses.join(',')).toBe(true);
    // Recovery: the next requests succeed without a restart.
    const after = await server.request('GET', `/api/v1/ontologies/${ontology.id}`, { token: user.token });
    expect(after.status).toBe(200);
    const history = await commitsOldestFirst(server.db.prisma, ontology.id);
    expect(findBrokenLink(history)).toBe(-1);
    expect(history.filter((commit) => commit.status === 'applied')).toHaveLength(1);
    const hashes = new Set(history.map((commit) => commit.commitHash));
    for (const hash of acknowledged) expect(hashes.has(hash)).toBe(true);
  }, 60_000);
});
