// The owner of a team deletes themselves while the admin who would inherit the team leaves
// it (issue 17, item 4). Both lock the account first, so one runs after the other: the team
// passes to the heir (who then cannot leave as its owner) or, with the heir gone, is deleted.
// Never a team owned by a non-member.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { createAccount, createUser, insertApiToken } from '@oms/db';
import { generateApiToken } from '@oms/ontology-service';
import { uniqueEmail } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server } = useTestServer();

/** A user with a personal account and an API token, written straight to the database (sign-up's argon2 would be most of the test's time). */
async function quickUser(): Promise<{ id: string; token: string }> {
  const id = uuidv7();
  await createUser(server.db.prisma, { id, email: uniqueEmail('race'), name: 'Racer', passwordHash: `unusable-${randomUUID()}` });
  await createAccount(server.db.prisma, { id: uuidv7(), name: 'Racer', personal: true, ownerId: id, membershipId: uuidv7() });
  const { token, tokenHash } = generateApiToken();
  await insertApiToken(server.db.prisma, { id: uuidv7(), userId: id, name: 'race', tokenHash });
  return { id, token };
}

const LANES = 4;
const ROUNDS_PER_LANE = 5;
const ROUNDS = LANES * ROUNDS_PER_LANE;

describe('an owner deleting themselves while the heir leaves', () => {
  async function round(label: string): Promise<'inherited' | 'deleted'> {
    const [owner, heir] = await Promise.all([quickUser(), quickUser()]);
    const team = await server.request('POST', '/api/v1/accounts', { token: owner.token, json: { account: { name: `Team ${label}` } } });
    expect(team.status).toBe(201);
    const added = await server.request('POST', `/api/v1/accounts/${team.body.id}/account_users`, {
      token: owner.token,
      json: { account_user: { user_id: heir.id, role: 'admin' } },
    });
    expect(added.status).toBe(201);

    const [deleted, left] = await Promise.all([
      server.request('DELETE', '/api/v1/me', { token: owner.token }),
      server.request('DELETE', `/api/v1/accounts/${team.body.id}/account_users`, { token: heir.token, json: { user_id: heir.id } }),
    ]);
    expect(deleted.status).toBe(200);
    // Left before the deletion (204), or found themselves the owner already (422).
    expect([204, 422]).toContain(left.status);

    const account = await server.db.prisma.account.findUnique({ where: { id: team.body.id }, include: { accountUsers: true } });
    if (account === null) {
      expect(left.status).toBe(204);
      return 'deleted';
    }
    expect(left.status).toBe(422);
    expect(account.ownerId).toBe(heir.id);
    expect(account.accountUsers).toEqual([expect.objectContaining({ userId: heir.id, role: 'admin' })]);
    return 'inherited';
  }

  it(`when both happen at once (${ROUNDS} rounds, ${LANES} at a time) then the team is gone or owned by one of its admins`, { timeout: 180_000 }, async () => {
    const lanes = Array.from({ length: LANES }, async (_, lane) => {
      const outcomes: string[] = [];
      for (let index = 0; index < ROUNDS_PER_LANE; index++) outcomes.push(await round(`${lane}.${index}`));
      return outcomes;
    });
    expect((await Promise.all(lanes)).flat()).toHaveLength(ROUNDS);
  });
});
