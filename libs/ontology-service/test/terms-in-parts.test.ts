// A commit's terms written in parts (DESIGN 8: a large source's background terms in bounded
// memory) on both back ends: the answers equal those of the terms written at commit time, a
// reader never sees a version half written, a failed write leaves nothing and is retried, and
// one writer at a time writes a commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OntologyTermsQuery, TermHistoryQuery, TermQuery, TermSearchQuery } from '@oms/contracts';
import { headTermsStatus } from '@oms/db';
import { createTestDatabase, testBackends, type TestDatabase } from '@oms/db/testing';
import { extractTerms, type OntologyTerm } from '@oms/ontology-tools';
import { createLogger } from '@oms/platform';
import { createServiceContext, type ServiceContext } from '../src/context.js';
import type { Actor } from '../src/authorization/actor.js';
import { createOntology } from '../src/ontologies/create-ontology.js';
import { updateOntology } from '../src/ontologies/update-ontology.js';
import { listOntologyTerms, searchTerms } from '../src/terms/search-terms.js';
import { readTerm } from '../src/terms/read-term.js';
import { readCommitChanges, readTermHistory } from '../src/terms/term-history.js';
import { backfillOntologyTerms } from '../src/terms/backfill-terms.js';
import { indexCommitTermsInParts } from '../src/terms/index-terms-in-parts.js';

const id = (n: number) => `0190c000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const OWNER = id(1);
const ACCOUNT = id(11);
const owner: Actor = { userId: OWNER, credential: null };
const silent = createLogger({ service: 'test', level: 'silent' });

const PREFIXES = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix ex: <http://example.org/heart#> .
`;
const V1 = `${PREFIXES}ex:Organ a owl:Class ; rdfs:label "organ" .
ex:Heart a owl:Class ; rdfs:label "Heart" ; rdfs:subClassOf ex:Organ ; skos:definition "The organ that pumps blood." .
ex:Valve a owl:Class ; rdfs:label "Heart valve" ; rdfs:subClassOf ex:Heart .
ex:Pump a owl:Class ; rdfs:label "pump" ; skos:altLabel "heart pump" .
ex:Atrium a owl:Class ; rdfs:label "atrium" ; rdfs:subClassOf ex:Heart .
ex:Heart rdfs:comment "statements of a subject come back later in the file" .
`;
// Changed, removed (two: more than one page of removals below), added, moved and deprecated terms.
const V2 = V1.replace('"Heart valve"', '"Cardiac valve"')
  .replace(/ex:Pump .*\n/, '')
  .replace(/ex:Atrium .*\n/, '')
  .concat('ex:Vessel a owl:Class ; rdfs:label "vessel" ; rdfs:subClassOf ex:Organ .\nex:Aorta a owl:Class ; rdfs:label "aorta" ; rdfs:subClassOf ex:Vessel .\n');
const V3 = V2.replace('rdfs:label "organ" .', 'rdfs:label "organ" ; owl:deprecated true .').replace('rdfs:subClassOf ex:Heart .', 'rdfs:subClassOf ex:Organ .');
const HEART = 'http://example.org/heart#Heart';
const VALVE = 'http://example.org/heart#Valve';

/** The terms as the extraction gives them, one part per term (as many parts as there can be); `pause` holds back the last one. */
async function* onePerPart(source: string, pause?: Promise<void>): AsyncGenerator<OntologyTerm[]> {
  const verdict = await extractTerms('turtle', source);
  if (!verdict.ok) throw new Error(verdict.message);
  for (const [index, term] of verdict.terms.entries()) {
    if (index === verdict.terms.length - 1 && pause) await pause;
    yield [term];
  }
}

describe.each(testBackends())('terms written in parts on %s', (backend) => {
  let db: TestDatabase;
  let ctx: ServiceContext;
  let parts: ServiceContext;
  let hearts: string;

  const commitsOf = (ontologyId: string) => db.prisma.commit.findMany({ where: { ontologyId }, orderBy: { seq: 'asc' } });
  /** Every terms answer about the ontology, per version. */
  async function answers() {
    const out: Record<string, unknown> = {};
    out.search = await searchTerms(ctx, owner, TermSearchQuery.parse({ q: 'heart', ontology_id: hearts, include_deprecated: 'true' }));
    out.head = await listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ include_deprecated: 'true' }), ontologyId: hearts });
    for (const commit of await commitsOf(hearts)) {
      out[`roots ${commit.seq}`] = await listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ commit_id: commit.id, include_deprecated: 'true' }), ontologyId: hearts });
      out[`children ${commit.seq}`] = await listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ commit_id: commit.id, parent: 'http://example.org/heart#Organ', include_deprecated: 'true' }), ontologyId: hearts });
      out[`ranked ${commit.seq}`] = await listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ q: 'heart', commit_id: commit.id }), ontologyId: hearts });
      out[`changes ${commit.seq}`] = await readCommitChanges(ctx, owner, { ontologyId: hearts, commitId: commit.id, page: 1, per_page: 100 });
      out[`heart ${commit.seq}`] = await readTerm(ctx, owner, { ...TermQuery.parse({ iri: HEART, commit_id: commit.id }), ontologyId: hearts });
    }
    for (const iri of [HEART, VALVE]) out[`history ${iri}`] = await readTermHistory(ctx, owner, { ...TermHistoryQuery.parse({ iri }), ontologyId: hearts });
    return out;
  }
  async function forgetTerms(): Promise<void> {
    await db.sql.query(`UPDATE "commits" SET "terms_indexed" = FALSE`);
    for (const table of ['terms', 'term_parents', 'term_child_counts', 'term_changes', 'term_writes', 'term_write_iris']) await db.sql.query(`DELETE FROM "${table}"`);
  }
  const rowsOf = async (seq: number) => {
    const [row] = await db.sql.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM "terms" WHERE "from_seq" >= $1 OR "to_seq" >= $1) + (SELECT count(*) FROM "term_changes" WHERE "seq" >= $1)
        + (SELECT count(*) FROM "term_child_counts" WHERE "from_seq" >= $1 OR "to_seq" >= $1) + (SELECT count(*) FROM "term_writes") + (SELECT count(*) FROM "term_write_iris") AS "n"`,
      [seq],
    );
    return Number(row?.n);
  };

  beforeAll(async () => {
    db = await createTestDatabase({ backend });
    await db.prisma.user.create({ data: { id: OWNER, email: 'owner@example.com', name: 'U', passwordHash: 'x' } });
    await db.prisma.account.create({ data: { id: ACCOUNT, name: 'A', personal: true, ownerId: OWNER } });
    await db.prisma.accountUser.create({ data: { id: id(21), accountId: ACCOUNT, userId: OWNER, role: 'admin' } });
    const config = { baseUrl: 'http://service.test', registration: 'open' as const, signUpLimit: 0, heavyWorkHeapMiB: 64, heavyRequestsPerCaller: 2, heavyWorkThreads: 0 };
    ctx = createServiceContext({ config, db, logger: silent });
    // Every Turtle source is "large" here: its background terms take the streamed path and are written in parts.
    parts = createServiceContext({ config: { ...config, termsSyncMaxBytes: 1 }, db, logger: silent });
    hearts = (await createOntology(ctx, owner, { title: 'Hearts', source: V1, source_format: 'turtle', account_id: ACCOUNT })).id;
    for (const source of [V2, V3]) await updateOntology(ctx, owner, hearts, { changes: { source } });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([ctx?.heavyWork.close(), parts?.heavyWork.close()]);
    await db?.dispose();
  });

  it('when every commit is written in parts of one term, with one removal per page, then every answer is as written at commit time', async () => {
    const fresh = await answers();
    expect(JSON.stringify(fresh['changes 2'])).toContain('"removed"');
    await forgetTerms();
    for (const [seq, source] of [V1, V2, V3].entries()) {
      expect(await indexCommitTermsInParts(ctx, hearts, seq + 1, onePerPart(source), { removedPage: 1 })).toBe('indexed');
    }
    expect(await answers()).toEqual(fresh);
    expect(await db.sql.query(`SELECT * FROM "term_writes" UNION ALL SELECT NULL, NULL, "iri", NULL FROM "term_write_iris"`)).toEqual([]);
  });

  it('when the background walk reads a large source then its terms go through the file and are written in parts, as at commit time', async () => {
    const fresh = await answers();
    await forgetTerms();
    expect(await backfillOntologyTerms(parts, hearts)).toEqual({ indexed: 3 });
    expect(await answers()).toEqual(fresh);
  });

  it('when a version is half written then readers see the version before it, and the whole version once its last part is written', async () => {
    const whole = await answers();
    await db.sql.query(`UPDATE "commits" SET "terms_indexed" = FALSE WHERE "seq" = 3`);
    await db.sql.query(`DELETE FROM "terms" WHERE "from_seq" = 3`);
    await db.sql.query(`UPDATE "terms" SET "to_seq" = NULL WHERE "to_seq" = 3`);
    await db.sql.query(`DELETE FROM "term_parents" WHERE "from_seq" = 3`);
    await db.sql.query(`UPDATE "term_parents" SET "to_seq" = NULL WHERE "to_seq" = 3`);
    await db.sql.query(`DELETE FROM "term_child_counts" WHERE "from_seq" = 3`);
    await db.sql.query(`UPDATE "term_child_counts" SET "to_seq" = NULL WHERE "to_seq" = 3`);
    await db.sql.query(`DELETE FROM "term_changes" WHERE "seq" = 3`);
    const pending = await answers();
    let resume = () => undefined as void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    const writing = indexCommitTermsInParts(ctx, hearts, 3, onePerPart(V3, paused));
    // Every part but the last is written (each its own transaction, committed): two changed terms among them.
    while ((await db.sql.query(`SELECT 1 FROM "term_write_iris" WHERE "seq" = 3`)).length < 4) await new Promise((r) => setTimeout(r, 10));
    expect(await db.sql.query(`SELECT "iri" FROM "terms" WHERE "from_seq" = 3 ORDER BY "iri"`)).toEqual([{ iri: 'http://example.org/heart#Organ' }, { iri: 'http://example.org/heart#Valve' }]);
    expect(await answers()).toEqual(pending);
    expect(await headTermsStatus(db.sql, hearts)).toBe('indexing');
    // Another writer finds it busy: the backfill walk stops there without marking anything.
    expect(await indexCommitTermsInParts(ctx, hearts, 3, onePerPart(V3))).toBe('busy');
    expect(await backfillOntologyTerms(ctx, hearts)).toEqual({ indexed: 0 });
    resume();
    expect(await writing).toBe('indexed');
    expect(await answers()).toEqual(whole);
  });

  it('when a part fails then what was written is taken back, the commit is failed, and a later pass writes it', async () => {
    const whole = await answers();
    await forgetTerms();
    for (const [seq, source] of [V1, V2].entries()) expect(await indexCommitTermsInParts(ctx, hearts, seq + 1, onePerPart(source))).toBe('indexed');
    async function* failing(): AsyncGenerator<OntologyTerm[]> {
      yield* onePerPart(V3.slice(0, V3.indexOf('ex:Pump')));
      throw new Error('the terms file could not be read');
    }
    await expect(indexCommitTermsInParts(ctx, hearts, 3, failing())).rejects.toThrow('could not be read');
    expect(await rowsOf(3)).toBe(0);
    // Through the walk, which marks it failed with why.
    const broken = { ...parts, heavyWork: { ...parts.heavyWork, termsFile: () => Promise.reject(new Error('the worker stopped')) } };
    expect(await backfillOntologyTerms(broken, hearts)).toEqual({ indexed: 0, blocked: { seq: 3, reason: expect.stringContaining('the worker stopped') } });
    expect(await headTermsStatus(db.sql, hearts)).toBe('failed');
    expect(await backfillOntologyTerms(parts, hearts)).toEqual({ indexed: 1 });
    expect((await commitsOf(hearts)).map((commit) => [commit.termsIndexed, commit.termsError])).toEqual([
      [true, null],
      [true, null],
      [true, null],
    ]);
    expect(await answers()).toEqual(whole);
  });
});
