// Reads on a real database, scoped to the caller: who the caller is (callerFor), one ontology
// (visibleOntologyRowOr404), the REST list with its filters and title search, children, and
// the agent tools' search. Private ontologies of other accounts never show, nor do hidden parents.
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { testBackends } from '@oms/db/testing';
import {
  callerFor,
  createOntology,
  listChildren,
  listVisibleOntologies,
  notMemberError,
  readOntology,
  updateOntology,
  visibleOntologyRowOr404,
  writableOntologyOr4xx,
  type Caller,
} from '../src/index.js';
import { listOntologiesForTools } from '../src/agent/read-tools.js';
import { codeOf, seedTeam, seedUser, TURTLE, useServiceContext, type SeededUser } from './support/service-fixture.js';

type World = { alice: SeededUser; bob: SeededUser; carol: SeededUser; team: string; ids: Record<'teamPublic' | 'teamPrivate' | 'carolPrivate' | 'childOfPrivate' | 'childOfPublic', string>; as: Record<'alice' | 'bob' | 'carol', Caller> };

describe.each(testBackends())('ontology reads on %s', (backend) => {
  const fixture = useServiceContext(backend);
  let world: Promise<World> | undefined;

  /** Alice (admin) and Bob (member) share a team; Carol is an outsider. Made once for the suite. */
  const seed = async (): Promise<World> => {
    const { ctx } = fixture;
    const [alice, bob, carol] = [await seedUser(ctx, 'Alice'), await seedUser(ctx, 'Bob'), await seedUser(ctx, 'Carol')];
    const team = await seedTeam(ctx, alice, [[bob, 'member']]);
    const asAlice = await callerFor(ctx.db.prisma, alice.actor);
    const asCarol = await callerFor(ctx.db.prisma, carol.actor);
    const make = (caller: Caller, title: string, fields: { account_id?: string; visibility?: 'public' | 'private'; parent_id?: string; description?: string } = {}) =>
      createOntology(ctx, caller, { title, source: TURTLE, source_format: 'turtle', ...fields }).then((created) => created.id);
    const teamPublic = await make(asAlice, 'Team public 100%', { account_id: team, description: 'shared notes' });
    const teamPrivate = await make(asAlice, 'Team private', { account_id: team, visibility: 'private' });
    const ids = {
      teamPublic,
      teamPrivate,
      carolPrivate: await make(asCarol, 'Carol private', { visibility: 'private' }),
      childOfPrivate: await make(asAlice, 'Child of private', { account_id: team, parent_id: teamPrivate }),
      childOfPublic: await make(asAlice, 'Child of public', { account_id: team, parent_id: teamPublic, visibility: 'private' }),
    };
    const as = { alice: asAlice, bob: await callerFor(ctx.db.prisma, bob.actor), carol: asCarol };
    return { alice, bob, carol, team, ids, as };
  };
  const given = () => (world ??= seed());
  const titles = (rows: { title: string }[]) => rows.map((row) => row.title).sort();
  const page = { page: 1, per_page: 50, filter: 'all' } as const;

  it('when a caller is made then it carries the actor and the accounts the user belongs to now', async () => {
    const { bob, team, as } = await given();
    expect(as.bob).toEqual({ userId: bob.id, credential: { kind: 'api_token', id: bob.tokenId }, memberOf: expect.arrayContaining([team, bob.personalAccountId]) });
    expect(as.bob.memberOf).toHaveLength(2);
    expect(await callerFor(fixture.ctx.db.prisma, { userId: uuidv7(), credential: null })).toEqual({ userId: expect.any(String), credential: null, memberOf: [] });
  });

  it('when one ontology is read then members see a private one, others only public ones, and hidden or missing is 404', async () => {
    const { ids, as } = await given();
    const db = fixture.ctx.db.prisma;
    expect((await visibleOntologyRowOr404(db, as.bob, ids.teamPrivate)).title).toBe('Team private');
    expect((await visibleOntologyRowOr404(db, as.carol, ids.teamPublic)).title).toBe('Team public 100%');
    expect(await codeOf(visibleOntologyRowOr404(db, as.carol, ids.teamPrivate))).toBe('not_found');
    expect(await codeOf(visibleOntologyRowOr404(db, as.alice, ids.carolPrivate))).toBe('not_found');
    expect(await codeOf(visibleOntologyRowOr404(db, as.alice, uuidv7()))).toBe('not_found');
    // Without the accounts it belongs to, even a member is an outsider.
    expect(await codeOf(visibleOntologyRowOr404(db, { ...as.bob, memberOf: [] }, ids.teamPrivate))).toBe('not_found');
  });

  it('when a non-member would change an ontology then a public one is 403 and a private one 404', async () => {
    const { ids, as } = await given();
    const db = fixture.ctx.db.prisma;
    expect(await codeOf(writableOntologyOr4xx(db, as.carol, ids.teamPublic))).toBe('forbidden');
    expect(await codeOf(writableOntologyOr4xx(db, as.carol, ids.teamPrivate))).toBe('not_found');
    expect((await writableOntologyOr4xx(db, as.bob, ids.teamPrivate)).title).toBe('Team private');
    expect(notMemberError({ accountId: 'a', visibility: 'public' })).toMatchObject({ code: 'forbidden', message: 'Only members of the owning account can change this ontology.' });
    expect(notMemberError({ accountId: 'a', visibility: 'private' }).code).toBe('not_found');
  });

  it('when the list is read then each caller gets the public ones and their own accounts\' private ones; my_accounts and public narrow it', async () => {
    const { as } = await given();
    const list = async (caller: Caller, filter: 'all' | 'public' | 'my_accounts' = 'all') => titles((await listVisibleOntologies(fixture.ctx, caller, { ...page, filter })).rows);
    expect(await list(as.carol)).toEqual(['Carol private', 'Child of private', 'Team public 100%']);
    expect(await list(as.bob)).toEqual(['Child of private', 'Child of public', 'Team private', 'Team public 100%']);
    expect(await list(as.carol, 'my_accounts')).toEqual(['Carol private']);
    expect(await list(as.carol, 'public')).toEqual(['Child of private', 'Team public 100%']);
    const counted = await listVisibleOntologies(fixture.ctx, as.carol, { page: 1, per_page: 2, filter: 'all' });
    expect(counted.pagination).toMatchObject({ total: 3, total_pages: 2 });
    expect(counted.rows).toHaveLength(2);
  });

  it('when a listed ontology\'s parent is hidden then its parent_id is null for that caller; filtering by that parent finds nothing', async () => {
    const { ids, as } = await given();
    const childFor = async (caller: Caller) =>
      (await listVisibleOntologies(fixture.ctx, caller, page)).rows.find((row) => row.id === ids.childOfPrivate)?.parentId;
    expect(await childFor(as.carol)).toBeNull();
    expect(await childFor(as.bob)).toBe(ids.teamPrivate);
    const byHiddenParent = await listVisibleOntologies(fixture.ctx, as.carol, { ...page, parent_id: ids.teamPrivate.toUpperCase() });
    expect(byHiddenParent.rows).toEqual([]);
    const byParent = await listVisibleOntologies(fixture.ctx, as.bob, { ...page, parent_id: ids.teamPrivate.toUpperCase() });
    expect(titles(byParent.rows)).toEqual(['Child of private']);
  });

  it('when one ontology whose parent is hidden is read then its parent_id is null for that caller, and members see the parent', async () => {
    const { ids, as } = await given();
    expect((await readOntology(fixture.ctx, as.carol, { id: ids.childOfPrivate })).parentId).toBeNull();
    expect((await readOntology(fixture.ctx, as.bob, { id: ids.childOfPrivate })).parentId).toBe(ids.teamPrivate);
  });

  it('when a member changes an ontology whose parent it may not see then the answer names no parent', async () => {
    const { ctx } = fixture;
    const [owner, member] = [await seedUser(ctx, 'Owner'), await seedUser(ctx, 'Member')];
    const shared = await seedTeam(ctx, owner, [[member, 'member']]);
    const asOwner = await callerFor(ctx.db.prisma, owner.actor);
    const hiddenParent = await createOntology(ctx, asOwner, { title: 'Owner private', source: TURTLE, source_format: 'turtle', visibility: 'private' });
    const child = await createOntology(ctx, asOwner, { title: 'Nested child', source: TURTLE, source_format: 'turtle', account_id: shared, parent_id: hiddenParent.id });
    expect(child.parentId).toBe(hiddenParent.id);
    const changed = await updateOntology(ctx, member.actor, child.id, { changes: { title: 'Nested child, renamed' } });
    expect(changed.parentId).toBeNull();
  });

  it('when the list is searched by title then case does not matter and LIKE wildcards match literally', async () => {
    const { as } = await given();
    const search = async (caller: Caller, title: string) => titles((await listVisibleOntologies(fixture.ctx, caller, { ...page, title })).rows);
    expect(await search(as.carol, 'PRIVATE')).toEqual(['Carol private', 'Child of private']);
    expect(await search(as.bob, 'private')).toEqual(['Child of private', 'Team private']);
    expect(await search(as.alice, '100%')).toEqual(['Team public 100%']);
    expect(await search(as.alice, '_eam')).toEqual([]);
  });

  it('when the children of an ontology are listed then only visible ones show, and a hidden parent is 404', async () => {
    const { ids, as } = await given();
    expect(titles((await listChildren(fixture.ctx, as.bob, { ...page, parentId: ids.teamPublic })).rows)).toEqual(['Child of public']);
    expect((await listChildren(fixture.ctx, as.carol, { ...page, parentId: ids.teamPublic })).rows).toEqual([]);
    expect(await codeOf(listChildren(fixture.ctx, as.carol, { ...page, parentId: ids.teamPrivate }))).toBe('not_found');
  });

  it('when an agent searches then titles and descriptions of what the caller may see match', async () => {
    const { as } = await given();
    const search = async (caller: Caller, query: string) => titles((await listOntologiesForTools(fixture.ctx, caller, { limit: 50, offset: 0, query })).ontologies);
    expect(await search(as.carol, 'shared')).toEqual(['Team public 100%']);
    expect(await search(as.carol, 'private')).toEqual(['Carol private', 'Child of private']);
    expect(await search(as.alice, 'carol')).toEqual([]);
  });
});
