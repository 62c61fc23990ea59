// The use cases behind the REST reads and the agent tools, called directly against a real
// database (PGlite, and PostgreSQL when DATABASE_URL is set): what one caller may read, how a
// commit of another ontology or a hidden one looks (404), ids in either case, and the diagram
// rules (ORM only, and whose fault a failed render is).
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '@oms/domain';
import type { DiagramDrawer, DiagramOutcome } from '@oms/contracts';
import { prismaQuery, storeSource } from '@oms/db';
import { createTestDatabase, testBackends, type TestDatabase } from '@oms/db/testing';
import { createLogger } from '@oms/platform';
import { createServiceContext, type ServiceContext } from '../src/context.js';
import type { Actor } from '../src/authorization/actor.js';
import { listAccounts, readAccount } from '../src/accounts/read-accounts.js';
import { revokeApiToken } from '../src/accounts/api-tokens.js';
import { drawDiagram } from '../src/ontologies/draw-diagram.js';
import { listOntologyCommits, readCommitMeta } from '../src/ontologies/ontology-commits.js';
import { readOntology, readOntologyAtMeta, storedSourceText } from '../src/ontologies/read-ontology.js';

const id = (n: number) => `0190c000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const OWNER = id(1);
const STRANGER = id(2);
const ACCOUNT = id(11);
const STRANGER_ACCOUNT = id(12);
const PRIVATE_ORM = id(21);
const PUBLIC_TURTLE = id(22);
const commitOf = (ontologyId: string, seq: number) => id(Number(ontologyId.slice(-2)) * 10 + seq + 100);

const owner: Actor = { userId: OWNER, credential: null };
const stranger: Actor = { userId: STRANGER, credential: null };

async function seed(db: TestDatabase): Promise<void> {
  const p = db.prisma;
  for (const [userId, accountId] of [[OWNER, ACCOUNT], [STRANGER, STRANGER_ACCOUNT]] as const) {
    await p.user.create({ data: { id: userId, email: `${userId}@example.com`, name: 'U', passwordHash: 'x' } });
    await p.account.create({ data: { id: accountId, name: 'A', personal: true, ownerId: userId } });
    await p.accountUser.create({ data: { id: id(Number(accountId.slice(-2)) + 20), accountId, userId, role: 'admin' } });
  }
  const ontologies = [
    { id: PRIVATE_ORM, visibility: 'private', sourceFormat: 'orm' },
    { id: PUBLIC_TURTLE, visibility: 'public', sourceFormat: 'turtle' },
  ];
  for (const o of ontologies) {
    await p.ontology.create({ data: { ...o, accountId: ACCOUNT, title: 't', version: '1.0.1', headHash: `h2-${o.id}`, headSeq: 2 } });
    const commit = { ontologyId: o.id, message: 'm', sourceFormat: o.sourceFormat, authorId: OWNER };
    await p.commit.create({ data: { ...commit, id: commitOf(o.id, 1), seq: 1, commitHash: `h1-${o.id}`, status: 'superseded', version: '1.0.0' } });
    // A source is stored in a transaction (its rows refer to each other, checked at the end).
    await p.$transaction((tx) => storeSource(prismaQuery(tx), { commitId: commitOf(o.id, 1), ontologyId: o.id, source: 'first', baseCommitId: null }));
    await p.commit.create({ data: { ...commit, id: commitOf(o.id, 2), seq: 2, parentHash: `h1-${o.id}`, commitHash: `h2-${o.id}`, status: 'applied', version: '1.0.1' } });
    await p.$transaction((tx) => storeSource(prismaQuery(tx), { commitId: commitOf(o.id, 2), ontologyId: o.id, source: 'head' }));
  }
}

async function refusal(work: Promise<unknown>): Promise<{ code: string; fieldErrors?: Record<string, string[]> | undefined }> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, fieldErrors: error.fieldErrors };
}

const drawn = (outcome: DiagramOutcome): DiagramDrawer => async () => outcome;

describe.each(testBackends())('the read use cases on %s', (backend) => {
  let db: TestDatabase;
  let ctx: ServiceContext;
  let settingUp: Promise<void> | undefined;
  const setUp = async (): Promise<void> => {
    db = await createTestDatabase({ backend });
    await seed(db);
    const config = { baseUrl: 'http://service.test', registration: 'open' as const, signUpLimit: 0, heavyWorkHeapMiB: 64, heavyRequestsPerCaller: 2 };
    ctx = createServiceContext({ config, db, logger: createLogger({ service: 'test', level: 'silent' }) });
  };
  beforeEach(() => (settingUp ??= setUp()));
  /** A commit's stored source, read as the streamed answers read it. */
  const textOf = async (commitId: string) => {
    let text = '';
    for await (const chunk of storedSourceText(ctx, commitId)) text += chunk;
    return text;
  };
  afterAll(async () => {
    await ctx?.heavyWork.close();
    await db?.dispose();
  });

  it('when the owner reads a private ontology then it is there, and a stranger gets 404', async () => {
    expect((await readOntology(ctx, owner, { id: PRIVATE_ORM })).commits[0]?.source).toBe('head');
    expect((await refusal(readOntology(ctx, stranger, { id: PRIVATE_ORM }))).code).toBe('not_found');
    const { commit } = await readOntologyAtMeta(ctx, owner, { id: PRIVATE_ORM, ref: { version: '1.0.0' } });
    expect(await textOf(commit.id)).toBe('first');
    expect((await refusal(readOntologyAtMeta(ctx, stranger, { id: PRIVATE_ORM, ref: { version: '1.0.0' } }))).code).toBe('not_found');
  });

  it('when a commit is read by id then it is found with its ontology, and only there', async () => {
    const head = commitOf(PUBLIC_TURTLE, 2);
    expect(await textOf((await readCommitMeta(ctx, stranger, { commitId: head })).id)).toBe('head');
    expect((await readCommitMeta(ctx, stranger, { commitId: head, ontologyId: PUBLIC_TURTLE })).id).toBe(head);
    expect((await refusal(readCommitMeta(ctx, owner, { commitId: head, ontologyId: PRIVATE_ORM }))).code).toBe('not_found');
    expect((await refusal(readCommitMeta(ctx, stranger, { commitId: commitOf(PRIVATE_ORM, 1) }))).code).toBe('not_found');
  });

  it('when the history is listed then it is newest first, paged, and hidden ontologies have none', async () => {
    const page = await listOntologyCommits(ctx, stranger, { ontologyId: PUBLIC_TURTLE, skip: 0, take: 1 });
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.seq)).toEqual([2]);
    expect((await listOntologyCommits(ctx, owner, { ontologyId: PUBLIC_TURTLE, skip: 0, take: 5, version: '1.0.0' })).rows.map((row) => row.seq)).toEqual([1]);
    expect((await refusal(listOntologyCommits(ctx, stranger, { ontologyId: PRIVATE_ORM, skip: 0, take: 5 }))).code).toBe('not_found');
  });

  it('when accounts are read then only the member sees theirs', async () => {
    expect((await listAccounts(ctx, owner)).map((account) => account.id)).toEqual([ACCOUNT]);
    expect((await readAccount(ctx, owner, { accountId: ACCOUNT })).id).toBe(ACCOUNT);
    expect((await refusal(readAccount(ctx, stranger, { accountId: ACCOUNT }))).code).toBe('not_found');
  });

  it('when a token id is not an id then revoking it answers false without a query', async () => {
    expect(await revokeApiToken(ctx, owner, 'not-an-id')).toBe(false);
  });

  it('when a diagram of an ORM ontology is drawn then the head or the named commit is drawn', async () => {
    const requests: unknown[] = [];
    const draw: DiagramDrawer = async (request) => {
      requests.push(request);
      return { ok: true, svg: '<svg/>', scale: 1 };
    };
    expect((await drawDiagram(ctx, owner, { ontologyId: PRIVATE_ORM, output: 'svg', diagram: '3', draw })).commitHash).toBe(`h2-${PRIVATE_ORM}`);
    const atFirst = await drawDiagram(ctx, owner, { ontologyId: PRIVATE_ORM, commitId: commitOf(PRIVATE_ORM, 1), output: 'png', diagram: 'Main', draw });
    expect(atFirst.commitHash).toBe(`h1-${PRIVATE_ORM}`);
    expect(requests).toEqual([
      { ontologyId: PRIVATE_ORM, commitHash: `h2-${PRIVATE_ORM}`, output: 'svg', diagram: 3 },
      { ontologyId: PRIVATE_ORM, commitHash: `h1-${PRIVATE_ORM}`, output: 'png', diagram: 'Main' },
    ]);
  });

  it('when the ontology is not ORM, hidden, or the commit is not its own then nothing is drawn', async () => {
    const never: DiagramDrawer = async () => {
      throw new Error('must not render');
    };
    const notOrm = await refusal(drawDiagram(ctx, owner, { ontologyId: PUBLIC_TURTLE, output: 'svg', draw: never }));
    expect(notOrm).toEqual({ code: 'validation_failed', fieldErrors: { source_format: ['is turtle; diagrams are drawn for orm sources only'] } });
    expect((await refusal(drawDiagram(ctx, stranger, { ontologyId: PRIVATE_ORM, output: 'svg', draw: never }))).code).toBe('not_found');
    const foreignCommit = drawDiagram(ctx, owner, { ontologyId: PRIVATE_ORM, commitId: commitOf(PUBLIC_TURTLE, 1), output: 'svg', draw: never });
    expect((await refusal(foreignCommit)).code).toBe('not_found');
  });

  it.each([
    ['no_such_diagram', { code: 'validation_failed', fieldErrors: { diagram: ['why'] } }],
    ['unrenderable', { code: 'validation_failed', fieldErrors: { source: ['why'] } }],
    ['timeout', { code: 'unavailable', fieldErrors: undefined }],
    ['unavailable', { code: 'unavailable', fieldErrors: undefined }],
  ] as const)('when the render fails as %s then the caller is told whose fault it is', async (reason, expected) => {
    const outcome: DiagramOutcome = { ok: false, reason, message: 'why', cause: new Error('why') };
    expect(await refusal(drawDiagram(ctx, owner, { ontologyId: PRIVATE_ORM, output: 'png', draw: drawn(outcome) }))).toEqual(expected);
  });
});
