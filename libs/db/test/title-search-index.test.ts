// Title search as one account grows: on a freshly migrated database (PGlite, and PostgreSQL when
// DATABASE_URL is set) with 20,000 ontologies in one account, inserted as the service inserts
// them (no VACUUM; PGlite never runs one, PostgreSQL's autovacuum may not have yet), the searches
// under the visibility rule read the trigram indexes instead of filtering every row the caller
// can see. EXPLAIN ANALYZE counts the rows each plan read and threw away.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing.js';

const ONTOLOGIES = 20_000;
const WORD = 'tardigrade'; // in one title (and one description) in fifty

// The forms the list queries take (REST ?title=, and the search_ontologies tool's title or description).
const VISIBLE = `("visibility" = 'public' OR "account_id" IN ($1::uuid))`;
const QUERIES = {
  'title page': `SELECT "id", "title" FROM "ontologies" WHERE (${VISIBLE} AND "title"::text ILIKE $2) ORDER BY "id" DESC LIMIT 20 OFFSET 0`,
  'title count': `SELECT COUNT(*) FROM (SELECT "id" FROM "ontologies" WHERE (${VISIBLE} AND "title"::text ILIKE $2) OFFSET 0) AS "sub"`,
  'title or description count': `SELECT COUNT(*) FROM (SELECT "id" FROM "ontologies" WHERE (${VISIBLE} AND ("title"::text ILIKE $2 OR "description"::text ILIKE $2)) OFFSET 0) AS "sub"`,
};

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Rows Removed by Filter'?: number; 'Rows Removed by Index Recheck'?: number; Plans?: PlanNode[] };

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

const backends = (['pglite', 'postgres'] as const).filter((backend) => backend === 'pglite' || Boolean(process.env['DATABASE_URL']));

describe.each(backends)('title search with %i ontologies in one account on %s'.replace('%i', String(ONTOLOGIES)), (backend) => {
  let db: TestDatabase;
  const accountId = randomUUID();

  beforeAll(async () => {
    db = await createTestDatabase({ backend });
    const userId = randomUUID();
    await db.sql.query(`INSERT INTO "users" ("id", "email", "name", "password_hash", "updated_at") VALUES ($1::uuid, $2, 'U', 'x', now())`, [userId, `${userId}@example.com`]);
    await db.sql.query(`INSERT INTO "accounts" ("id", "name", "personal", "owner_id", "updated_at") VALUES ($1::uuid, 'A', true, $2::uuid, now())`, [accountId, userId]);
    await db.sql.query(
      `INSERT INTO "ontologies" ("id", "account_id", "title", "description", "visibility", "source_format", "version", "head_hash", "head_seq", "updated_at")
       SELECT (lpad(to_hex(i), 12, '0') || '7000' || '8' || lpad(to_hex(i), 15, '0'))::uuid, $1::uuid,
         CASE WHEN i % 50 = 0 THEN 'Applied Tardigrade ontology ' ELSE 'Core Harbour ontology ' END || i,
         CASE WHEN i % 50 = 25 THEN 'About tardigrades, number ' ELSE 'About harbours, number ' END || i,
         CASE WHEN i % 3 = 0 THEN 'public' ELSE 'private' END, 'other', '1.0.0', 'h', 1, now()
       FROM generate_series(1, ${ONTOLOGIES}) AS i`,
      [accountId],
    );
  }, 240_000);

  afterAll(async () => {
    await db?.dispose();
  });

  it.each(Object.keys(QUERIES) as (keyof typeof QUERIES)[])(
    'when the %s is planned then it reads a trigram index or stops early, never filtering the whole account',
    async (name) => {
      const [row] = await db.sql.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${QUERIES[name]}`, [accountId, `%${WORD}%`]);
      const raw = row?.['QUERY PLAN'];
      const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
      const nodes = nodesOf(plan.Plan);
      const removed = nodes.reduce((sum, node) => sum + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0), 0);
      const summary = nodes.map((node) => `${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`).join(' > ');
      // The whole account is 20,000 rows; the page needs about 1,000 (50 per match, 20 matches).
      expect(removed, summary).toBeLessThan(ONTOLOGIES / 10);
      if (name !== 'title page') expect(summary).toMatch(/_trgm_idx/);
    },
    60_000,
  );
});
