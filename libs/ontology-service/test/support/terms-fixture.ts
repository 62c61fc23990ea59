// What the terms tests on a real database share (terms-in-parts, backfill-terms): one owner with
// a personal account they administer, written straight to a fresh database of one back end, the
// service's configuration for them, and the prefixes and IRIs of their heart ontology.
import { createTestDatabase, type TestDatabase } from '@oms/db/testing';
import { createLogger } from '@oms/platform';
import type { Actor } from '../../src/authorization/actor.js';

export const id = (n: number) => `0190c000-0000-7000-8000-${String(n).padStart(12, '0')}`;
export const OWNER = id(1);
export const ACCOUNT = id(11);
export const owner: Actor = { userId: OWNER, credential: null };
export const silent = createLogger({ service: 'test', level: 'silent' });

/** The service's configuration in these tests (each file adds its own settings). */
export const TERMS_TEST_CONFIG = {
  baseUrl: 'http://service.test',
  registration: 'open' as const,
  signUpLimit: 0,
  heavyWorkHeapMiB: 64,
  heavyRequestsPerCaller: 2,
};

export const PREFIXES = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix ex: <http://example.org/heart#> .
`;
export const HEART = 'http://example.org/heart#Heart';
export const VALVE = 'http://example.org/heart#Valve';

/** A fresh database of `backend` holding OWNER, their personal ACCOUNT and their admin membership of it. */
export async function createOwnerDatabase(backend: 'pglite' | 'postgres'): Promise<TestDatabase> {
  const db = await createTestDatabase({ backend });
  await db.prisma.user.create({ data: { id: OWNER, email: 'owner@example.com', name: 'U', passwordHash: 'x' } });
  await db.prisma.account.create({ data: { id: ACCOUNT, name: 'A', personal: true, ownerId: OWNER } });
  await db.prisma.accountUser.create({ data: { id: id(21), accountId: ACCOUNT, userId: OWNER, role: 'admin' } });
  return db;
}

/** The commits of an ontology in commit order (rows only, without their sources). */
export function commitRowsOf(db: TestDatabase, ontologyId: string): Promise<{ id: string; seq: number; version: string; termsIndexed: boolean; termsError: string | null }[]> {
  return db.prisma.commit.findMany({ where: { ontologyId }, orderBy: { seq: 'asc' } });
}
