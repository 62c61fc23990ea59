// Faults: every PostgreSQL connection of the app is killed in the middle of a write load.
// Requests answer 503 with Retry-After or succeed (never 500 or a hang), the fault lands
// (PATCHes caught inside their transactions answer 503 and write nothing), the app recovers
// by itself, every acknowledged write is there and every hash chain verifies. Needs
// PostgreSQL: skipped without DATABASE_URL, a failure under REQUIRE_SERVICES=1.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { findBrokenLink, RETRY_AFTER_SECONDS } from '@oms/domain';
import { commitsOldestFirst } from '@oms/db';
import { suiteCanRun, until } from '@oms/testing';
import { createOntology, signUpUser, TURTLE, type TestResponse } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const postgres = process.env['DATABASE_URL'];
/** PATCHes held on a row lock inside their transactions when the connections are killed. */
const CAUGHT = 3;

describe.runIf(suiteCanRun('the database-faults suite', { 'PostgreSQL (DATABASE_URL)': Boolean(postgres) }))('database connections killed under load', () => {
  const { server } = useTestServer({ backend: 'postgres' });

  it('when the backends are terminated mid-load then answers are 2xx or 503, the writes caught in a transaction are 503 and left nothing, and everything acknowledged is there', async () => {
    const user = await signUpUser(server);
    const held = await createOntology(server, user.token);
    const loaded = await createOntology(server, user.token);
    const admin = new pg.Client({ connectionString: postgres });
    // Holds the row lock of `held`: its PATCHes wait inside their transactions, so the fault
    // surely lands on them (the load on `loaded` may or may not be caught mid-query).
    const locker = new pg.Client({ connectionString: server.db.url });
    await Promise.all([admin.connect(), locker.connect()]);
    const statuses: number[] = [];
    const acknowledged: string[] = [];
    const unavailable: TestResponse[] = [];
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM "ontologies" WHERE "id" = $1::uuid FOR UPDATE', [held.id]);
      const [{ pid: lockerPid }] = (await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS "pid"')).rows as [{ pid: number }];

      const caught = Promise.all(
        Array.from({ length: CAUGHT }, (_, n) =>
          server.request('PATCH', `/api/v1/ontologies/${held.id}`, { token: user.token, json: { ontology: { source: `${TURTLE}# caught ${n}\n` } } }),
        ),
      );
      const writer = async (n: number) => {
        for (let i = 0; i < 8; i++) {
          const response = await server.request('PATCH', `/api/v1/ontologies/${loaded.id}`, {
            token: user.token,
            json: { ontology: { source: `${TURTLE}# writer ${n} step ${i}\n` } },
          });
          statuses.push(response.status);
          if (response.status === 503) unavailable.push(response);
          if (response.status === 200) acknowledged.push(response.body.head_hash);
        }
      };
      const load = Promise.all([writer(1), writer(2)]);
      await until(`${CAUGHT} PATCHes did not wait for the row lock`, 20_000, async () => {
        const { rows } = await admin.query<{ waiting: number }>(
          `SELECT count(*)::int AS "waiting" FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> $2`,
          [server.db.name, lockerPid],
        );
        return (rows[0]?.waiting ?? 0) >= CAUGHT ? true : undefined;
      });
      const { rows: killed } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> $2 AND pid <> pg_backend_pid()',
        [server.db.name, lockerPid],
      );
      expect(killed.length).toBeGreaterThanOrEqual(CAUGHT);
      await locker.query('ROLLBACK');

      const caughtAnswers = await caught;
      expect(caughtAnswers.map((response) => response.status), caughtAnswers.map((response) => response.text).join('\n')).toEqual(Array(CAUGHT).fill(503));
      unavailable.push(...caughtAnswers);
      await load;
      expect(statuses.every((status) => status === 200 || status === 503), statuses.join(',')).toBe(true);
      for (const response of unavailable) {
        expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
        expect(response.body.error).toBe('unavailable');
      }
    } finally {
      await Promise.all([admin.end(), locker.end().catch(() => undefined)]);
    }

    // Recovery without a restart: reads and writes succeed again.
    expect((await server.request('GET', `/api/v1/ontologies/${held.id}`, { token: user.token })).status).toBe(200);
    const after = await server.request('PATCH', `/api/v1/ontologies/${held.id}`, { token: user.token, json: { ontology: { source: `${TURTLE}# after\n` } } });
    expect(after.status, after.text).toBe(200);
    expect(after.body.version).toBe('1.0.1');

    // The caught writes left nothing: the one commit after the fault follows the first.
    const heldHistory = await commitsOldestFirst(server.db.prisma, held.id);
    expect(heldHistory.map((commit) => commit.version)).toEqual(['1.0.0', '1.0.1']);
    expect(findBrokenLink(heldHistory)).toBe(-1);
    const history = await commitsOldestFirst(server.db.prisma, loaded.id);
    expect(findBrokenLink(history)).toBe(-1);
    expect(history.filter((commit) => commit.status === 'applied')).toHaveLength(1);
    const hashes = new Set(history.map((commit) => commit.commitHash));
    for (const hash of acknowledged) expect(hashes.has(hash)).toBe(true);
  }, 60_000);
});
