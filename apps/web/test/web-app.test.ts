// The web app on its own (the cluster's `web` service): the real app from createApp on port 0
// against a real database, a browser session in the settings area's table, and its pages;
// on both back ends.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webSessionStore } from '@oms/db';
import { createTestDatabase, testBackends, type TestDatabase } from '@oms/db/testing';
import { createOntology, createServiceContext, signUp } from '@oms/ontology-service';
import { createLogger, startServer, type RunningServer, type ServiceApp } from '@oms/platform';
import { loadConfig } from '../src/config.js';
import { createApp } from '../src/create-app.js';

const SOURCE = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix ex: <http://example.org/pets#> .
ex:Animal a owl:Class ; rdfs:label "animal" .
ex:Cat a owl:Class ; rdfs:label "cat" ; rdfs:subClassOf ex:Animal .
`;

describe.each(testBackends())('the web app on %s', (backend) => {
  let db: TestDatabase;
  let service: ServiceApp;
  let running: RunningServer;
  let base: string;
  let cookie: string;
  let strangerCookie: string;
  let pets: { id: string };
  let secret: { id: string };

  /** A session row as the sign-in page writes it, and the cookie that names it. */
  async function sessionFor(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await webSessionStore(db.prisma).create({
      id: createHash('sha256').update(token).digest('hex'),
      userId,
      csrfToken: randomBytes(24).toString('base64url'),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    return `oms_session=${token}`;
  }

  beforeAll(async () => {
    db = await createTestDatabase({ backend });
    const loaded = loadConfig({ BASE_URL: 'http://127.0.0.1:1', DATABASE_URL: 'postgres://unused@127.0.0.1/x', HEAVY_WORK_THREADS: '0' });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    const logger = createLogger({ service: 'web', level: 'silent' });
    // Users and ontologies are made by the use cases (the REST app's job in a deployment).
    const setup = createServiceContext({ config: { ...loaded.config, registration: 'open' }, db, logger });
    const password = 'long enough pw';
    const [owner, stranger] = await Promise.all(
      ['owner', 'stranger'].map((name) => signUp(setup, { user: { email: `${name}-${Date.now()}@example.com`, password, password_confirmation: password, name } }, '127.0.0.1')),
    );
    const who = { userId: owner!.user.id, credential: null };
    pets = await createOntology(setup, who, { title: 'Pets', source: SOURCE, source_format: 'turtle', visibility: 'public' });
    secret = await createOntology(setup, who, { title: 'Secret pets', source: SOURCE, source_format: 'turtle', visibility: 'private' });
    await setup.heavyWork.close();
    [cookie, strangerCookie] = await Promise.all([sessionFor(owner!.user.id), sessionFor(stranger!.user.id)]);
    service = createApp({ config: loaded.config, db, logger });
    running = await startServer(service.app, { port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${running.port}`;
  });
  afterAll(async () => {
    await running?.close(1_000);
    await service?.close();
    await db?.dispose();
  });

  const get = (path: string, withCookie?: string) => fetch(`${base}${path}`, { redirect: 'manual', headers: withCookie ? { cookie: withCookie } : {} });

  it('when there is no session then every page sends the browser to sign in, and back afterwards', async () => {
    const response = await get(`/ontologies/${pets.id}?parent=x`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/sign-in?return=${encodeURIComponent(`/ontologies/${pets.id}?parent=x`)}`);
  });

  it('when a session is given then the pages answer with the strict CSP and the one stylesheet', async () => {
    for (const path of ['/', '/ontologies', `/ontologies/${pets.id}`, `/ontologies/${pets.id}/terms?iri=${encodeURIComponent('http://example.org/pets#Cat')}`, `/ontologies/${pets.id}/history`, `/ontologies/${pets.id}/diff`, '/search?q=cat']) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toContain("default-src 'none'");
      const html = await response.text();
      expect(html, path).toContain('<link rel="stylesheet" href="/assets/auth.css">');
      expect(html, path).not.toMatch(/<script|style="/);
    }
    const css = await get('/assets/auth.css');
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('when a stranger asks for a private ontology then the page is the one of a missing ontology', async () => {
    const hidden = await get(`/ontologies/${secret.id}`, strangerCookie);
    const missing = await get('/ontologies/0190a0b0-0000-7000-8000-000000000000', strangerCookie);
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).toBe(await missing.text());
    expect((await get(`/ontologies/${secret.id}`, cookie)).status).toBe(200);
  });

  it('when a path is not one of the web app then it is a plain 404', async () => {
    expect((await get('/api/v1/ontologies', cookie)).status).toBe(404);
  });
});
