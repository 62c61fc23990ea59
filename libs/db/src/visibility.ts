// Who sees which ontology (SPEC 2.1) where the database decides it: the rule of `canSee` in
// @oms/domain (public to everyone signed in, private to members of the owning account), once as a
// Prisma filter and once as SQL. test/visibility.test.ts checks that the three decide every case alike;
// nothing else may spell the rule out.
import type { Viewer } from '@oms/domain';
import type { Prisma } from './generated/prisma/client.js';

/** The Prisma form: the ontologies `viewer` may see. A commit is visible with its ontology: `{ ontology: visibleTo(viewer) }`. */
export function visibleTo(viewer: Viewer): Prisma.OntologyWhereInput {
  return { OR: [{ visibility: 'public' }, { accountId: { in: [...viewer.memberOf] } }] };
}

const SQL_ALIAS = /^[a-z][a-z0-9_]*$/;

/**
 * The SQL form: a condition that holds when the "ontologies" row named `alias` is visible to
 * the user whose id is the query parameter `userIdParam` (a UUID; an unknown user sees only
 * public ones). It reads the memberships itself, so a query needs no round trip for them first.
 * Where the row may be missing (a LEFT JOIN), the condition is not true.
 */
export function visibleToUserSql(alias: string, userIdParam: `$${number}`): string {
  if (!SQL_ALIAS.test(alias) || alias === 'visibility_member') throw new Error(`not a usable SQL alias: ${alias}`);
  return `(${alias}."visibility" = 'public' OR EXISTS (SELECT 1 FROM "account_users" visibility_member
    WHERE visibility_member."account_id" = ${alias}."account_id" AND visibility_member."user_id" = ${userIdParam}::uuid))`;
}
