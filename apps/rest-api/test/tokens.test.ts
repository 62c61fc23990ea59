import { describe, expect, it } from 'vitest';
import { connectMcp } from '@oms/testing';
import { signUpUser } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server } = useTestServer();

describe('notification tokens', () => {
  it('when a device token is registered twice then it is stored once and answers 201 each time', async () => {
    const user = await signUpUser(server);
    for (let i = 0; i < 2; i++) {
      const response = await server.request('POST', '/api/v1/notification_tokens', {
        token: user.token,
        json: { token: 'apns-device-abc', platform: 'ios' },
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ token: 'apns-device-abc', platform: 'ios' });
    }
    expect(await server.db.prisma.notificationToken.count({ where: { userId: user.id } })).toBe(1);
  });

  it('when the body is wrapped in notification_token then it is accepted too', async () => {
    const user = await signUpUser(server);
    const response = await server.request('POST', '/api/v1/notification_tokens', {
      token: user.token,
      json: { notification_token: { token: 'fcm-1', platform: 'android' } },
    });
    expect(response.status).toBe(201);
  });

  it('when a token is deleted, known or not, then it answers 204', async () => {
    const user = await signUpUser(server);
    await server.request('POST', '/api/v1/notification_tokens', { token: user.token, json: { token: 'web-1', platform: 'web' } });
    const known = await server.request('DELETE', '/api/v1/notification_tokens', { token: user.token, json: { token: 'web-1', platform: 'web' } });
    expect(known.status).toBe(204);
    const unknown = await server.request('DELETE', '/api/v1/notification_tokens', { token: user.token, json: { token: 'never', platform: 'web' } });
    expect(unknown.status).toBe(204);
    expect(await server.db.prisma.notificationToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it('when another user deletes my device token then mine stays', async () => {
    const mine = await signUpUser(server);
    const other = await signUpUser(server);
    await server.request('POST', '/api/v1/notification_tokens', { token: mine.token, json: { token: 'dev-x', platform: 'ios' } });
    await server.request('DELETE', '/api/v1/notification_tokens', { token: other.token, json: { token: 'dev-x', platform: 'ios' } });
    expect(await server.db.prisma.notificationToken.count({ where: { userId: mine.id } })).toBe(1);
  });

  it('when another user registers my device token then my registration stays mine, and their DELETE leaves it', async () => {
    const owner = await signUpUser(server);
    const taker = await signUpUser(server);
    const device = { token: 'apns-owner-device', platform: 'ios' };
    expect((await server.request('POST', '/api/v1/notification_tokens', { token: owner.token, json: device })).status).toBe(201);
    expect((await server.request('POST', '/api/v1/notification_tokens', { token: taker.token, json: device })).status).toBe(201);
    expect(await server.db.prisma.notificationToken.count({ where: { userId: owner.id, ...device } })).toBe(1);
    expect((await server.request('DELETE', '/api/v1/notification_tokens', { token: taker.token, json: device })).status).toBe(204);
    expect(await server.db.prisma.notificationToken.count({ where: { userId: owner.id, ...device } })).toBe(1);
    expect(await server.db.prisma.notificationToken.count({ where: { userId: taker.id } })).toBe(0);
    // The owner's own app re-registering is idempotent, and the owner's DELETE ends it.
    expect((await server.request('POST', '/api/v1/notification_tokens', { token: owner.token, json: device })).status).toBe(201);
    expect(await server.db.prisma.notificationToken.count({ where: device })).toBe(1);
    expect((await server.request('DELETE', '/api/v1/notification_tokens', { token: owner.token, json: device })).status).toBe(204);
    expect(await server.db.prisma.notificationToken.count({ where: device })).toBe(0);
  });

  it.each([
    ['an unknown platform', { token: 't', platform: 'windows-phone' }, 'platform'],
    ['a blank token', { token: '', platform: 'ios' }, 'token'],
    ['no platform', { token: 't' }, 'platform'],
  ])('when the body has %s then it answers 422', async (_label, json, field) => {
    const user = await signUpUser(server);
    const response = await server.request('POST', '/api/v1/notification_tokens', { token: user.token, json });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty(field);
  });

  it('when no bearer token is sent then it answers 401', async () => {
    expect((await server.request('POST', '/api/v1/notification_tokens', { json: { token: 't', platform: 'ios' } })).status).toBe(401);
    expect((await server.request('DELETE', '/api/v1/notification_tokens', { json: { token: 't', platform: 'ios' } })).status).toBe(401);
  });
});

describe('API tokens', () => {
  it('when a token is created then it works, is listed without its secret, and stops working once revoked', async () => {
    const user = await signUpUser(server);
    const created = await server.request('POST', '/api/v1/api_tokens', { token: user.token, json: { api_token: { name: 'CI' } } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'CI', token: expect.stringMatching(/^oms_/) });
    const list = await server.request('GET', '/api/v1/api_tokens', { token: created.body.token });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(created.body.token);
    expect(list.body.map((token: { name: string }) => token.name)).toEqual(['Created at sign-up', 'CI']);
    const used = list.body.find((token: { name: string }) => token.name === 'CI');
    expect(used.last_used_at).not.toBeNull();
    const revoked = await server.request('DELETE', `/api/v1/api_tokens/${created.body.id}`, { token: user.token });
    expect(revoked.status).toBe(204);
    expect((await server.request('GET', '/api/v1/me', { token: created.body.token })).status).toBe(401);
  });

  it('when a token is used only by an agent through /mcp then its last use is recorded too', async () => {
    const user = await signUpUser(server);
    const created = await server.request('POST', '/api/v1/api_tokens', { token: user.token, json: { api_token: { name: 'Agent' } } });
    const client = await connectMcp(server.baseUrl, created.body.token, 'modern');
    try {
      expect((await client.callTool({ name: 'read_profile', arguments: {} })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
    const list = await server.request('GET', '/api/v1/api_tokens', { token: user.token });
    const agent = list.body.find((token: { name: string }) => token.name === 'Agent');
    expect(agent.last_used_at).not.toBeNull();
  });

  it('when another user revokes my token then it answers 404 and my token still works', async () => {
    const mine = await signUpUser(server);
    const other = await signUpUser(server);
    const tokenId = (await server.request('GET', '/api/v1/api_tokens', { token: mine.token })).body[0].id;
    expect((await server.request('DELETE', `/api/v1/api_tokens/${tokenId}`, { token: other.token })).status).toBe(404);
    expect((await server.request('GET', '/api/v1/me', { token: mine.token })).status).toBe(200);
  });

  it('when the name is blank then it answers 422', async () => {
    const user = await signUpUser(server);
    const response = await server.request('POST', '/api/v1/api_tokens', { token: user.token, json: { api_token: { name: '' } } });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty('name');
  });

  it('when no bearer token is sent then it answers 401', async () => {
    expect((await server.request('GET', '/api/v1/api_tokens')).status).toBe(401);
  });
});
