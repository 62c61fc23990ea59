// Proves that prisma/schema.prisma and the SQL migrations agree: every model's scalar fields
// are exactly its table's columns, and every model round-trips a full row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaNamespace } from '../src/index.js';
import { createTestDatabase, type TestDatabase } from '../src/testing.js';

const TABLES: Record<string, string> = {
  User: 'users',
  ApiToken: 'api_tokens',
  Account: 'accounts',
  AccountUser: 'account_users',
  NotificationToken: 'notification_tokens',
  Ontology: 'ontologies',
  Commit: 'commits',
  Term: 'terms',
  TermChange: 'term_changes',
  TermParent: 'term_parents',
  TermChildCount: 'term_child_counts',
  TermWrite: 'term_writes',
  TermWriteIri: 'term_write_iris',
  AppSecret: 'app_secrets',
  OidcPayload: 'oidc_payloads',
  WebSession: 'web_sessions',
};

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.dispose();
});

describe('schema and migrations', () => {
  it('when the database is migrated then every model of the schema has a table', () => {
    expect(Object.keys(TABLES).sort()).toEqual(Object.values(PrismaNamespace.ModelName).sort());
  });

  it('when the columns are compared then each table has exactly the scalar fields of its model', async () => {
    for (const [model, table] of Object.entries(TABLES)) {
      const fieldEnum: Record<string, string> | undefined = Reflect.get(PrismaNamespace, `${model}ScalarFieldEnum`);
      expect(fieldEnum, model).toBeDefined();
      const expected = Object.values(fieldEnum ?? {}).map(snake).sort();
      const rows = await db.sql.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
        [table],
      );
      expect(rows.map((row) => row.column_name).sort(), table).toEqual(expected);
    }
  });

  it('when a row of every model is written then it reads back unchanged', async () => {
    const p = db.prisma;
    const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
    const user = await p.user.create({
      data: { id: id(1), email: 'a@example.com', name: 'A', passwordHash: 'h', otpSecret: 's', otpEnabled: true, otpLastStep: 5n },
    });
    expect(await p.user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(user);
    const token = await p.apiToken.create({ data: { id: id(2), userId: user.id, name: 't', tokenHash: 'x', lastUsedAt: new Date() } });
    expect(await p.apiToken.findUniqueOrThrow({ where: { id: token.id } })).toEqual(token);
    const account = await p.account.create({ data: { id: id(3), name: 'acc', personal: true, ownerId: user.id } });
    expect(await p.account.findUniqueOrThrow({ where: { id: account.id } })).toEqual(account);
    const member = await p.accountUser.create({ data: { id: id(4), accountId: account.id, userId: user.id, role: 'admin' } });
    expect(await p.accountUser.findUniqueOrThrow({ where: { id: member.id } })).toEqual(member);
    const device = await p.notificationToken.create({ data: { id: id(5), userId: user.id, token: 'dev', platform: 'ios' } });
    expect(await p.notificationToken.findUniqueOrThrow({ where: { id: device.id } })).toEqual(device);
    const ontology = await p.ontology.create({
      data: {
        id: id(6), accountId: account.id, parentId: null, title: 'T', description: 'D', visibility: 'private',
        sourceFormat: 'turtle', version: '1.0.0', headHash: 'sha256:00', headSeq: 1,
      },
    });
    expect(await p.ontology.findUniqueOrThrow({ where: { id: ontology.id } })).toEqual(ontology);
    const commit = await p.commit.create({
      data: {
        id: id(7), ontologyId: ontology.id, seq: 1, parentHash: null, commitHash: 'sha256:00', message: 'm',
        sourceFormat: 'turtle', status: 'applied', version: '1.0.0', authorId: user.id,
        metrics: { bytes: 15, lines: 1, rdf: { triples: 0, imports: [] } },
      },
    });
    expect(await p.commit.findUniqueOrThrow({ where: { id: commit.id } })).toEqual(commit);
    const secret = await p.appSecret.create({ data: { name: 'k', value: 'v' } });
    expect(await p.appSecret.findUniqueOrThrow({ where: { name: 'k' } })).toEqual(secret);
    const payload = await p.oidcPayload.create({
      data: { id: 'p1', type: 'Grant', payload: { a: 1 }, grantId: 'g', userCode: 'u', uid: 'i', expiresAt: new Date(), consumedAt: new Date() },
    });
    expect(await p.oidcPayload.findUniqueOrThrow({ where: { id_type: { id: 'p1', type: 'Grant' } } })).toEqual(payload);
    const session = await p.webSession.create({ data: { id: 's1', userId: user.id, csrfToken: 'c', expiresAt: new Date() } });
    expect(await p.webSession.findUniqueOrThrow({ where: { id: 's1' } })).toEqual(session);
  });

  it('when a second applied commit is written for one ontology then the database refuses it', async () => {
    const p = db.prisma;
    const ontologyId = '0190a000-0000-7000-8000-000000000006';
    await expect(
      p.commit.create({
        data: {
          id: '0190a000-0000-7000-8000-000000000099', ontologyId, seq: 2, commitHash: 'sha256:01', message: 'm',
          sourceFormat: 'turtle', status: 'applied', version: '1.0.1', authorId: ontologyId,
        },
      }),
    ).rejects.toThrow();
  });
});
