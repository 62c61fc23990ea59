import { describe, expect, it } from 'vitest';
import { ProfileResponse } from '@oms/contracts';
import { signUpUser } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server } = useTestServer();

describe('GET /api/v1/me', () => {
  it('when called with a token then it answers the SPEC 2.3 profile', async () => {
    const user = await signUpUser(server, { name: 'Ada <b>Lovelace</b>' });
    const response = await server.request('GET', '/api/v1/me', { token: user.token });
    expect(response.status).toBe(200);
    const profile = ProfileResponse.parse(response.body);
    expect(Object.keys(response.body).sort()).toEqual(['avatar_url', 'content', 'id', 'name', 'sgid']);
    expect(profile).toMatchObject({ id: user.id, name: 'Ada <b>Lovelace</b>' });
    expect(profile.content).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(profile.sgid).not.toContain(user.id);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('when no token is sent then it answers 401 with WWW-Authenticate: Bearer', async () => {
    const response = await server.request('GET', '/api/v1/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'unauthorized' });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it.each([['Bearer oms_not-a-real-token'], ['Basic dXNlcjpwYXNz'], ['Bearer'], ['oms_token-without-scheme']])(
    'when the Authorization header is %s then it answers 401',
    async (authorization) => {
      const response = await server.request('GET', '/api/v1/me', { headers: { authorization } });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'unauthorized' });
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    },
  );
});

describe('PUT /api/v1/password', () => {
  it('when the current password is right then the new one signs in and the old one does not', async () => {
    const user = await signUpUser(server);
    const response = await server.request('PUT', '/api/v1/password', {
      token: user.token,
      json: { user: { current_password: user.password, password: 'a brand new secret', password_confirmation: 'a brand new secret' } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await server.request('POST', '/api/v1/auth', { json: { email: user.email, password: 'a brand new secret' } })).status).toBe(200);
    expect((await server.request('POST', '/api/v1/auth', { json: { email: user.email, password: user.password } })).status).toBe(401);
  });

  it.each([
    ['a wrong current password', { current_password: 'nope nope nope', password: 'a new secret!', password_confirmation: 'a new secret!' }, 'current_password'],
    ['a short new password', { current_password: 'correct horse battery', password: 'short', password_confirmation: 'short' }, 'password'],
    ['a mismatched confirmation', { current_password: 'correct horse battery', password: 'a new secret!', password_confirmation: 'other secret' }, 'password_confirmation'],
    ['a missing field', { password: 'a new secret!', password_confirmation: 'a new secret!' }, 'current_password'],
  ])('when it gets %s then it answers 422', async (_label, fields, field) => {
    const user = await signUpUser(server);
    const response = await server.request('PUT', '/api/v1/password', { token: user.token, json: { user: fields } });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty(field);
  });

  it('when no token is sent then it answers 401', async () => {
    expect((await server.request('PUT', '/api/v1/password', { json: { user: {} } })).status).toBe(401);
  });
});

describe('DELETE /api/v1/me', () => {
  it('when a user deletes themselves then their tokens, personal account and memberships go, and teams stay', async () => {
    const leaver = await signUpUser(server, { name: 'Leaver' });
    const stayer = await signUpUser(server, { name: 'Stayer' });
    const team = await server.request('POST', '/api/v1/accounts', { token: leaver.token, json: { account: { name: 'Team' } } });
    await server.request('POST', `/api/v1/accounts/${team.body.id}/account_users`, {
      token: leaver.token,
      json: { account_user: { email: stayer.email } },
    });
    const solo = await server.request('POST', '/api/v1/accounts', { token: leaver.token, json: { account: { name: 'Solo' } } });
    await server.request('POST', '/api/v1/notification_tokens', { token: leaver.token, json: { token: 'device-1', platform: 'ios' } });

    const response = await server.request('DELETE', '/api/v1/me', { token: leaver.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});

    expect((await server.request('GET', '/api/v1/me', { token: leaver.token })).status).toBe(401);
    expect((await server.request('POST', '/api/v1/auth', { json: { email: leaver.email, password: leaver.password } })).status).toBe(401);
    const teamNow = await server.request('GET', `/api/v1/accounts/${team.body.id}`, { token: stayer.token });
    expect(teamNow.status).toBe(200);
    expect(teamNow.body.owner_id).toBe(stayer.id);
    expect(teamNow.body.account_users).toEqual([expect.objectContaining({ user_id: stayer.id, role: 'admin' })]);
    const prisma = server.db.prisma;
    expect(await prisma.account.count({ where: { id: solo.body.id } })).toBe(0);
    expect(await prisma.account.count({ where: { ownerId: leaver.id } })).toBe(0);
    expect(await prisma.notificationToken.count({ where: { userId: leaver.id } })).toBe(0);
    expect(await prisma.apiToken.count({ where: { userId: leaver.id } })).toBe(0);
  });

  it('when no token is sent then it answers 401 and deletes nothing', async () => {
    expect((await server.request('DELETE', '/api/v1/me')).status).toBe(401);
  });

  it('when the same user is deleted four times at once then one answers 200 and the others 401', async () => {
    const user = await signUpUser(server);
    const responses = await Promise.all(Array.from({ length: 4 }, () => server.request('DELETE', '/api/v1/me', { token: user.token })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 401, 401, 401]);
    expect(await server.db.prisma.user.count({ where: { id: user.id } })).toBe(0);
  });

  it('when the owner and the only other member of a team leave at once then both answer 200 and the team is gone', async () => {
    for (let round = 0; round < 4; round++) {
      const [owner, member] = await Promise.all([signUpUser(server), signUpUser(server)]);
      const team = await server.request('POST', '/api/v1/accounts', { token: owner.token, json: { account: { name: 'Both leave' } } });
      await server.request('POST', `/api/v1/accounts/${team.body.id}/account_users`, { token: owner.token, json: { account_user: { email: member.email } } });
      const responses = await Promise.all([
        server.request('DELETE', '/api/v1/me', { token: owner.token }),
        server.request('DELETE', '/api/v1/me', { token: member.token }),
      ]);
      expect(responses.map((response) => response.status)).toEqual([200, 200]);
      expect(await server.db.prisma.account.count({ where: { id: team.body.id } })).toBe(0);
    }
  });
});
