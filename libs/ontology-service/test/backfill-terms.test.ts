// The terms backfill (issue 19) on both back ends: ontologies whose commits lost their terms
// (as commits made before the terms migration have none) get them back in commit order, and
// every terms answer (search, a version's terms, a term, histories, a commit's changes) is
// then what the commit path wrote; a second pass writes nothing, two concurrent passes write
// each commit once, and a commit made on an unindexed parent is indexed when the pass reaches it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OntologyTermsQuery, TermHistoryQuery, TermQuery, TermSearchQuery } from '@oms/contracts';
import { findVisibleOntologyForUser, findVisibleOntologySummaryForUser, headTermsStatus, termsStatusOf } from '@oms/db';
import { testBackends, type TestDatabase } from '@oms/db/testing';
import { createServiceContext, type ServiceContext } from '../src/context.js';
import { createOntology } from '../src/ontologies/create-ontology.js';
import { updateOntology } from '../src/ontologies/update-ontology.js';
import { listOntologyTerms, searchTerms } from '../src/terms/search-terms.js';
import { readTerm } from '../src/terms/read-term.js';
import { readCommitChanges, readTermHistory } from '../src/terms/term-history.js';
import { backfillOntologyTerms } from '../src/terms/backfill-terms.js';
import { startTermsBackfill } from '../src/terms/terms-backfill-runner.js';
import { ACCOUNT, commitRowsOf, createOwnerDatabase, HEART, OWNER, owner, PREFIXES, silent, TERMS_TEST_CONFIG, VALVE } from './support/terms-fixture.js';


const V1 = `${PREFIXES}ex:Organ a owl:Class ; rdfs:label "organ" .
ex:Heart a owl:Class ; rdfs:label "Heart" ; rdfs:subClassOf ex:Organ ; skos:definition "The organ that pumps blood." .
ex:Valve a owl:Class ; rdfs:label "Heart valve" ; rdfs:subClassOf ex:Heart .
ex:Pump a owl:Class ; rdfs:label "pump" ; skos:altLabel "heart pump" .
`;
const V2 = V1.replace('"Heart valve"', '"Cardiac valve"').replace(/ex:Pump .*\n/, '').concat('ex:Vessel a owl:Class ; rdfs:label "vessel" ; rdfs:subClassOf ex:Organ .\n');
const V3 = V2.replace('rdfs:label "organ" .', 'rdfs:label "organ" ; owl:deprecated true .');
const OTHER_V1 = `${PREFIXES}ex:Lung a owl:Class ; rdfs:label "lung" .\n`;
const OTHER_V2 = `${OTHER_V1}ex:HeartLung a owl:Class ; rdfs:label "heart-lung machine" .\n`;
const OTHER_V3 = `${OTHER_V2}ex:Bronchus a owl:Class ; rdfs:label "bronchus" ; rdfs:subClassOf ex:Lung .\n`;

describe.each(testBackends())('the terms backfill on %s', (backend) => {
  let db: TestDatabase;
  let ctx: ServiceContext;
  let hearts: string;
  let lungs: string;

  const commitsOf = (ontologyId: string) => commitRowsOf(db, ontologyId);
  /** Every terms answer about the two ontologies. */
  async function answers() {
    const out: Record<string, unknown> = {};
    const both = `${hearts},${lungs}`;
    out.search = await searchTerms(ctx, owner, TermSearchQuery.parse({ q: 'heart', ontology_id: both, include_deprecated: 'true' }));
    out.exact = await searchTerms(ctx, owner, TermSearchQuery.parse({ q: 'organ', ontology_id: both, exact: 'true', include_deprecated: 'true' }));
    for (const ontologyId of [hearts, lungs]) {
      for (const commit of await commitsOf(ontologyId)) {
        const at = { ontologyId, commit_id: commit.id };
        out[`roots ${ontologyId} ${commit.seq}`] = await listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ commit_id: commit.id, include_deprecated: 'true' }), ontologyId });
        out[`ranked ${ontologyId} ${commit.seq}`] = await listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ q: 'heart', commit_id: commit.id }), ontologyId });
        out[`changes ${ontologyId} ${commit.seq}`] = await readCommitChanges(ctx, owner, { ontologyId, commitId: commit.id, page: 1, per_page: 100 });
        if (ontologyId === hearts) out[`heart ${commit.seq}`] = await readTerm(ctx, owner, { ...TermQuery.parse({ iri: HEART, commit_id: at.commit_id }), ontologyId });
      }
    }
    for (const iri of [HEART, VALVE]) out[`history ${iri}`] = await readTermHistory(ctx, owner, { ...TermHistoryQuery.parse({ iri }), ontologyId: hearts });
    return out;
  }
  /** What the database holds of ontologies whose commits predate terms. */
  async function forgetTerms(): Promise<void> {
    await db.sql.query(`UPDATE "commits" SET "terms_indexed" = FALSE`);
    await db.sql.query(`DELETE FROM "terms"`);
    await db.sql.query(`DELETE FROM "term_parents"`);
    await db.sql.query(`DELETE FROM "term_child_counts"`);
    await db.sql.query(`DELETE FROM "term_changes"`);
  }
  const unindexed = async () => (await db.prisma.commit.count({ where: { termsIndexed: false } }));

  beforeAll(async () => {
    db = await createOwnerDatabase(backend);
    const config = TERMS_TEST_CONFIG;
    ctx = createServiceContext({ config, db, logger: silent });
    hearts = (await createOntology(ctx, owner, { title: 'Hearts', source: V1, source_format: 'turtle', account_id: ACCOUNT })).id;
    lungs = (await createOntology(ctx, owner, { title: 'Lungs', source: OTHER_V1, source_format: 'turtle', account_id: ACCOUNT })).id;
    for (const source of [V2, V3]) await updateOntology(ctx, owner, hearts, { changes: { source } });
    await updateOntology(ctx, owner, lungs, { changes: { source: OTHER_V2 } });
  }, 60_000);
  afterAll(async () => {
    await ctx?.heavyWork.close();
    await db?.dispose();
  });

  it('when commits lost their terms then two concurrent passes write each once and every answer is as indexed at commit time', async () => {
    const fresh = await answers();
    expect(JSON.stringify(fresh.search)).toContain(HEART);
    expect(JSON.stringify(fresh[`history ${VALVE}`])).toContain('Cardiac valve');
    await forgetTerms();
    expect(await unindexed()).toBe(5);
    const emptied = await searchTerms(ctx, owner, TermSearchQuery.parse({ q: 'heart', ontology_id: `${hearts},${lungs}` }));
    expect(emptied.data).toEqual([]);

    const [first, second] = await Promise.all([startTermsBackfill(ctx, { logger: silent }).done, startTermsBackfill(ctx, { logger: silent, concurrency: 1 }).done]);
    expect(first.commits + second.commits).toBe(5);
    expect(first.failed + second.failed + first.blocked + second.blocked).toBe(0);
    expect(await unindexed()).toBe(0);
    expect(await answers()).toEqual(fresh);
  });

  it('when the backfill runs again then it writes nothing and the answers stay', async () => {
    const before = await answers();
    const again = await startTermsBackfill(ctx, { logger: silent }).done;
    expect(again).toMatchObject({ ontologies: 0, commits: 0, failed: 0 });
    expect(await answers()).toEqual(before);
  });

  it('when a commit is made on an unindexed parent then it answers at once and its ontology is indexed in the background', async () => {
    await forgetTerms();
    const updated = await updateOntology(ctx, owner, lungs, { changes: { source: OTHER_V3 } });
    expect(updated.termsStatus).toBe('indexing');
    await ctx.backgroundTerms.idle();
    expect((await commitsOf(lungs)).map((commit) => commit.termsIndexed)).toEqual([true, true, true]);
    // The pass finds only the other ontology left.
    const summary = await startTermsBackfill(ctx, { logger: silent, pageSize: 1 }).done;
    expect(summary).toMatchObject({ ontologies: 1, commits: 3, blocked: 0, failed: 0 });
    expect(await unindexed()).toBe(0);
    const bronchus = await listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ q: 'bronchus' }), ontologyId: lungs });
    expect(bronchus.data.map((hit) => hit.iri)).toEqual(['http://example.org/heart#Bronchus']);
    // Later commits index themselves again: the parent is indexed now.
    await updateOntology(ctx, owner, lungs, { changes: { source: `${OTHER_V3}ex:Trachea a owl:Class ; rdfs:label "trachea" .\n` } });
    expect(await unindexed()).toBe(0);
  });

  it('when a background write of terms fails then its commit is failed with why, nothing escapes, and a later pass writes it', async () => {
    await forgetTerms();
    // A write whose transaction expires, as a Prisma interactive transaction past its timeout does.
    const expired = Object.assign(new Error('Transaction API error: A query cannot be executed on an expired transaction.'), { code: 'P2028' });
    const prisma = new Proxy(ctx.db.prisma, { get: (target, key) => (key === '$transaction' ? () => Promise.reject(expired) : Reflect.get(target, key)) });
    const failing = { ...ctx, db: { ...ctx.db, prisma } };
    const result = await backfillOntologyTerms(failing, lungs);
    expect(result).toEqual({ indexed: 0, blocked: { seq: 1, reason: expect.stringContaining('expired transaction') } });
    const [first, ...rest] = await commitsOf(lungs);
    expect(termsStatusOf(first?.termsIndexed ?? true, first?.termsError ?? null)).toBe('failed');
    expect(rest.map((commit) => termsStatusOf(commit.termsIndexed, commit.termsError))).toEqual(rest.map(() => 'indexing'));
    // The later head waits on the failed commit: its ontology says failed, not indexing.
    expect(await headTermsStatus(db.sql, lungs)).toBe('failed');
    expect((await findVisibleOntologySummaryForUser(db.sql, lungs, OWNER))?.termsStatus).toBe('failed');
    expect((await findVisibleOntologyForUser(db.sql, lungs, OWNER))?.termsStatus).toBe('failed');

    const summary = await startTermsBackfill(ctx, { logger: silent }).done;
    expect(summary).toMatchObject({ commits: 7, blocked: 0, failed: 0 });
    expect(await unindexed()).toBe(0);
    expect((await commitsOf(lungs)).map((commit) => commit.termsError)).toEqual([null, null, null, null]);
    expect((await findVisibleOntologySummaryForUser(db.sql, lungs, OWNER))?.termsStatus).toBe('ready');
  });

  it('when the children counts are rebuilt from the parent edges as their migration does then they equal the ones kept by the commits', async () => {
    // A deprecated child and a moved one, so counts change between versions in both columns.
    await updateOntology(ctx, owner, hearts, { changes: { source: V3.replace('rdfs:label "Heart" ;', 'rdfs:label "Heart" ; owl:deprecated true ;').replace('rdfs:subClassOf ex:Heart', 'rdfs:subClassOf ex:Organ') } });
    const migration = readFileSync(fileURLToPath(new URL('../../../prisma/migrations/20261205130000_term_child_counts/migration.sql', import.meta.url)), 'utf8');
    const rebuild = migration.slice(migration.indexOf('INSERT INTO "term_child_counts"')).replace('INSERT INTO "term_child_counts"', 'INSERT INTO "rebuilt_counts"');
    await db.sql.query(`CREATE TEMPORARY TABLE "rebuilt_counts" (LIKE "term_child_counts")`);
    await db.sql.query(rebuild.replace(/;\s*$/, ''));
    type CountRow = { ontology_id: string; parent_iri: string; from_seq: number; to_seq: number | null; children: number; live_children: number };
    /** Each parent's counts in each version (spans may be cut differently: a rename ends an edge and starts one, the count stays). */
    const perVersion = async (table: string) => {
      const rows = await db.sql.query<CountRow>(`SELECT "ontology_id"::text AS "ontology_id", "parent_iri", "from_seq", "to_seq", "children", "live_children" FROM "${table}"`);
      const out: string[] = [];
      for (const row of rows) for (let seq = row.from_seq; seq < (row.to_seq ?? 8); seq += 1) out.push(`${row.ontology_id} ${row.parent_iri} @${seq}: ${row.children}/${row.live_children}`);
      return out.sort();
    };
    const kept = await perVersion('term_child_counts');
    expect(kept.filter((line) => line.includes('#Organ @5'))).toEqual([expect.stringMatching(/ 3\/2$/)]);
    expect(await perVersion('rebuilt_counts')).toEqual(kept);
  });
});
