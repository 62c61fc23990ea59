// An MCP client that knows only {BASE_URL}/mcp registers, sends its user through sign-in
// and consent in a real browser, receives tokens and calls tools; refresh and revocation work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { authorizeInBrowser, chromiumAvailable, launchChromium, REDIRECT, TestOAuthProvider } from '@oms/testing';
import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, importJWK } from 'jose';
import type { Browser } from 'playwright-core';
import { useTestServer } from './support/use-test-server.js';

const { server, users: { user } } = useTestServer({ users: { user: { name: 'Olga Auth' } }, port: 'free' });
let browser: Browser;
beforeAll(async () => {
  if (!chromiumAvailable() && process.env['REQUIRE_SERVICES'] === '1') throw new Error('Chromium is required (apt-get install chromium)');
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** With SCREENSHOTS_DIR set, saves the page as seen on a desktop and on a 390 px phone. */
async function screenshots(page: import('playwright-core').Page, name: string): Promise<void> {
  const dir = process.env['SCREENSHOTS_DIR'];
  if (!dir) return;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Drives the browser through sign-in and consent (with screenshots when asked for). */
function signInAndConsent(authorizationUrl: URL, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  return authorizeInBrowser(browser, authorizationUrl, user, {
    decision,
    onPage: async (page, step) => {
      if (step === 'consent') {
        const html = await page.content();
        expect(html).toContain('Test Agent &lt;script&gt;');
        // MCP authorization (CIMD security): the redirect URI host is shown, a loopback one with a warning
        expect(html).toContain('<code>127.0.0.1:1</code>');
        expect(html).toContain('on your own computer');
      }
      await screenshots(page, step);
    },
  });
}

/** Registers a client with the MCP SDK and takes the user through sign-in and consent: the code and what redeems it. */
async function authorizationCode(change?: (url: URL) => void): Promise<{ code: string; clientId: string; verifier: string; redirected: URL }> {
  const provider = new TestOAuthProvider();
  await auth(provider, { serverUrl: `${server.baseUrl}/mcp` });
  const url = new URL((provider.authorizationUrl as URL).href);
  change?.(url);
  const redirected = await signInAndConsent(url);
  return { code: redirected.searchParams.get('code') ?? '', clientId: provider.info.client_id, verifier: provider.verifier, redirected };
}

async function tokenRequest(params: Record<string, string>, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(`${server.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

type Grant = { code: string; clientId: string; verifier: string };

/** The token request's parameters for an authorization code (without the resource). */
const codeGrant = (grant: Grant) => ({
  grant_type: 'authorization_code',
  code: grant.code,
  code_verifier: grant.verifier,
  client_id: grant.clientId,
  redirect_uri: REDIRECT,
});

const redeem = (grant: Grant, headers: Record<string, string> = {}) =>
  tokenRequest({ ...codeGrant(grant), resource: `${server.baseUrl}/mcp` }, headers);

const toolsList = (token: string) =>
  server.request('POST', '/mcp', {
    token,
    headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });

describe('OAuth for agents', () => {
  it('when the server metadata is read then it advertises PKCE S256, registration, metadata documents and the iss parameter', async () => {
    const prm = await server.request('GET', '/.well-known/oauth-protected-resource/mcp');
    expect(prm.body).toMatchObject({ resource: `${server.baseUrl}/mcp`, authorization_servers: [server.baseUrl], scopes_supported: ['ontologies'] });
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const metadata = await server.request('GET', path);
      expect(metadata.status, path).toBe(200);
      expect(metadata.body).toMatchObject({
        issuer: server.baseUrl,
        code_challenge_methods_supported: ['S256'],
        registration_endpoint: `${server.baseUrl}/oauth/register`,
        authorization_response_iss_parameter_supported: true,
        client_id_metadata_document_supported: true,
      });
    }
  });

  it('when an agent runs the whole flow then it calls tools, refreshes, and is cut off once its grant is revoked', async () => {
    const provider = new TestOAuthProvider();
    const serverUrl = `${server.baseUrl}/mcp`;
    expect(await auth(provider, { serverUrl })).toBe('REDIRECT');
    expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    const redirected = await signInAndConsent(provider.authorizationUrl as URL);
    expect(redirected.searchParams.get('iss')).toBe(server.baseUrl);
    const code = redirected.searchParams.get('code') ?? '';
    expect(await auth(provider, { serverUrl, authorizationCode: code, iss: redirected.searchParams.get('iss') ?? undefined })).toBe('AUTHORIZED');
    expect(provider.stored.refresh_token).toBeTruthy();

    const client = new Client({ name: 'oauth-agent', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider }));
    const profile = await client.callTool({ name: 'read_profile', arguments: {} });
    expect(profile.structuredContent).toMatchObject({ email: user.email, name: 'Olga Auth' });
    await client.close();

    const firstAccess = provider.stored.access_token;
    const refreshed = await fetch(`${server.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: provider.stored.refresh_token, client_id: provider.info.client_id }),
    });
    const tokens = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(refreshed.status).toBe(200);
    expect(tokens.access_token).not.toBe(firstAccess);
    expect(tokens.refresh_token).not.toBe(provider.stored.refresh_token);
    const call = (token: string) =>
      server.request('POST', '/mcp', {
        token,
        headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
    expect((await call(tokens.access_token)).status).toBe(200);

    const revoke = await fetch(`${server.baseUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token, client_id: provider.info.client_id }),
    });
    expect(revoke.status).toBe(200);
    const afterRevoke = await call(tokens.access_token);
    expect(afterRevoke.status).toBe(401);
  });

  it('when an agent connects to /mcp?toolsets=terms then the same OAuth flow (metadata, audience /mcp) gives it the 16 tools', async () => {
    const serverUrl = `${server.baseUrl}/mcp?toolsets=terms`;
    const provider = new TestOAuthProvider();
    const transport = new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider });
    const first = new Client({ name: 'oauth-terms-agent', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    // The first connection meets the 401, discovers the metadata of /mcp and sends the user to sign in.
    await expect(first.connect(transport)).rejects.toThrow(/unauthorized/i);
    const authorizationUrl = provider.authorizationUrl as URL;
    expect(authorizationUrl.searchParams.get('resource')).toBe(`${server.baseUrl}/mcp`);
    const redirected = await signInAndConsent(authorizationUrl);
    await transport.finishAuth(redirected.searchParams.get('code') ?? '', redirected.searchParams.get('iss') ?? undefined);
    const [, payload] = String(provider.stored.access_token).split('.');
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()).aud).toBe(`${server.baseUrl}/mcp`);

    for (const era of [{ versionNegotiation: { mode: { pin: '2026-07-28' as const } } }, {}]) {
      const client = new Client({ name: 'oauth-terms-agent', version: '1.0.0' }, era);
      await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider }));
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        expect(names).toHaveLength(16);
        expect(names).toContain('search_terms');
        const searched = await client.callTool({ name: 'search_terms', arguments: { query: 'anything at all' } });
        expect(searched.isError).toBeFalsy();
        expect(searched.structuredContent).toMatchObject({ terms: [], total: 0 });
      } finally {
        await client.close();
      }
    }
  });

  it('when the user denies consent then the client gets access_denied', async () => {
    const provider = new TestOAuthProvider();
    await auth(provider, { serverUrl: `${server.baseUrl}/mcp` });
    const redirected = await signInAndConsent(provider.authorizationUrl as URL, 'deny');
    expect(redirected.searchParams.get('error')).toBe('access_denied');
  });

  it('when PKCE is missing or plain, or the redirect URI is not registered, then the request is refused', async () => {
    const provider = new TestOAuthProvider();
    await auth(provider, { serverUrl: `${server.baseUrl}/mcp` });
    const base = provider.authorizationUrl as URL;
    const variant = (change: (url: URL) => void) => {
      const url = new URL(base.href);
      change(url);
      return fetch(url, { redirect: 'manual' });
    };
    const noPkce = await variant((url) => {
      url.searchParams.delete('code_challenge');
      url.searchParams.delete('code_challenge_method');
    });
    expect(noPkce.status).toBe(303);
    expect(noPkce.headers.get('location')).toMatch(/error=invalid_request/);
    const plain = await variant((url) => url.searchParams.set('code_challenge_method', 'plain'));
    expect(plain.headers.get('location')).toMatch(/error=invalid_request/);
    const wrongRedirect = await variant((url) => url.searchParams.set('redirect_uri', 'http://127.0.0.1:2/evil'));
    expect(wrongRedirect.status).toBe(400);
    expect(await wrongRedirect.text()).not.toMatch(/at .*\.js:\d+/);
  });

  it('when one authorization code is redeemed by several requests at once then only one gets tokens and the grant is revoked', async () => {
    const grant = await authorizationCode();
    const answers = await Promise.all(Array.from({ length: 6 }, () => redeem(grant)));
    const issued = answers.filter((answer) => answer.status === 200);
    expect(issued).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) expect(refused.body['error']).toBe('invalid_grant');
    // RFC 6749 4.1.2: tokens issued for a code used twice are revoked
    expect((await toolsList(issued[0]?.body['access_token'] ?? '')).status).toBe(401);
  });

  it('when one refresh token is used by several requests at once then only one is answered and the grant is revoked', async () => {
    const grant = await authorizationCode();
    const first = await redeem(grant);
    const refresh = () => tokenRequest({ grant_type: 'refresh_token', refresh_token: first.body['refresh_token'] ?? '', client_id: grant.clientId });
    const answers = await Promise.all(Array.from({ length: 5 }, refresh));
    const issued = answers.filter((answer) => answer.status === 200);
    expect(issued).toHaveLength(1);
    expect((await toolsList(issued[0]?.body['access_token'] ?? '')).status).toBe(401);
    const next = await tokenRequest({ grant_type: 'refresh_token', refresh_token: issued[0]?.body['refresh_token'] ?? '', client_id: grant.clientId });
    expect(next.status).toBe(400);
  });

  it('when the token request leaves out the redirect_uri of its authorization request then it is refused', async () => {
    const grant = await authorizationCode();
    const { redirect_uri: _left, ...withoutRedirect } = codeGrant(grant);
    const refused = await tokenRequest(withoutRedirect);
    expect(refused.status).toBe(400);
    expect(refused.body['error']).toBe('invalid_request');
  });

  it('when a client sends a DPoP proof then it still gets a Bearer token that /mcp accepts, and no DPoP is advertised', async () => {
    const metadata = await server.request('GET', '/.well-known/oauth-authorization-server');
    expect(metadata.body).not.toHaveProperty('dpop_signing_alg_values_supported');
    const grant = await authorizationCode();
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const proof = await new SignJWT({ htm: 'POST', htu: `${server.baseUrl}/oauth/token`, jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: await exportJWK(publicKey) })
      .setIssuedAt()
      .sign(privateKey);
    const tokens = await redeem(grant, { dpop: proof });
    expect(tokens.status).toBe(200);
    expect(tokens.body['token_type']).toBe('Bearer');
    expect((await toolsList(tokens.body['access_token'] ?? '')).status).toBe(200);
  });

  it('when the authorization request names no scope then the resource scope is granted by default', async () => {
    const grant = await authorizationCode((url) => url.searchParams.delete('scope'));
    expect(grant.redirected.searchParams.get('error')).toBeNull();
    const tokens = await redeem(grant);
    expect(tokens.body['scope']).toBe('ontologies');
    expect((await toolsList(tokens.body['access_token'] ?? '')).status).toBe(200);
  });

  it('when a client registers an http redirect URI outside localhost then registration is refused', async () => {
    const register = (metadata: Record<string, unknown>) =>
      fetch(`${server.baseUrl}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'r', token_endpoint_auth_method: 'none', ...metadata }),
      });
    const plainHttp = await register({ redirect_uris: ['http://agent.example/callback'] });
    expect(plainHttp.status).toBe(400);
    expect(await plainHttp.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    for (const allowed of [
      { redirect_uris: ['https://agent.example/callback'] },
      { redirect_uris: ['http://localhost:33418/callback'] },
      { application_type: 'native', redirect_uris: ['http://127.0.0.1/callback', 'com.example.agent:/callback'] },
    ]) {
      expect((await register(allowed)).status, JSON.stringify(allowed)).toBe(201);
    }
  });

  it('when a client revokes its access token then /oauth/revoke answers 200 and /mcp refuses that token from the next call', async () => {
    const tokens = await redeem(await authorizationCode());
    const accessToken = tokens.body['access_token'] ?? '';
    expect((await toolsList(accessToken)).status).toBe(200);
    const clientId = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()).client_id as string;
    const revoke = (token: string, client: string) =>
      fetch(`${server.baseUrl}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, token_type_hint: 'access_token', client_id: client }),
      });
    const answer = await revoke(accessToken, clientId);
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.text()).toBe('');
    expect((await toolsList(accessToken)).status).toBe(401);
    // Only that token: the client's refresh token still gets a new one.
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.body['refresh_token'] ?? '', client_id: clientId });
    expect(refreshed.status).toBe(200);
    expect((await toolsList(refreshed.body['access_token'] ?? '')).status).toBe(200);
    // Revoking again, or a token that is not ours, is a quiet 200 (RFC 7009 2.2).
    expect((await revoke(accessToken, clientId)).status).toBe(200);
    expect((await revoke('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', clientId)).status).toBe(200);
  });

  it('when another client sends an access token to /oauth/revoke then the token keeps working', async () => {
    const tokens = await redeem(await authorizationCode());
    const accessToken = tokens.body['access_token'] ?? '';
    const other = new TestOAuthProvider();
    await auth(other, { serverUrl: `${server.baseUrl}/mcp` });
    const answer = await fetch(`${server.baseUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: accessToken, client_id: other.info.client_id }),
    });
    expect(answer.status).toBe(200);
    expect((await toolsList(accessToken)).status).toBe(200);
  });

  it('when a client registers for the implicit flow then registration is refused with invalid_client_metadata', async () => {
    const register = (metadata: Record<string, unknown>) =>
      fetch(`${server.baseUrl}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'implicit', token_endpoint_auth_method: 'none', redirect_uris: ['https://agent.example/callback'], ...metadata }),
      });
    for (const metadata of [
      { grant_types: ['implicit'], response_types: ['id_token'] },
      { grant_types: ['implicit'] },
      { response_types: ['id_token'] },
      { grant_types: ['authorization_code', 'implicit'], response_types: ['code', 'code id_token'] },
      { response_types: ['token'] },
    ]) {
      const answer = await register(metadata);
      expect(answer.status, JSON.stringify(metadata)).toBe(400);
      expect(await answer.json(), JSON.stringify(metadata)).toMatchObject({ error: 'invalid_client_metadata' });
    }
    const metadata = await server.request('GET', '/.well-known/oauth-authorization-server');
    expect(metadata.body.response_types_supported).toEqual(['code']);
    expect(metadata.body.grant_types_supported).not.toContain('implicit');
  });

  it('when a token is forged, expired or for another audience then /mcp refuses it', async () => {
    const secret = await server.db.prisma.appSecret.findUniqueOrThrow({ where: { name: 'oauth_signing_jwk' } });
    const jwk = JSON.parse(secret.value) as { kid: string };
    const key = await importJWK(jwk, 'ES256');
    const sign = (claims: Record<string, unknown>, exp: number) =>
      new SignJWT({ client_id: 'x', scope: 'ontologies', gid: 'nope', ...claims })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk.kid })
        .setIssuer(server.baseUrl)
        .setSubject(user.id)
        .setIssuedAt()
        .setJti('j1')
        .setExpirationTime(exp)
        .sign(key);
    const now = Math.floor(Date.now() / 1000);
    const tokens = [
      await sign({ aud: `${server.baseUrl}/mcp` }, now - 60),
      await sign({ aud: 'https://elsewhere.example/mcp' }, now + 600),
      await sign({ aud: `${server.baseUrl}/mcp` }, now + 600),
      'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    ];
    for (const token of tokens) {
      const response = await server.request('POST', '/mcp', { token, json: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
      expect(response.status).toBe(401);
    }
  });

  it('when the sign-in form is posted without its CSRF token then it is refused', async () => {
    const provider = new TestOAuthProvider();
    await auth(provider, { serverUrl: `${server.baseUrl}/mcp` });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto((provider.authorizationUrl as URL).href);
    await page.locator('input[name=csrf]').evaluate((input) => input.setAttribute('value', 'forged'));
    await page.fill('input[name=email]', user.email);
    await page.fill('input[name=password]', user.password);
    const [response] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    expect(response?.status()).toBe(403);
    await context.close();
  });

  it('when malformed requests hit the OAuth endpoints then none answers 5xx', async () => {
    const probes: [string, RequestInit][] = [
      ['/oauth/token', { method: 'POST', body: 'grant_type=authorization_code&code=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
      ['/oauth/token', { method: 'POST', body: '{"bad json', headers: { 'content-type': 'application/json' } }],
      ['/oauth/register', { method: 'POST', body: '{"redirect_uris":"not-a-list"}', headers: { 'content-type': 'application/json' } }],
      ['/oauth/register', { method: 'POST', body: '[]', headers: { 'content-type': 'application/json' } }],
      ['/oauth/authorize?client_id=unknown&response_type=code', { method: 'GET' }],
      ['/oauth/authorize?client_id=https://127.0.0.1/cimd.json&response_type=code', { method: 'GET' }],
      ['/oauth/revoke', { method: 'POST', body: 'token=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
      ['/oauth/interaction/unknown', { method: 'GET' }],
      ['/sign-in/unknown', { method: 'POST', body: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
    ];
    for (const [path, init] of probes) {
      const response = await fetch(server.baseUrl + path, { ...init, redirect: 'manual' });
      expect(response.status, path).toBeLessThan(500);
      expect(await response.text(), path).not.toMatch(/at .*\.js:\d+/);
    }
  });
});
