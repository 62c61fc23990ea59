// The ontology use cases on a real database: create, update and delete with their versions,
// the commit hash chain, If-Match, and who may see and change a private ontology.
import { describe, expect, it } from 'vitest';
import { computeCommitHash, findBrokenLink } from '@oms/domain';
import { commitsOldestFirst } from '@oms/db';
import { testBackends } from '@oms/db/testing';
import { callerFor, createOntology, deleteOntology, updateOntology, visibleOntologyOr404, type Caller } from '../src/index.js';
import { codeOf, seedTeam, seedUser, TURTLE, useServiceContext } from './support/service-fixture.js';

const TURTLE_2 = `${TURTLE}ex:d ex:e ex:f .\n`;
const TURTLE_3 = `${TURTLE_2}ex:g ex:h ex:i .\n`;

describe.each(testBackends())('ontology writes on %s', (backend) => {
  const fixture = useServiceContext(backend);

  /** A team of an owner (admin) and a member, an outsider, and each as a caller. */
  async function people(): Promise<{ team: string; owner: Caller; member: Caller; outsider: Caller }> {
    const [owner, member, outsider] = [await seedUser(fixture.ctx, 'Owner'), await seedUser(fixture.ctx, 'Member'), await seedUser(fixture.ctx, 'Outsider')];
    const team = await seedTeam(fixture.ctx, owner, [[member, 'member']]);
    const db = fixture.ctx.db.prisma;
    return { team, owner: await callerFor(db, owner.actor), member: await callerFor(db, member.actor), outsider: await callerFor(db, outsider.actor) };
  }

  const history = (ontologyId: string) => commitsOldestFirst(fixture.db.prisma, ontologyId);

  it('when an ontology is created without an account then it is in the caller\'s personal account, public, 1.0.0, with one applied commit', async () => {
    const user = await seedUser(fixture.ctx);
    const caller = await callerFor(fixture.ctx.db.prisma, user.actor);
    const created = await createOntology(fixture.ctx, caller, { title: 'Mine', source: TURTLE, source_format: 'turtle' });
    expect(created).toMatchObject({ accountId: user.personalAccountId, visibility: 'public', version: '1.0.0', headSeq: 1, parentId: null });
    const [first, ...rest] = await history(created.id);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ seq: 1, parentHash: null, commitHash: created.headHash, version: '1.0.0', authorId: user.id, source: TURTLE });
    expect(first?.commitHash).toBe(
      computeCommitHash({ parentHash: null, sourceFormat: 'turtle', version: '1.0.0', message: first?.message ?? '', authorId: user.id, source: TURTLE }),
    );
  });

  it('when an ontology is created in an account the caller is not a member of then it is 422 on account_id and nothing is written', async () => {
    const { team, outsider } = await people();
    const outcome = createOntology(fixture.ctx, outsider, { account_id: team, title: 'Intruder', source: TURTLE, source_format: 'turtle' });
    await expect(outcome).rejects.toMatchObject({ code: 'validation_failed', fieldErrors: { account_id: [expect.any(String)] } });
    expect(await fixture.db.prisma.ontology.count({ where: { title: 'Intruder' } })).toBe(0);
  });

  it('when the caller was removed from the account after being read then the create is refused inside its transaction as for a non-member', async () => {
    const { team, member } = await people();
    await fixture.db.prisma.accountUser.deleteMany({ where: { accountId: team, userId: member.userId } });
    const outcome = createOntology(fixture.ctx, member, { account_id: team, title: 'Stale', source: TURTLE, source_format: 'turtle' });
    await expect(outcome).rejects.toMatchObject({ code: 'validation_failed', fieldErrors: { account_id: ['is not an account you belong to'] } });
    expect(await fixture.db.prisma.ontology.count({ where: { title: 'Stale' } })).toBe(0);
  });

  it('when the source changes three times then the versions count up, each commit names its parent\'s hash and the chain verifies', async () => {
    const { team, owner, member } = await people();
    const created = await createOntology(fixture.ctx, owner, { account_id: team, title: 'Chain', source: TURTLE, source_format: 'turtle', version: '2.0.0' });
    expect(created.accountId).toBe(team);
    await updateOntology(fixture.ctx, member, created.id, { changes: { source: TURTLE_2 } });
    await updateOntology(fixture.ctx, owner, created.id, { changes: { source: TURTLE_3 }, versionBump: 'minor', message: 'minor change' });
    const last = await updateOntology(fixture.ctx, owner, created.id, { changes: { source: TURTLE }, version: '3.0.0' });
    const commits = await history(created.id);
    expect(commits.map((commit) => [commit.seq, commit.version, commit.status])).toEqual([
      [1, '2.0.0', 'superseded'],
      [2, '2.0.1', 'superseded'],
      [3, '2.1.0', 'superseded'],
      [4, '3.0.0', 'applied'],
    ]);
    expect(commits.slice(1).map((commit) => commit.parentHash)).toEqual(commits.slice(0, -1).map((commit) => commit.commitHash));
    expect(findBrokenLink(commits)).toBe(-1);
    expect(commits[2]?.message).toBe('minor change');
    expect(commits[1]?.authorId).toBe(member.userId);
    expect(last).toMatchObject({ version: '3.0.0', headSeq: 4, headHash: commits[3]?.commitHash });
  });

  it('when only the title changes then no commit is made and the version stays; an explicit version not above the current one is 422', async () => {
    const { owner } = await people();
    const created = await createOntology(fixture.ctx, owner, { title: 'Meta', source: TURTLE, source_format: 'turtle' });
    const renamed = await updateOntology(fixture.ctx, owner, created.id, { changes: { title: 'Meta, renamed', source: TURTLE } });
    expect(renamed).toMatchObject({ title: 'Meta, renamed', version: '1.0.0', headHash: created.headHash });
    expect(await history(created.id)).toHaveLength(1);
    const lower = updateOntology(fixture.ctx, owner, created.id, { changes: { source: TURTLE_2 }, version: '1.0.0' });
    await expect(lower).rejects.toMatchObject({ code: 'validation_failed', fieldErrors: { version: [expect.stringContaining('1.0.0')] } });
  });

  it('when If-Match names the head (or *) then the write goes ahead; an older ETag is 412 and changes nothing', async () => {
    const { owner } = await people();
    const created = await createOntology(fixture.ctx, owner, { title: 'Guarded', source: TURTLE, source_format: 'turtle' });
    const first = await updateOntology(fixture.ctx, owner, created.id, { changes: { source: TURTLE_2 }, ifMatch: `"${created.headHash}"` });
    const stale = updateOntology(fixture.ctx, owner, created.id, { changes: { source: TURTLE_3 }, ifMatch: `"${created.headHash}"` });
    expect(await codeOf(stale)).toBe('precondition_failed');
    expect(await codeOf(deleteOntology(fixture.ctx, owner, created.id, `"${created.headHash}"`))).toBe('precondition_failed');
    expect(await history(created.id)).toHaveLength(2);
    const listed = await updateOntology(fixture.ctx, owner, created.id, { changes: { source: TURTLE_3 }, ifMatch: `"stale", "${first.headHash}"` });
    expect(listed.version).toBe('1.0.2');
    expect((await updateOntology(fixture.ctx, owner, created.id, { changes: { source: TURTLE }, ifMatch: '*' })).version).toBe('1.0.3');
    await deleteOntology(fixture.ctx, owner, created.id, '*');
    expect(await fixture.db.prisma.ontology.count({ where: { id: created.id } })).toBe(0);
  });

  it('when an ontology is private then only members of its account see it; to others it is 404 like a missing one', async () => {
    const { team, owner, member, outsider } = await people();
    const created = await createOntology(fixture.ctx, owner, { account_id: team, title: 'Secret', source: TURTLE, source_format: 'turtle', visibility: 'private' });
    expect((await visibleOntologyOr404(fixture.ctx.db.prisma, member, created.id)).title).toBe('Secret');
    expect(await codeOf(visibleOntologyOr404(fixture.ctx.db.prisma, outsider, created.id))).toBe('not_found');
    expect(await codeOf(updateOntology(fixture.ctx, outsider, created.id, { changes: { title: 'Mine now' } }))).toBe('not_found');
    expect(await codeOf(deleteOntology(fixture.ctx, outsider, created.id))).toBe('not_found');
    await updateOntology(fixture.ctx, owner, created.id, { changes: { visibility: 'public' } });
    expect((await visibleOntologyOr404(fixture.ctx.db.prisma, outsider, created.id)).title).toBe('Secret');
    expect(await codeOf(updateOntology(fixture.ctx, outsider, created.id, { changes: { title: 'Mine now' } }))).toBe('forbidden');
    expect(await codeOf(deleteOntology(fixture.ctx, outsider, created.id))).toBe('forbidden');
  });

  it('when a member deletes an ontology then it and its commits are gone and its children become roots', async () => {
    const { team, owner, member } = await people();
    const parent = await createOntology(fixture.ctx, owner, { account_id: team, title: 'Parent', source: TURTLE, source_format: 'turtle' });
    const child = await createOntology(fixture.ctx, owner, { account_id: team, title: 'Child', source: TURTLE, source_format: 'turtle', parent_id: parent.id });
    expect(child.parentId).toBe(parent.id);
    await deleteOntology(fixture.ctx, member, parent.id);
    expect(await fixture.db.prisma.commit.count({ where: { ontologyId: parent.id } })).toBe(0);
    expect(await codeOf(visibleOntologyOr404(fixture.ctx.db.prisma, owner, parent.id))).toBe('not_found');
    expect((await visibleOntologyOr404(fixture.ctx.db.prisma, owner, child.id)).parentId).toBeNull();
    expect(await codeOf(deleteOntology(fixture.ctx, member, parent.id))).toBe('not_found');
  });
});
