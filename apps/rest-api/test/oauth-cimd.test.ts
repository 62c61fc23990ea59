// OAuth Client ID Metadata Documents: a client whose client_id is the https URL of its
// metadata document. The document is served by this test on loopback; only the test swaps
// the provider's fetch (https to http on 127.0.0.1), production keeps the SSRF guard.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Browser } from 'playwright-core';
import { authorizeInBrowser, chromiumAvailable, freePort, launchChromium, REDIRECT, TestOAuthProvider } from '@oms/testing';
import { useTestServer } from './support/use-test-server.js';

let docs: Server;
let docsPort: number;
let browser: Browser;
/** Names of the documents the metadata server was asked for. */
const requested: string[] = [];

const documentUrl = (name: string) => `https://127.0.0.1:${docsPort}/${name}.json`;
const documentFor = (name: string) => ({
  client_id: documentUrl(name),
  client_name: `Metadata Agent ${name}`,
  redirect_uris: [REDIRECT],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
});

beforeAll(async () => {
  if (!chromiumAvailable() && process.env['REQUIRE_SERVICES'] === '1') throw new Error('Chromium is required (apt-get install chromium)');
  docsPort = await freePort();
  docs = createServer((req, res) => {
    const name = (req.url ?? '').replace(/^\/|\.json$/g, '');
    if (name === 'slow') return void setTimeout(() => res.end(JSON.stringify(documentFor('slow'))), 6_000);
    requested.push(name);
    const document: Record<string, unknown> = documentFor(name);
    if (name === 'large') document['padding'] = 'x'.repeat(20_000);
    if (name === 'nameless') delete document['client_name'];
    if (name === 'plain-http') document['redirect_uris'] = ['http://agent.example/callback'];
    const body = JSON.stringify(document);
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=120' });
    res.end(body);
  }).listen(docsPort, '127.0.0.1');
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  docs?.close();
});

/** Fetches the test's metadata documents over plain http on loopback (the provider asks for https). */
const loopbackFetch: typeof fetch = (url, init) => {
  const target = String(url).replace(`https://127.0.0.1:${docsPort}/`, `http://127.0.0.1:${docsPort}/`);
  // "guarded" documents keep the provider's SSRF-guarded dispatcher, which must refuse loopback
  if (target.includes('/guarded')) return fetch(target, init);
  const { dispatcher: _guard, ...rest } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
  return fetch(target, rest);
};
const { server, users: { user } } = useTestServer({ users: { user: { name: 'Mia Metadata' } }, port: 'free', metadataFetch: loopbackFetch });

class MetadataClient extends TestOAuthProvider {
  constructor(readonly clientMetadataUrl: string) {
    super();
  }
}


/** An authorization request (PKCE S256, the resource scope) for `clientId`. */
function authorizeUrl(clientId: string): URL {
  const url = new URL(`${server.baseUrl}/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    scope: 'ontologies',
    resource: `${server.baseUrl}/mcp`,
  }).toString();
  return url;
}
describe('Client ID Metadata Documents', () => {
  it('when a client identifies itself by its metadata URL then sign-in, consent and tool calls work without registration', async () => {
    const provider = new MetadataClient(documentUrl('agent'));
    const serverUrl = `${server.baseUrl}/mcp`;
    expect(await auth(provider, { serverUrl })).toBe('REDIRECT');
    expect(provider.authorizationUrl?.searchParams.get('client_id')).toBe(documentUrl('agent'));
    const redirected = await authorizeInBrowser(browser, provider.authorizationUrl as URL, user, { expectText: 'Metadata Agent agent' });
    const code = redirected.searchParams.get('code') ?? '';
    expect(await auth(provider, { serverUrl, authorizationCode: code, iss: redirected.searchParams.get('iss') ?? '' })).toBe('AUTHORIZED');
    const client = new Client({ name: 'cimd', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider }));
    const profile = await client.callTool({ name: 'read_profile', arguments: {} });
    expect(profile.structuredContent).toMatchObject({ email: user.email });
    await client.close();
  });

  it.each([
    ['an http URL', () => `http://127.0.0.1:${docsPort}/agent.json`],
    ['a document over the size limit', () => documentUrl('large')],
    ['a document that answers too slowly', () => documentUrl('slow')],
    ['a private address outside the test override', () => 'https://10.0.0.7/client.json'],
    ['a document without client_name', () => documentUrl('nameless')],
    ['a document with an http redirect URI outside localhost', () => documentUrl('plain-http')],
  ])('when the client_id is %s then the authorization request is refused', async (_label, clientId) => {
    const url = authorizeUrl(clientId());
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('location') ?? '').not.toContain('code=');
  }, 20_000);

  it('when the fetch keeps the SSRF guard then a metadata document on a loopback address is never requested', async () => {
    const url = authorizeUrl(documentUrl('guarded'));
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(requested).not.toContain('guarded');
  });
});
