// Times in one linear history never run backwards: a commit's created_at is at or after its
// parent's and the ontology's updated_at at or after its head's, even when the writer whose
// transaction began first is the last to get the ontology's row lock.
import { describe, expect, it } from 'vitest';
import { commitsOldestFirst, lockHierarchy } from '@oms/db';
import { suiteCanRun, until } from '@oms/testing';
import { createOntology, signUpUser, TURTLE } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const postgres = process.env['DATABASE_URL'];

/** The positions where a time is earlier than the one before it (empty when none runs backwards). */
function backwardSteps(times: Date[]): number[] {
  return times.flatMap((time, i) => (i > 0 && time.getTime() < (times[i - 1] as Date).getTime() ? [i] : []));
}

// Interleaving transactions needs PostgreSQL: PGlite runs one transaction at a time.
describe.runIf(suiteCanRun('the commit-times suite', { 'PostgreSQL (DATABASE_URL)': Boolean(postgres) }))('commit times with interleaved writers', () => {
  const { server } = useTestServer({ backend: 'postgres' });

  it('when the writer that began first gets the row lock last then its commit is not older than its parent, nor the ontology than its head', async () => {
    const user = await signUpUser(server);
    const newParent = await createOntology(server, user.token);
    const ontology = await createOntology(server, user.token);

    // A transaction holds the hierarchy lock, so the re-parenting PATCH below begins its
    // transaction and then waits, before it can lock the ontology's row.
    let held!: () => void;
    let release!: () => void;
    const lockHeld = new Promise<void>((resolve) => (held = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = server.db.prisma.$transaction(async (tx) => {
      await lockHierarchy(tx);
      held();
      await released;
    }, { timeout: 60_000 });
    await lockHeld;
    const early = server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, {
      token: user.token,
      json: { ontology: { parent_id: newParent.id, source: `${TURTLE}ex:early ex:b ex:c .\n` } },
    });
    await until('the re-parenting PATCH did not wait for the hierarchy lock', 20_000, async () => {
      const [row] = await server.db.sql.query<{ waiting: number }>(
        `SELECT count(*)::int AS "waiting" FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
      );
      return row && row.waiting > 0 ? true : undefined;
    });
    // Meanwhile a later writer (no re-parenting) locks the row, commits and is done.
    const late = await server.request('PATCH', `/api/v1/ontologies/${ontology.id}`, {
      token: user.token,
      json: { ontology: { source: `${TURTLE}ex:late ex:b ex:c .\n` } },
    });
    expect(late.status).toBe(200);
    release();
    await holder;
    const earlyResponse = await early;
    expect(earlyResponse.status, earlyResponse.text).toBe(200);

    const history = await commitsOldestFirst(server.db.prisma, ontology.id);
    expect(history.map((commit) => commit.version)).toEqual(['1.0.0', '1.0.1', '1.0.2']);
    expect(history[2]?.commitHash).toBe(earlyResponse.body.head_hash);
    const times = history.map((commit) => commit.createdAt);
    expect(backwardSteps(times), times.map((time) => time.toISOString()).join(' ')).toEqual([]);
    // A superseded commit was superseded no earlier than it was made.
    for (const commit of history) expect(commit.updatedAt.getTime()).toBeGreaterThanOrEqual(commit.createdAt.getTime());
    // The ontology changed when its head was made (one write time, whatever the session's time zone).
    const row = await server.db.prisma.ontology.findUniqueOrThrow({ where: { id: ontology.id } });
    expect(row.updatedAt.toISOString()).toBe(history[2]!.createdAt.toISOString());
    expect(history[1]!.updatedAt.toISOString()).toBe(history[2]!.createdAt.toISOString());
    expect(new Date(earlyResponse.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(late.body.updated_at).getTime());
  });
});
