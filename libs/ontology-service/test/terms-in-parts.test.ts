// A commit's terms written in parts (DESIGN 8: a large source's background terms in bounded
// memory) on both back ends: the answers equal those of the terms written at commit time, a
// reader never sees a version half written, a failed write leaves nothing and is retried, one
// writer at a time writes a commit, a stopped writer's claim is taken over within three beats,
// a half-written version is taken back a batch per transaction, and every read names the
// version it answers.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OntologyTermsQuery, TermHistoryQuery, TermQuery, TermSearchQuery } from '@oms/contracts';
import { clearTermsFrom, findVersionTerm, findVersionTermIri, headTermsStatus, termSqlOf, termsWriteClaim, type TermSql } from '@oms/db';
import { AppError, isAppError } from '@oms/domain';
import { testBackends, type TestDatabase } from '@oms/db/testing';
import { extractTerms, normalizeText, type OntologyTerm } from '@oms/ontology-tools';
import { createServiceContext, type ServiceContext } from '../src/context.js';
import { createOntology } from '../src/ontologies/create-ontology.js';
import { updateOntology } from '../src/ontologies/update-ontology.js';
import { listOntologyTerms, searchTerms } from '../src/terms/search-terms.js';
import { readTerm } from '../src/terms/read-term.js';
import { readCommitChanges, readTermHistory } from '../src/terms/term-history.js';
import { backfillOntologyTerms } from '../src/terms/backfill-terms.js';
import { indexCommitTermsInParts, writeClaimedTermsInParts } from '../src/terms/index-terms-in-parts.js';
import { claimCommitTerms } from '../src/terms/terms-claim.js';
import { startTermsBackfill } from '../src/terms/terms-backfill-runner.js';
import { ACCOUNT, commitRowsOf, createOwnerDatabase, HEART, owner, PREFIXES, silent, TERMS_TEST_CONFIG, VALVE } from './support/terms-fixture.js';

/**
 * Writers beat every 500 ms here: a claim is silent after 1.5 s (short for the tests, long enough
 * that a loaded CI machine's event-loop stall does not make a live writer look stopped).
 */
const BEAT_MS = 500;

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

  const commitsOf = (ontologyId: string) => commitRowsOf(db, ontologyId);
  /** A read's answer, or the refusal it gave (its code, terms_status and message). */
  const answerOf = (read: Promise<unknown>) =>
    read.catch((error: unknown) => {
      if (!isAppError(error)) throw error;
      return { refused: error.code, status: error.details?.['terms_status'], message: error.message };
    });
  /** Every terms answer about the ontology, per version. */
  async function answers() {
    const out: Record<string, unknown> = {};
    out.search = await searchTerms(ctx, owner, TermSearchQuery.parse({ q: 'heart', ontology_id: hearts, include_deprecated: 'true' }));
    out.head = await answerOf(listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ include_deprecated: 'true' }), ontologyId: hearts }));
    out['head heart'] = await answerOf(readTerm(ctx, owner, { ...TermQuery.parse({ iri: HEART }), ontologyId: hearts }));
    for (const commit of await commitsOf(hearts)) {
      out[`roots ${commit.seq}`] = await answerOf(listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ commit_id: commit.id, include_deprecated: 'true' }), ontologyId: hearts }));
      out[`children ${commit.seq}`] = await answerOf(
        listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ commit_id: commit.id, parent: 'http://example.org/heart#Organ', include_deprecated: 'true' }), ontologyId: hearts }),
      );
      out[`ranked ${commit.seq}`] = await answerOf(listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ q: 'heart', commit_id: commit.id }), ontologyId: hearts }));
      out[`changes ${commit.seq}`] = await answerOf(readCommitChanges(ctx, owner, { ontologyId: hearts, commitId: commit.id, page: 1, per_page: 100 }));
      out[`heart ${commit.seq}`] = await answerOf(readTerm(ctx, owner, { ...TermQuery.parse({ iri: HEART, commit_id: commit.id }), ontologyId: hearts }));
    }
    for (const iri of [HEART, VALVE]) out[`history ${iri}`] = await readTermHistory(ctx, owner, { ...TermHistoryQuery.parse({ iri }), ontologyId: hearts });
    return out;
  }
  async function forgetTerms(): Promise<void> {
    await db.sql.query(`UPDATE "commits" SET "terms_indexed" = FALSE`);
    for (const table of ['terms', 'term_parents', 'term_child_counts', 'term_changes', 'term_writes', 'term_write_iris']) await db.sql.query(`DELETE FROM "${table}"`);
  }
  /** Commit `seq` (the head) back to pending, its rows gone, as before its terms were written. */
  async function unwrite(seq: number): Promise<void> {
    await db.sql.query(`UPDATE "commits" SET "terms_indexed" = FALSE WHERE "seq" = $1`, [seq]);
    for (const table of ['terms', 'term_parents', 'term_child_counts']) {
      await db.sql.query(`DELETE FROM "${table}" WHERE "from_seq" = $1`, [seq]);
      await db.sql.query(`UPDATE "${table}" SET "to_seq" = NULL WHERE "to_seq" = $1`, [seq]);
    }
    await db.sql.query(`DELETE FROM "term_changes" WHERE "seq" = $1`, [seq]);
  }
  /** The answers as written, then the head (commit 3) back to pending and claimed by a writer of this test. */
  async function headUnwrittenAndClaimed() {
    const whole = await answers();
    await unwrite(3);
    const claim = await claimCommitTerms(parts, hearts, 3);
    if (typeof claim === 'string') throw new Error(`not claimed: ${claim}`);
    return { whole, claim };
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
    db = await createOwnerDatabase(backend);
    const config = { ...TERMS_TEST_CONFIG, heavyWorkThreads: 0, termsWriterBeatMs: BEAT_MS };
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

  it('when the background walk reads a large source then the stored source is pulled by the extraction, never copied to a file, and nothing is left behind', async () => {
    const fresh = await answers();
    await forgetTerms();
    const dir = mkdtempSync(join(tmpdir(), 'oms-terms-dir-'));
    try {
      const seen: string[][] = [];
      const watched = {
        ...parts,
        config: { ...parts.config, uploadDir: dir },
        heavyWork: {
          ...parts.heavyWork,
          termsFile: (...args: Parameters<ServiceContext['heavyWork']['termsFile']>) => {
            seen.push(readdirSync(dir));
            return parts.heavyWork.termsFile(...args);
          },
        },
      };
      expect(await backfillOntologyTerms(watched, hearts)).toEqual({ indexed: 3 });
      expect(seen).toEqual([[], [], []]);
      expect(readdirSync(dir)).toEqual([]);
      expect(await answers()).toEqual(fresh);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when the stored source cannot be read then the commit is failed with the read\'s error, no file is left, and a later pass writes it', async () => {
    const whole = await answers();
    await unwrite(3);
    const dir = mkdtempSync(join(tmpdir(), 'oms-terms-dir-'));
    try {
      const lost = new Error('the store lost its connection');
      const unreadable = {
        ...parts,
        config: { ...parts.config, uploadDir: dir },
        db: { ...parts.db, sessions: { kind: parts.db.sessions.kind, acquire: () => Promise.reject(lost) } },
      };
      expect(await backfillOntologyTerms(unreadable, hearts)).toEqual({ indexed: 0, blocked: { seq: 3, reason: expect.stringContaining('the store lost its connection') } });
      expect(await headTermsStatus(db.sql, hearts)).toBe('failed');
      expect(await rowsOf(3)).toBe(0);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await backfillOntologyTerms(parts, hearts)).toEqual({ indexed: 1 });
    expect(await answers()).toEqual(whole);
  });

  it('when a version is half written then readers see the version before it, and the whole version once its last part is written', async () => {
    const whole = await answers();
    await unwrite(3);
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
  it('when a writer stopped with its claim held then the start-up pass takes the claim over within three beats, takes back its parts and writes the commit', async () => {
    // A writer that wrote two parts, then its process was killed: its claim stays, nothing beats it.
    const { whole, claim } = await headUnwrittenAndClaimed();
    const killed = new Promise<never>(() => undefined);
    async function* twoPartsThenKilled(): AsyncGenerator<OntologyTerm[]> {
      let count = 0;
      for await (const part of onePerPart(V3)) {
        if (count++ === 2) await killed;
        yield part;
      }
    }
    void writeClaimedTermsInParts(claim, twoPartsThenKilled());
    while ((await db.sql.query(`SELECT 1 FROM "term_write_iris" WHERE "seq" = 3`)).length < 2) await new Promise((r) => setTimeout(r, 10));
    claim.stop();
    expect(await rowsOf(3)).toBeGreaterThan(1);
    expect(await headTermsStatus(db.sql, hearts)).toBe('indexing');

    const started = Date.now();
    const pass = startTermsBackfill(parts, { logger: silent });
    expect(await pass.done).toMatchObject({ commits: 1, blocked: 0, failed: 0 });
    // Taken over after the silence (3 beats), not after the minutes a silent claim used to hold.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(await headTermsStatus(db.sql, hearts)).toBe('ready');
    expect(await answers()).toEqual(whole);
    expect(await db.sql.query(`SELECT * FROM "term_writes" UNION ALL SELECT NULL, NULL, "iri", NULL FROM "term_write_iris"`)).toEqual([]);
  });

  it('when a live writer extracts for longer than three beats then its timer keeps the claim: another writer finds it busy and the walk leaves the commit to it', async () => {
    const { whole, claim } = await headUnwrittenAndClaimed();
    // No part written for five beats (a long extraction): only the timer beats.
    await new Promise((resolve) => setTimeout(resolve, 5 * BEAT_MS));
    expect(await indexCommitTermsInParts(ctx, hearts, 3, onePerPart(V3))).toBe('busy');
    expect(await backfillOntologyTerms(ctx, hearts)).toEqual({ indexed: 0 });
    expect(await headTermsStatus(db.sql, hearts)).toBe('indexing');
    expect(await writeClaimedTermsInParts(claim, onePerPart(V3))).toBe('indexed');
    expect(await answers()).toEqual(whole);
  });

  it('when a transaction of a write runs longer than three beats then the claim does not look silent meanwhile', async () => {
    const { whole, claim } = await headUnwrittenAndClaimed();
    const long = claim.inTransaction(() => new Promise((resolve) => setTimeout(resolve, 6 * BEAT_MS)), { maxWait: 10_000, timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 5 * BEAT_MS));
    // PostgreSQL: the timer beats beside the transaction; PGlite: this read waits for it, which beats at its end.
    expect(await termsWriteClaim(db.sql, hearts, 3, 3 * BEAT_MS)).toMatchObject({ writer: claim.writer, silent: false });
    await long;
    expect(await writeClaimedTermsInParts(claim, onePerPart(V3))).toBe('indexed');
    expect(await answers()).toEqual(whole);
  });

  it('when a CURIE is read at a version named head that a newer commit has ended since then the term is still found', async () => {
    // A read took the scope while version 2 was the head; version 3 (Valve moved) was committed before its query ran.
    const stale = { key: normalizeText('ex:Valve'), head: true };
    expect(await findVersionTerm(db.sql, hearts, 2, 'ex:Valve', stale)).toMatchObject({ iri: VALVE, parents: ['http://example.org/heart#Heart'] });
    expect(await findVersionTermIri(db.sql, hearts, 2, 'ex:Valve', stale)).toBe(VALVE);
  });

  it('when a live writer holds the ontology in one long transaction then another claim finds it busy at once, without waiting for the lock', async () => {
    const { whole, claim } = await headUnwrittenAndClaimed();
    // As a one-transaction write of many terms: it holds the ontology's row lock for its whole length.
    let ended = false;
    const long = claim
      .inTransaction(() => new Promise((resolve) => setTimeout(resolve, 8 * BEAT_MS)), { maxWait: 10_000, timeout: 30_000 })
      .finally(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, BEAT_MS));
    expect(await claimCommitTerms(parts, hearts, 3)).toBe('busy');
    // PostgreSQL answers beside the lock (a walk waiting on it past its own transaction's bound marked the commit failed);
    // PGlite has one connection, so there every query waits for the transaction.
    if (backend !== 'pglite') expect(ended).toBe(false);
    await long;
    expect(await writeClaimedTermsInParts(claim, onePerPart(V3))).toBe('indexed');
    expect(await answers()).toEqual(whole);
  });

  it('when the head is pending then head reads answer the last ready version under its own name, and reads of the pending version are 409', async () => {
    const commits = await commitsOf(hearts);
    const [, second, third] = commits;
    if (!second || !third) throw new Error('three commits expected');
    await unwrite(3);
    const head = await listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ include_deprecated: 'true' }), ontologyId: hearts });
    expect(head.data.length).toBeGreaterThan(0);
    for (const item of head.data) expect(item).toMatchObject({ version: second.version, commit_id: second.id });
    expect(head).toEqual(await listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ include_deprecated: 'true', commit_id: second.id }), ontologyId: hearts }));
    expect(await readTerm(ctx, owner, { ...TermQuery.parse({ iri: HEART }), ontologyId: hearts })).toMatchObject({ version: second.version, commit_id: second.id });

    const refused = { refused: 'conflict', status: 'indexing', message: expect.stringMatching(new RegExp(`terms of version ${third.version} .* are still being indexed.*retry.*head or an earlier version`, "i")) };
    for (const ref of [third.id, third.version]) {
      expect(await answerOf(listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({ commit_id: ref }), ontologyId: hearts }))).toEqual(refused);
      expect(await answerOf(readTerm(ctx, owner, { ...TermQuery.parse({ iri: HEART, commit_id: ref }), ontologyId: hearts }))).toEqual(refused);
    }
    expect(await answerOf(readCommitChanges(ctx, owner, { ontologyId: hearts, commitId: third.id, page: 1, per_page: 10 }))).toEqual(refused);
    expect(await readTermHistory(ctx, owner, { ...TermHistoryQuery.parse({ iri: VALVE }), ontologyId: hearts })).toMatchObject({ pagination: { total: 2 } });

    // Failed: said so, with why.
    await db.sql.query(`UPDATE "commits" SET "terms_error" = 'the worker stopped' WHERE "seq" = 3`);
    expect(await answerOf(readTerm(ctx, owner, { ...TermQuery.parse({ iri: HEART, commit_id: third.id }), ontologyId: hearts }))).toEqual({
      refused: 'conflict',
      status: 'failed',
      message: expect.stringContaining('could not be indexed: the worker stopped'),
    });
    // No version with terms: the head is a 409 too (not an empty list under the head's name).
    await db.sql.query(`UPDATE "commits" SET "terms_indexed" = FALSE, "terms_error" = NULL`);
    const none = await answerOf(listOntologyTerms(ctx, owner, { ...OntologyTermsQuery.parse({}), ontologyId: hearts }));
    expect(none).toEqual({ refused: 'conflict', status: 'indexing', message: expect.stringContaining('No version of this ontology has its terms yet') });
    expect(new AppError('conflict').httpStatus).toBe(409);

    await forgetTerms();
    expect(await backfillOntologyTerms(ctx, hearts)).toEqual({ indexed: 3 });
    expect((await readTerm(ctx, owner, { ...TermQuery.parse({ iri: HEART }), ontologyId: hearts })).commit_id).toBe(third.id);
  });

  it('when a half-written version is taken back then each transaction clears one batch, readers keep the last ready version, and a clear stopped half way is finished by the next', async () => {
    const whole = await answers();
    // Version 3 written but not marked: as a writer that stopped before its last part leaves it.
    await db.sql.query(`UPDATE "commits" SET "terms_indexed" = FALSE WHERE "seq" = 3`);
    const pending = await answers();
    expect(pending['head']).toEqual(pending['roots 2']);
    const rows = await rowsOf(3);
    expect(rows).toBeGreaterThan(5);
    const leftOf3 = async (sql: TermSql) => {
      const [left] = await sql.query<{ n: string }>(
        `SELECT (SELECT count(*) FROM "terms" WHERE "from_seq" >= 3 OR "to_seq" >= 3) + (SELECT count(*) FROM "term_changes" WHERE "seq" >= 3)
          + (SELECT count(*) FROM "term_child_counts" WHERE "from_seq" >= 3 OR "to_seq" >= 3) AS "n"`,
      );
      return Number(left?.n);
    };
    let transactions = 0;
    const counted =
      (stopAt: number) =>
      <T>(work: (sql: TermSql) => Promise<T>): Promise<T> =>
        db.prisma.$transaction(async (tx) => {
          transactions += 1;
          if (transactions === stopAt) throw new Error('the process stopped');
          const sql = termSqlOf(tx);
          const before = await leftOf3(sql);
          const result = await work(sql);
          // Each transaction clears one key's rows (one IRI: its states, its child counts, its change), never the whole version.
          expect(before - (await leftOf3(sql))).toBeLessThanOrEqual(4);
          return result;
        });
    await expect(clearTermsFrom(counted(5), hearts, 3, { batch: 1 })).rejects.toThrow('the process stopped');
    const half = await rowsOf(3);
    expect(half).toBeLessThan(rows);
    expect(half).toBeGreaterThan(0);
    expect(await answers()).toEqual(pending);
    transactions = 0;
    await clearTermsFrom(counted(0), hearts, 3, { batch: 1 });
    expect(transactions).toBeGreaterThan(5);
    expect(await rowsOf(3)).toBe(0);
    expect(await answers()).toEqual(pending);
    expect(await backfillOntologyTerms(parts, hearts)).toEqual({ indexed: 1 });
    expect(await answers()).toEqual(whole);
  });
});
