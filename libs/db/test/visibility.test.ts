// One visibility rule in three forms: `canSee` (@oms/domain, for loaded rows), `visibleTo`
// (Prisma) and `visibleToUserSql` (SQL). For every case of ontology (public or private, of the
// viewer's account or not), of viewer (member, member of another account only, member of nothing,
// no such user) and for the ontology itself, its commits, the lists and a child's parent_id (a
// parent hidden or not), the three forms and the repositories built on them decide alike on a
// real database, and as SPEC 2.1 says.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { canSee, visibleParentId, type Viewer } from '@oms/domain';
import {
  accountIdsOfUser,
  findCommitMetaWithOntology,
  findVisibleOntologyForUser,
  findVisibleOntologyRow,
  listOntologyPage,
  visibilityFactsOf,
} from '../src/index.js';
import { visibleTo, visibleToUserSql } from '../src/visibility.js';
import { createTestDatabase, testBackends, type TestDatabase } from '../src/testing.js';

const id = (n: number) => `0190b000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const OWNER_ACCOUNT = id(1);
const OTHER_ACCOUNT = id(2);

const VIEWERS = {
  'a member of the owning account': id(11),
  'a member of another account only': id(12),
  'a user with no memberships': id(13),
  'an id of no user': id(14),
} as const;
type ViewerName = keyof typeof VIEWERS;

const ONTOLOGIES = {
  'a public ontology': { id: id(21), accountId: OWNER_ACCOUNT, visibility: 'public' },
  'a private ontology': { id: id(22), accountId: OWNER_ACCOUNT, visibility: 'private' },
  'a private ontology of the other account': { id: id(23), accountId: OTHER_ACCOUNT, visibility: 'private' },
} as const;
type OntologyName = keyof typeof ONTOLOGIES;

/** SPEC 2.1, written out case by case: what each form must answer. */
const EXPECTED: Record<OntologyName, Record<ViewerName, boolean>> = {
  'a public ontology': {
    'a member of the owning account': true,
    'a member of another account only': true,
    'a user with no memberships': true,
    'an id of no user': true,
  },
  'a private ontology': {
    'a member of the owning account': true,
    'a member of another account only': false,
    'a user with no memberships': false,
    'an id of no user': false,
  },
  'a private ontology of the other account': {
    'a member of the owning account': true,
    'a member of another account only': true,
    'a user with no memberships': false,
    'an id of no user': false,
  },
};

/** A public child of each ontology, in the other account (its parent_id is what is checked). */
const childOf = (ontologyId: string) => id(Number(ontologyId.slice(-2)) + 100);
/** Each ontology has two commits: the first (superseded) and the head. */
const commitsOf = (ontologyId: string) => [1, 2].map((seq) => id(Number(ontologyId.slice(-2)) * 10 + seq + 1000));

async function seed(db: TestDatabase): Promise<void> {
  const p = db.prisma;
  const [member, otherMember, loner] = [VIEWERS['a member of the owning account'], VIEWERS['a member of another account only'], VIEWERS['a user with no memberships']];
  for (const [n, userId] of [member, otherMember, loner].entries()) {
    await p.user.create({ data: { id: userId, email: `viewer-${n}@example.com`, name: `Viewer ${n}`, passwordHash: 'x' } });
  }
  await p.account.create({ data: { id: OWNER_ACCOUNT, name: 'Owner', ownerId: member } });
  await p.account.create({ data: { id: OTHER_ACCOUNT, name: 'Other', ownerId: otherMember } });
  await p.accountUser.createMany({
    data: [
      { id: id(31), accountId: OWNER_ACCOUNT, userId: member, role: 'admin' },
      { id: id(32), accountId: OTHER_ACCOUNT, userId: member, role: 'member' },
      { id: id(33), accountId: OTHER_ACCOUNT, userId: otherMember, role: 'admin' },
    ],
  });
  const row = { title: 't', sourceFormat: 'other', version: '1.0.1', headHash: 'h2', headSeq: 2 };
  for (const ontology of Object.values(ONTOLOGIES)) {
    await p.ontology.create({ data: { ...row, ...ontology } });
    const [first = '', head = ''] = commitsOf(ontology.id);
    const commit = { ontologyId: ontology.id, message: 'm', sourceFormat: 'other', authorId: member };
    await p.commit.create({ data: { ...commit, id: first, seq: 1, commitHash: 'h1', status: 'superseded', version: '1.0.0' } });
    await p.commit.create({ data: { ...commit, id: head, seq: 2, parentHash: 'h1', commitHash: 'h2', status: 'applied', version: '1.0.1' } });
    const child = { ...row, id: childOf(ontology.id), accountId: OTHER_ACCOUNT, visibility: 'public', parentId: ontology.id, headSeq: 1 };
    await p.ontology.create({ data: child });
    await p.commit.create({ data: { ...commit, ontologyId: child.id, id: id(Number(child.id.slice(-3)) + 2000), seq: 1, commitHash: 'h2', status: 'applied', version: '1.0.1' } });
  }
}

const backends = testBackends();

describe.each(backends)('the visibility rule on %s', (backend) => {
  let db: TestDatabase;
  // In beforeEach, once: a setup that fails then fails every test (a failing beforeAll only skips them,
  // which the mutation run would count as a surviving mutant).
  let settingUp: Promise<void> | undefined;
  const setUp = async (): Promise<void> => {
    db = await createTestDatabase({ backend });
    await seed(db);
  };
  beforeEach(() => (settingUp ??= setUp()));
  afterAll(async () => {
    await db?.dispose();
  });

  const sqlSees = async (ontologyId: string, userId: string) =>
    (await db.sql.query(`SELECT 1 FROM "ontologies" o WHERE o."id" = $1::uuid AND ${visibleToUserSql('o', '$2')}`, [ontologyId, userId])).length === 1;
  const sqlSeesCommit = async (commitId: string, userId: string) =>
    (
      await db.sql.query(
        `SELECT 1 FROM "commits" c JOIN "ontologies" o ON o."id" = c."ontology_id" WHERE c."id" = $1::uuid AND ${visibleToUserSql('o', '$2')}`,
        [commitId, userId],
      )
    ).length === 1;

  const cases = Object.keys(ONTOLOGIES).flatMap((ontology) => Object.keys(VIEWERS).map((viewer) => [viewer, ontology] as [ViewerName, OntologyName]));

  it.each(cases)('when %s looks at %s then the domain, Prisma and SQL forms agree with SPEC 2.1', async (viewerName, ontologyName) => {
    const userId = VIEWERS[viewerName];
    const ontology = ONTOLOGIES[ontologyName];
    const expected = EXPECTED[ontologyName][viewerName];
    const viewer: Viewer = { memberOf: await accountIdsOfUser(db.prisma, userId) };

    // The ontology itself.
    const loaded = await db.prisma.ontology.findUniqueOrThrow({ where: { id: ontology.id } });
    expect(canSee(loaded, viewer), 'domain').toBe(expected);
    expect((await findVisibleOntologyRow(db.prisma, ontology.id, viewer)) !== null, 'Prisma').toBe(expected);
    expect(await sqlSees(ontology.id, userId), 'SQL').toBe(expected);
    const listed = await listOntologyPage(db.prisma, { scope: { visibleTo: viewer } }, { skip: 0, take: 100 });
    expect(listed.rows.some((row) => row.id === ontology.id), 'Prisma, listed').toBe(expected);
    expect((await findVisibleOntologyForUser(db.sql, ontology.id, userId)) !== null, 'SQL single read').toBe(expected);

    // Its commits, superseded and head.
    for (const commitId of commitsOf(ontology.id)) {
      const commit = await findCommitMetaWithOntology(db.prisma, commitId);
      expect(commit && canSee(commit.ontology, viewer), `domain, commit ${commitId}`).toBe(expected);
      expect((await db.prisma.commit.count({ where: { id: commitId, ontology: visibleTo(viewer) } })) === 1, `Prisma, commit ${commitId}`).toBe(expected);
      expect(await sqlSeesCommit(commitId, userId), `SQL, commit ${commitId}`).toBe(expected);
    }

    // A visible child of it: parent_id reads the parent's id exactly when the parent is visible.
    const child = await db.prisma.ontology.findUniqueOrThrow({ where: { id: childOf(ontology.id) } });
    const parents = await visibilityFactsOf(db.prisma, [ontology.id]);
    const shownParent = expected ? ontology.id : null;
    expect(visibleParentId(child.parentId, parents.get(ontology.id), viewer), 'domain, parent_id').toBe(shownParent);
    expect((await findVisibleOntologyForUser(db.sql, child.id, userId))?.parentId, 'SQL, parent_id').toBe(shownParent);
    const listedUnderParent = await listOntologyPage(db.prisma, { scope: { visibleTo: viewer }, parent: { id: ontology.id, visibleTo: viewer } }, { skip: 0, take: 100 });
    expect(listedUnderParent.total === 1, 'Prisma, ?parent_id').toBe(expected);
  });
});

describe('visibleToUserSql', () => {
  it('when the alias is not a plain lower-case SQL name, or is the name it uses inside, then it is refused', () => {
    for (const alias of ['O', '1o', '_o', 'o;drop', 'o x', ' o', 'o.', '', 'visibility_member']) {
      expect(() => visibleToUserSql(alias, '$1'), alias).toThrow(`not a usable SQL alias: ${alias}`);
    }
    for (const alias of ['o', 'o_1', 'parent2']) expect(visibleToUserSql(alias, '$2'), alias).toContain(`${alias}."account_id"`);
  });
});
