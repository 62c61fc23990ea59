// The use cases on a real database, without HTTP: a fresh database of one back end (see
// testBackends()) and the service context over it, per test file or suite. Users, teams and
// tokens are written straight to the database (sign-up's argon2 would be most of the time).
//
// Set up in a memoized beforeEach: a set-up that fails then fails every test (a failing
// beforeAll only skips them, which the mutation run counts as a surviving mutant).
import { afterAll, beforeEach } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createAccount, createUser, insertApiToken, insertMembership } from '@oms/db';
import { createTestDatabase, type TestDatabase } from '@oms/db/testing';
import { isAppError } from '@oms/domain';
import { createLogger } from '@oms/platform';
import { createServiceContext, generateApiToken, type Actor, type ServiceConfig, type ServiceContext } from '../../src/index.js';

export const TURTLE = '@prefix ex: <http://example.org/> .\nex:a ex:b ex:c .\n';

/** What apps/rest-api's configFrom gives with SIGN_UP_LIMIT=0 and heavy work on the main thread. */
export const TEST_CONFIG: ServiceConfig = {
  baseUrl: 'http://127.0.0.1:3000',
  registration: 'open',
  signUpLimit: 0,
  heavyWorkThreads: 0,
  heavyWorkHeapMiB: 1024,
  heavyRequestsPerCaller: 2,
};

export type ServiceFixture = { readonly ctx: ServiceContext; readonly db: TestDatabase };

export function useServiceContext(backend: 'pglite' | 'postgres', config: Partial<ServiceConfig> = {}): ServiceFixture {
  let state: { ctx: ServiceContext; db: TestDatabase } | undefined;
  let settingUp: Promise<void> | undefined;
  const setUp = async (): Promise<void> => {
    const db = await createTestDatabase({ backend });
    const ctx = createServiceContext({ config: { ...TEST_CONFIG, ...config }, db, logger: createLogger({ service: 'ontology-service', level: 'silent' }) });
    state = { ctx, db };
  };
  beforeEach(() => (settingUp ??= setUp()));
  afterAll(async () => {
    await state?.ctx.heavyWork.close();
    await state?.db.dispose();
  });
  const current = () => {
    if (!state) throw new Error('useServiceContext: not set up yet (use it inside tests)');
    return state;
  };
  return {
    get ctx() {
      return current().ctx;
    },
    get db() {
      return current().db;
    },
  };
}

/** A user with a personal account and an API token; `actor` acts with that token. */
export type SeededUser = { id: string; name: string; personalAccountId: string; tokenId: string; token: string; actor: Actor };

export async function seedUser(ctx: ServiceContext, name = 'User', passwordHash = 'unusable'): Promise<SeededUser> {
  const id = uuidv7();
  const personalAccountId = uuidv7();
  await createUser(ctx.db.prisma, { id, email: `${name.toLowerCase()}-${id}@example.com`, name, passwordHash });
  await createAccount(ctx.db.prisma, { id: personalAccountId, name, personal: true, ownerId: id, membershipId: uuidv7() });
  const { token, tokenHash } = generateApiToken();
  const tokenId = uuidv7();
  await insertApiToken(ctx.db.prisma, { id: tokenId, userId: id, name: 'seeded', tokenHash });
  return { id, name, personalAccountId, tokenId, token, actor: { userId: id, credential: { kind: 'api_token', id: tokenId } } };
}

/** A team account owned (as admin) by `owner`, with the other members in the roles given; answers its id. */
export async function seedTeam(ctx: ServiceContext, owner: SeededUser, members: [SeededUser, 'admin' | 'member'][] = []): Promise<string> {
  const id = uuidv7();
  await createAccount(ctx.db.prisma, { id, name: `Team of ${owner.name}`, personal: false, ownerId: owner.id, membershipId: uuidv7() });
  for (const [member, role] of members) await insertMembership(ctx.db.prisma, { id: uuidv7(), accountId: id, userId: member.id, role });
  return id;
}

/** The outcome of a use case: its value, or the AppError code it threw. */
export async function codeOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
    return 'ok';
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

/** A promise and what settles it (Promise.withResolvers, which Node 20 lacks). */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}
