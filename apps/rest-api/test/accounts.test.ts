import { describe, expect, it } from 'vitest';
import { AccountResponse } from '@oms/contracts';
import type { SignedUpUser } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server, users: { owner, member, outsider } } = useTestServer({ users: ['owner', 'member', 'outsider'] });

async function newTeam(user: SignedUpUser, name = 'Research Team') {
  const response = await server.request('POST', '/api/v1/accounts', { token: user.token, json: { account: { name } } });
  expect(response.status).toBe(201);
  return AccountResponse.parse(response.body);
}

describe('GET /api/v1/accounts', () => {
  it('when called then it answers a plain array of the caller’s accounts, personal first', async () => {
    const team = await newTeam(owner);
    const response = await server.request('GET', '/api/v1/accounts', { token: owner.token });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    const accounts = response.body.map((account: unknown) => AccountResponse.parse(account));
    expect(accounts[0].personal).toBe(true);
    expect(accounts.map((account: { id: string }) => account.id)).toContain(team.id);
    expect(accounts[0].created_at).toMatch(/\.\d{3}Z$/);
  });

  it('when no token is sent then it answers 401', async () => {
    expect((await server.request('GET', '/api/v1/accounts')).status).toBe(401);
  });
});

describe('POST /api/v1/accounts', () => {
  it('when the name is valid then a team account is created with the caller as owner and admin', async () => {
    const team = await newTeam(owner, 'Ontology Guild');
    expect(team).toMatchObject({ name: 'Ontology Guild', personal: false, owner_id: owner.id });
    expect(team.account_users).toEqual([expect.objectContaining({ user_id: owner.id, role: 'admin' })]);
  });

  it.each([
    ['a blank name', { account: { name: ' ' } }, 'name'],
    ['no account object', { name: 'x' }, 'account'],
    ['a personal flag', { account: { name: 'x', personal: true } }, 'personal'],
  ])('when the body has %s then it answers 422', async (_label, json, field) => {
    const response = await server.request('POST', '/api/v1/accounts', { token: owner.token, json });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty(field);
  });

  it('when no token is sent then it answers 401', async () => {
    expect((await server.request('POST', '/api/v1/accounts', { json: { account: { name: 'x' } } })).status).toBe(401);
  });
});

describe('GET /api/v1/accounts/:id', () => {
  it('when the caller is not a member then it answers 404, as for an unknown id', async () => {
    const team = await newTeam(owner);
    const other = await server.request('GET', `/api/v1/accounts/${team.id}`, { token: outsider.token });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'not_found' });
    expect((await server.request('GET', '/api/v1/accounts/not-a-uuid', { token: outsider.token })).status).toBe(404);
  });
});

describe('account members', () => {
  it('when an admin adds a user by e-mail then the user sees the account and can be removed again', async () => {
    const team = await newTeam(owner);
    const added = await server.request('POST', `/api/v1/accounts/${team.id}/account_users`, {
      token: owner.token,
      json: { account_user: { email: member.email } },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.any(String), user_id: member.id, role: 'member' });
    const seen = await server.request('GET', '/api/v1/accounts', { token: member.token });
    expect(seen.body.map((account: { id: string }) => account.id)).toContain(team.id);

    const removed = await server.request('DELETE', `/api/v1/accounts/${team.id}/account_users/${added.body.id}`, { token: owner.token });
    expect(removed.status).toBe(204);
    expect((await server.request('GET', `/api/v1/accounts/${team.id}`, { token: member.token })).status).toBe(404);
  });

  it('when a plain member tries to add someone then it answers 403', async () => {
    const team = await newTeam(owner);
    await server.request('POST', `/api/v1/accounts/${team.id}/account_users`, {
      token: owner.token,
      json: { account_user: { user_id: member.id, role: 'member' } },
    });
    const response = await server.request('POST', `/api/v1/accounts/${team.id}/account_users`, {
      token: member.token,
      json: { account_user: { email: outsider.email } },
    });
    expect(response.status).toBe(403);
  });

  it('when a member leaves by user id then the membership goes', async () => {
    const team = await newTeam(owner);
    await server.request('POST', `/api/v1/accounts/${team.id}/account_users`, {
      token: owner.token,
      json: { account_user: { user_id: member.id } },
    });
    const response = await server.request('DELETE', `/api/v1/accounts/${team.id}/account_users`, {
      token: member.token,
      json: { user_id: member.id },
    });
    expect(response.status).toBe(204);
  });

  it('when the same member is removed eight times at once then one answers 204 and the others 404', async () => {
    for (let round = 0; round < 5; round++) {
      const team = await newTeam(owner);
      await server.request('POST', `/api/v1/accounts/${team.id}/account_users`, { token: owner.token, json: { account_user: { user_id: member.id } } });
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          server.request('DELETE', `/api/v1/accounts/${team.id}/account_users`, { token: owner.token, json: { user_id: member.id } }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([204, ...Array(7).fill(404)]);
    }
  });

  it('when an outsider touches the members of another account then it answers 404', async () => {
    const team = await newTeam(owner);
    const add = await server.request('POST', `/api/v1/accounts/${team.id}/account_users`, {
      token: outsider.token,
      json: { account_user: { email: outsider.email } },
    });
    expect(add.status).toBe(404);
    const membershipId = team.account_users[0]?.id;
    const remove = await server.request('DELETE', `/api/v1/accounts/${team.id}/account_users/${membershipId}`, { token: outsider.token });
    expect(remove.status).toBe(404);
  });

  it.each([
    ['an unknown e-mail', { email: 'nobody-at-all@example.com' }, 'email'],
    ['both e-mail and user id', { email: 'a@example.com', user_id: '0190a000-0000-7000-8000-000000000001' }, 'email'],
    ['an unknown role', { email: 'a@example.com', role: 'owner' }, 'role'],
  ])('when adding with %s then it answers 422', async (_label, fields, field) => {
    const team = await newTeam(owner);
    const response = await server.request('POST', `/api/v1/accounts/${team.id}/account_users`, {
      token: owner.token,
      json: { account_user: fields },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty(field);
  });

  it('when adding to a personal account or removing the owner then it answers 422', async () => {
    const personal = (await server.request('GET', '/api/v1/accounts', { token: owner.token })).body[0];
    const add = await server.request('POST', `/api/v1/accounts/${personal.id}/account_users`, {
      token: owner.token,
      json: { account_user: { email: member.email } },
    });
    expect(add.status).toBe(422);
    const removeOwner = await server.request('DELETE', `/api/v1/accounts/${personal.id}/account_users`, {
      token: owner.token,
      json: { user_id: owner.id },
    });
    expect(removeOwner.status).toBe(422);
  });

  it('when no token is sent then member endpoints answer 401', async () => {
    const team = await newTeam(owner);
    expect((await server.request('POST', `/api/v1/accounts/${team.id}/account_users`, { json: {} })).status).toBe(401);
    expect((await server.request('DELETE', `/api/v1/accounts/${team.id}/account_users`, { json: {} })).status).toBe(401);
  });
});
