// What an attacker tries against the server-rendered pages: planted or malformed cookies,
// sessions that outlive a sign-in or a password change, provider pages inside a frame.
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { signUpUser, type SignedUpUser, type TestServer } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server } = useTestServer();
// Behind a TLS-terminating proxy: the service's own address is https.
const { server: httpsServer } = useTestServer({ env: { BASE_URL: 'https://ontologies.example' } });

const get = (target: TestServer, path: string, cookie = '') => fetch(target.baseUrl + path, { headers: { cookie }, redirect: 'manual' });

const post = (target: TestServer, path: string, cookie: string, form: Record<string, string>) =>
  fetch(target.baseUrl + path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });

/** name=value pairs of the response's Set-Cookie headers (what a browser would send back). */
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
const csrfIn = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** Signs in through the settings form; answers the session cookie (name=value). */
async function signIn(target: TestServer, user: SignedUpUser, extraCookie = ''): Promise<{ session: string; response: Response }> {
  const form = await get(target, '/sign-in');
  const csrfCookie = cookiesOf(form).join('; ');
  const cookie = [csrfCookie, extraCookie].filter(Boolean).join('; ');
  const response = await post(target, '/sign-in', cookie, { csrf: csrfIn(await form.text()), email: user.email, password: user.password });
  expect(response.status).toBe(303);
  const session = cookiesOf(response).find((pair) => /oms_session=./.test(pair)) ?? '';
  return { session, response };
}

const isSignedIn = async (target: TestServer, cookie: string) => (await get(target, '/settings/api-tokens', cookie)).status === 200;

describe('settings cookies', () => {
  it.each([
    ['a malformed %-escape in the session cookie', 'oms_session=%zz', '/settings/api-tokens', 303],
    ['a malformed %-escape in the CSRF cookie', 'oms_csrf=%E0%A4%A', '/sign-in', 200],
    ['an overlong session cookie', `oms_session=${'a'.repeat(5000)}`, '/settings/two-factor', 303],
  ])('when a request carries %s then the page answers as without it, not 500', async (_label, cookie, path, status) => {
    const response = await get(server, path, cookie);
    expect(response.status).toBe(status);
  });

  it('when the service is behind https then its cookies are __Host- prefixed, Secure and HttpOnly', async () => {
    const user = await signUpUser(httpsServer);
    const form = await get(httpsServer, '/sign-in');
    const [csrfLine] = form.headers.getSetCookie();
    expect(csrfLine).toMatch(/^__Host-oms_csrf=[\w-]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    const { session, response } = await signIn(httpsServer, user);
    expect(session).toMatch(/^__Host-oms_session=/);
    const sessionLine = response.headers.getSetCookie().find((line) => line.startsWith(session));
    expect(sessionLine).toMatch(/; Path=\/;.*HttpOnly; Secure; SameSite=Lax/);
    expect(sessionLine).not.toMatch(/Domain=/i);
    expect(await isSignedIn(httpsServer, session)).toBe(true);
    // The same token without the prefix (a cookie a sibling subdomain could set) is not a session.
    expect(await isSignedIn(httpsServer, session.replace('__Host-', ''))).toBe(false);
  });

  it('when a browser signs in again then the session it held before ends', async () => {
    const first = await signUpUser(server);
    const second = await signUpUser(server);
    const before = (await signIn(server, first)).session;
    expect(await isSignedIn(server, before)).toBe(true);
    const after = (await signIn(server, second, before)).session;
    expect(after).not.toBe(before);
    expect(await isSignedIn(server, before)).toBe(false);
    expect(await isSignedIn(server, after)).toBe(true);
  });

  it('when the user signs out then the old cookie no longer opens the settings', async () => {
    const user = await signUpUser(server);
    const { session } = await signIn(server, user);
    const page = await get(server, '/settings/api-tokens', session);
    const signOut = await post(server, '/sign-out', session, { csrf: csrfIn(await page.text()) });
    expect(signOut.status).toBe(303);
    expect(await isSignedIn(server, session)).toBe(false);
  });

  it("when the user signs out of the settings then the browser's sign-in at the authorization server ends too", async () => {
    const user = await signUpUser(server);
    const { session } = await signIn(server, user);
    // What oidc-provider keeps for a browser that signed in during an authorization request.
    const providerSession = `ps-${user.id}`.replace(/[^\w-]/g, '');
    const other = `po-${user.id}`.replace(/[^\w-]/g, '');
    for (const id of [providerSession, other]) {
      await server.db.prisma.oidcPayload.create({ data: { id, type: 'Session', payload: { jti: id, accountId: user.id, kind: 'Session' } } });
    }
    const cookies = `${session}; _session=${providerSession}`;
    const page = await get(server, '/settings/api-tokens', cookies);
    expect((await post(server, '/sign-out', cookies, { csrf: csrfIn(await page.text()) })).status).toBe(303);
    const left = await server.db.prisma.oidcPayload.findMany({ where: { type: 'Session', id: { in: [providerSession, other] } } });
    // Only this browser's: another browser of the same user stays signed in.
    expect(left.map((row) => row.id)).toEqual([other]);
  });

  it('when the password is changed then every browser session of the user ends (settings and authorization server)', async () => {
    const user = await signUpUser(server);
    const sessions = [(await signIn(server, user)).session, (await signIn(server, user)).session];
    const providerSession = `pw-${user.id}`.replace(/[^\w-]/g, '');
    await server.db.prisma.oidcPayload.create({ data: { id: providerSession, type: 'Session', payload: { jti: providerSession, accountId: user.id } } });
    const changed = await server.request('PUT', '/api/v1/password', {
      token: user.token,
      json: { user: { current_password: user.password, password: 'a brand new secret', password_confirmation: 'a brand new secret' } },
    });
    expect(changed.status).toBe(200);
    for (const session of sessions) expect(await isSignedIn(server, session)).toBe(false);
    expect(await server.db.prisma.oidcPayload.count({ where: { id: providerSession, type: 'Session' } })).toBe(0);
    // API tokens are not sessions: they keep working until revoked.
    expect((await server.request('GET', '/api/v1/me', { token: user.token })).status).toBe(200);
  });
});

describe('pages served outside the settings', () => {
  it.each([
    ['an authorization error page', '/oauth/authorize?client_id=nobody&response_type=code'],
    ['the sign-out page', '/oauth/logout'],
    ['the REST API reference', '/api/docs'],
  ])('when %s is requested then it may not be framed and loads nothing from elsewhere', async (_label, path) => {
    const response = await get(server, path);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).not.toMatch(/@import|fonts\.googleapis|<link[^>]+href="https?:/);
  });
});

/** A GET with headers fetch() will not send as given (Host). */
function rawGet(target: TestServer, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(target.baseUrl + path, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('authorization server origin', () => {
  it.each([
    ['Host', { host: 'evil.example' }],
    ['X-Forwarded-Host', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }],
    ['Forwarded', { forwarded: 'host=evil.example;proto=http' }],
  ])('when a request names another host in %s then the metadata still names only BASE_URL endpoints', async (_label, headers) => {
    const response = await rawGet(httpsServer, '/.well-known/oauth-authorization-server', headers);
    expect(response.status).toBe(200);
    const metadata = JSON.parse(response.body) as Record<string, unknown>;
    expect(metadata['authorization_endpoint']).toBe('https://ontologies.example/oauth/authorize');
    expect(metadata['token_endpoint']).toBe('https://ontologies.example/oauth/token');
    expect(response.body).not.toContain('evil.example');
  });
});
