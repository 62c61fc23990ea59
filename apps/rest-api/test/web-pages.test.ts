// The web interface (DESIGN 9) in the single process, over HTTP: sign-in required (and the way
// back), each page's content, the same not-found page for hidden and missing, the strict
// Content-Security-Policy, and downloads with the browser's session; on both back ends.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '@oms/db/testing';
import { createOntology, FIXTURES, signUpUser, startTestServer, type SignedUpUser, type TestServer } from './support/test-server.js';
import { getPage, signInCookie } from './support/web-session.js';
import { startRawRequest } from './support/raw-http.js';

const PREFIXES = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix obo: <http://purl.obolibrary.org/obo/> .
@prefix ex: <http://example.org/heart#> .
`;
const V1 = `${PREFIXES}
ex:Organ a owl:Class ; rdfs:label "organ" .
obo:HP_0000001 a owl:Class ; rdfs:label "Heart" ; rdfs:subClassOf ex:Organ ; obo:IAO_0000115 "The organ that pumps blood." ; skos:altLabel "cor" .
ex:HeartValve a owl:Class ; rdfs:label "Heart valve" ; rdfs:subClassOf obo:HP_0000001 .
ex:Chamber a owl:Class ; rdfs:label "chamber" ; rdfs:subClassOf obo:HP_0000001 .
`;
const V2 = V1.replace('"Heart valve"', '"Cardiac valve"') + 'ex:Vessel a owl:Class ; rdfs:label "vessel" .\n';
const HEART = 'http://purl.obolibrary.org/obo/HP_0000001';
const ORM_DEMO = readFileSync(new URL('ontologies/orm/PersonCountryDemo.orm', FIXTURES), 'utf8');
const ORGAN = 'http://example.org/heart#Organ';
const MISSING = '0190a0b0-0000-7000-8000-000000000000';
/** The upload form's limit here (SOURCE_MAX_BYTES), low enough to send a larger file. */
const UPLOAD_LIMIT = 100_000;

describe.each(testBackends())('web pages on %s', (backend) => {
  let server: TestServer;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  let aliceCookie: string;
  let bobCookie: string;
  let hearts: { id: string };
  let secret: { id: string };
  const uploadDir = mkdtempSync(join(tmpdir(), 'oms-web-upload-test-'));

  beforeAll(async () => {
    server = await startTestServer({ SOURCE_MAX_BYTES: String(UPLOAD_LIMIT), UPLOAD_DIR: uploadDir, BODY_TIMEOUT_MS: '1000' }, { backend });
    [alice, bob] = await Promise.all([signUpUser(server, { name: 'Alice Curator' }), signUpUser(server)]);
    hearts = await createOntology(server, alice.token, { title: 'Hearts <&>', description: 'Organs that pump.', source: V1, source_format: 'turtle', visibility: 'public' });
    const patched = await server.request('PATCH', `/api/v1/ontologies/${hearts.id}`, { token: alice.token, json: { ontology: { source: V2 }, change_summary: 'Rename the valve' } });
    expect(patched.status).toBe(200);
    secret = await createOntology(server, alice.token, { title: 'Secret hearts', source: `${PREFIXES}ex:Hidden a owl:Class ; rdfs:label "hidden heart" .\n`, source_format: 'turtle', visibility: 'private' });
    [aliceCookie, bobCookie] = await Promise.all([signInCookie(server, alice), signInCookie(server, bob)]);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('when a page is asked for without a session then the browser is sent to sign in and back', async () => {
    const path = `/ontologies/${hearts.id}/terms?iri=${encodeURIComponent(HEART)}`;
    const page = await getPage(server, path);
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/sign-in?return=${encodeURIComponent(path)}`);
    const signIn = await getPage(server, page.headers.get('location') ?? '');
    expect(signIn.html).toContain(`name="return" value="${path.replace(/&/g, '&amp;')}"`);
    for (const other of ['/', '/search?q=heart', '/ontologies', `/ontologies/${MISSING}`]) expect((await getPage(server, other)).status, other).toBe(303);
  });

  it('when sign-in is given a return address of another origin then it is ignored', async () => {
    for (const evil of ['//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      const signIn = await getPage(server, `/sign-in?return=${encodeURIComponent(evil)}`);
      expect(signIn.html).not.toContain('name="return"');
    }
  });

  it('when a signed-in user opens the list then it shows what they may see, filtered, under a strict CSP', async () => {
    const page = await getPage(server, '/ontologies', aliceCookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'self'/);
    expect(page.headers.get('content-security-policy')).not.toMatch(/script-src/);
    expect(page.html).not.toMatch(/<script/i);
    expect(page.html).toContain('Hearts &lt;&amp;&gt;');
    expect(page.html).toContain('Secret hearts');
    const bobs = await getPage(server, '/ontologies', bobCookie);
    expect(bobs.html).toContain('Hearts &lt;&amp;&gt;');
    expect(bobs.html).not.toContain('Secret hearts');
    const filtered = await getPage(server, '/ontologies?filter=all&title=secret', aliceCookie);
    expect(filtered.html).toContain('Secret hearts');
    expect(filtered.html).not.toContain('Hearts &lt;&amp;&gt;');
    expect((await getPage(server, '/ontologies?filter=nonsense', aliceCookie)).status).toBe(400);
  });

  it('when the ontology page is opened then it shows metadata, metrics, downloads and the tree one level at a time', async () => {
    const page = await getPage(server, `/ontologies/${hearts.id}`, bobCookie);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>Hearts &lt;&amp;&gt;</h1>');
    expect(page.html).toContain('Organs that pump');
    expect(page.html).toContain('<dt>Version</dt><dd>1.0.1</dd>');
    expect(page.html).toMatch(/<code>sha256:[0-9a-f]{64}<\/code>/);
    expect(page.html).toMatch(/triples/);
    expect(page.html).toContain(`/ontologies/${hearts.id}/download?format=jsonld`);
    // The roots only, each with a link to its children.
    expect(page.html).toContain('>organ</a>');
    expect(page.html).toContain('>vessel</a>');
    expect(page.html).not.toContain('>Heart</a>');
    expect(page.html).toContain(`?parent=${encodeURIComponent(ORGAN)}#terms`);
    const level = await getPage(server, `/ontologies/${hearts.id}?parent=${encodeURIComponent(ORGAN)}`, bobCookie);
    expect(level.html).toContain('Children of organ');
    expect(level.html).toContain('>Heart</a>');
    expect(level.html).not.toContain('>vessel</a>');
  });

  it('when a download link is followed then the session is enough and conversions work', async () => {
    const original = await fetch(`${server.baseUrl}/ontologies/${hearts.id}/download`, { headers: { cookie: bobCookie } });
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toMatch(/attachment/);
    expect(await original.text()).toContain('Cardiac valve');
    const converted = await fetch(`${server.baseUrl}/ontologies/${hearts.id}/download?format=ntriples`, { headers: { cookie: bobCookie } });
    expect(converted.status).toBe(200);
    expect(await converted.text()).toContain(`<${HEART}>`);
    expect((await fetch(`${server.baseUrl}/ontologies/${hearts.id}/download?format=pdf`, { headers: { cookie: bobCookie } })).status).toBe(400);
  });

  it('when a term page is opened then it shows labels, definition, parents, children, ancestors and history', async () => {
    const page = await getPage(server, `/ontologies/${hearts.id}/terms?iri=${encodeURIComponent(HEART)}`, bobCookie);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>Heart</h1>');
    expect(page.html).toContain('The organ that pumps blood.');
    expect(page.html).toContain('cor');
    expect(page.html).toContain('>Cardiac valve</a>');
    expect(page.html).toContain('>chamber</a>');
    expect(page.html).toMatch(/aria-label="Ancestors"[\s\S]*>organ<\/a>/);
    expect(page.html).toMatch(/added<\/span> in version <a[^>]*>1\.0\.0<\/a>/);
    const curie = await getPage(server, `/ontologies/${hearts.id}/terms?iri=HP:0000001`, bobCookie);
    expect(curie.status).toBe(200);
  });

  it('when the history is opened then each version shows its message and release note', async () => {
    const page = await getPage(server, `/ontologies/${hearts.id}/history`, bobCookie);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Rename the valve');
    expect(page.html).toMatch(/1 added<\/span> · 1 changed · <span class="removed">0 removed/);
    expect(page.html).toContain('>vessel</a>');
  });

  it('when the diff is opened then the head is compared with its parent, and chosen versions on request', async () => {
    const page = await getPage(server, `/ontologies/${hearts.id}/diff`, bobCookie);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Version 1.0.0 → version 1.0.1');
    // Side by side: the removed line faces the line that replaced it, in the same row.
    expect(page.html).toContain('<th scope="col">Version 1.0.0</th>');
    expect(page.html).toMatch(/<tr class="change"><td class="n">9<\/td><td class="removed">[^]*?Heart valve[^]*?<\/td><td class="n">9<\/td><td class="added">[^]*?Cardiac valve[^]*?<\/td><\/tr>/);
    expect(page.html).toMatch(/<tr class="change"><td class="n"><\/td><td class="empty"><\/td><td class="n">11<\/td><td class="added">[^]*?vessel/);
    expect(page.html).toMatch(/<tr class="hunk"><td colspan="4">@@ -6,5 \+6,6 @@<\/td><\/tr>/);
    const chosen = await getPage(server, `/ontologies/${hearts.id}/diff?from=${MISSING}`, bobCookie);
    expect(chosen.status).toBe(404);
  });

  it('when the ontology has children then the page lists those the user may see, hidden ones never', async () => {
    const open = await createOntology(server, bob.token, { title: 'Open chambers', source: V1, source_format: 'turtle', visibility: 'public', parent_id: hearts.id });
    const closed = await createOntology(server, alice.token, { title: 'Closed chambers', source: V1, source_format: 'turtle', visibility: 'private', parent_id: hearts.id });
    const bobs = await getPage(server, `/ontologies/${hearts.id}`, bobCookie);
    expect(bobs.html).toContain('Child ontologies <span class="muted">(1)</span>');
    expect(bobs.html).toContain(`<a href="/ontologies/${open.id}">Open chambers</a>`);
    expect(bobs.html).not.toContain('Closed chambers');
    expect(bobs.html).not.toContain(closed.id);
    const alices = await getPage(server, `/ontologies/${hearts.id}`, aliceCookie);
    expect(alices.html).toContain('Child ontologies <span class="muted">(2)</span>');
    expect(alices.html).toContain(`<a href="/ontologies/${closed.id}">Closed chambers</a>`);
    // The child links back to its parent; a page without children has no such section.
    expect((await getPage(server, `/ontologies/${open.id}`, bobCookie)).html).toContain(`<a href="/ontologies/${hearts.id}">parent ontology</a>`);
    expect((await getPage(server, `/ontologies/${open.id}`, bobCookie)).html).not.toContain('Child ontologies');
  });

  it('when the head source cannot be read then the ontology page still answers: it never reads the source', async () => {
    const unread = await createOntology(server, alice.token, { title: 'Unread source', source: V2, source_format: 'turtle', visibility: 'public' });
    // Take the stored bytes away: anything that read them would fail.
    const removed = await server.db.sql.query(`DELETE FROM "commit_source_pieces" WHERE "commit_id" IN (SELECT "id" FROM "commits" WHERE "ontology_id" = $1::uuid) RETURNING 1`, [unread.id]);
    expect(removed.length).toBeGreaterThan(0);
    const page = await getPage(server, `/ontologies/${unread.id}`, bobCookie);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<dt>Size</dt><dd>${Buffer.byteLength(V2)} bytes</dd>`);
    expect(page.html).toContain('>vessel</a>');
    // The REST read with omit_source=true takes the same path (the size kept with the source).
    const rest = await server.request('GET', `/api/v1/ontologies/${unread.id}?omit_source=true`, { token: bob.token });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ title: 'Unread source', source_bytes: Buffer.byteLength(V2) });
    expect(rest.body).not.toHaveProperty('source');
  });

  it('when the ontology is an ORM model then its diagram is inline SVG, named, without script or style', async () => {
    const model = await createOntology(server, alice.token, { title: 'People <and> countries', source: ORM_DEMO, source_format: 'orm', visibility: 'public' });
    const page = await getPage(server, `/ontologies/${model.id}`, bobCookie);
    expect(page.status).toBe(200);
    const svg = /<svg class="diagram"[^]*?<\/svg>/.exec(page.html)?.[0] ?? '';
    expect(svg).toMatch(/^<svg class="diagram" role="img" aria-labelledby="diagram-title" aria-describedby="diagram-desc" focusable="false" xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toMatch(/<title id="diagram-title">[^<]+<\/title><desc id="diagram-desc">ORM diagram of People &lt;and&gt; countries/);
    expect(svg).toContain('Person');
    expect(svg).not.toMatch(/<script|style=|<style|on[a-z]+=/i);
    expect(page.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|script-src/);
    // Other formats have no diagram section.
    expect((await getPage(server, `/ontologies/${hearts.id}`, bobCookie)).html).not.toContain('id="diagram"');
  });

  it('when the home page and search are used then ontologies and terms are found, hidden ones never', async () => {
    const home = await getPage(server, '/', bobCookie);
    expect(home.status).toBe(200);
    expect(home.html).toContain('Hearts &lt;&amp;&gt;');
    expect(home.html).not.toContain('Secret hearts');
    const search = await getPage(server, '/search?q=heart', bobCookie);
    expect(search.status).toBe(200);
    expect(search.html).toContain('>Heart</strong>');
    expect(search.html).not.toContain('hidden heart');
    const alices = await getPage(server, '/search?q=heart', aliceCookie);
    expect(alices.html).toContain('hidden heart');
  });

  it('when an ontology is hidden then every page of it is the same not-found page as a missing one', async () => {
    const missing = await getPage(server, `/ontologies/${MISSING}`, bobCookie);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<h1>Not found</h1>');
    for (const suffix of ['', '/history', '/diff', '/download', `/terms?iri=${encodeURIComponent('http://example.org/heart#Hidden')}`]) {
      const hidden = await getPage(server, `/ontologies/${secret.id}${suffix}`, bobCookie);
      const absent = await getPage(server, `/ontologies/${MISSING}${suffix}`, bobCookie);
      expect(hidden.status, suffix).toBe(404);
      expect(hidden.html, suffix).toBe(absent.html);
    }
    for (const odd of ['/ontologies/not-a-uuid', `/ontologies/${hearts.id}/nothing-here`, `/ontologies/${hearts.id}/terms?iri=${encodeURIComponent('http://nowhere/x')}`]) {
      const page = await getPage(server, odd, bobCookie);
      expect(page.status, odd).toBe(404);
      expect(page.html, odd).toBe(missing.html);
    }
    expect((await getPage(server, `/ontologies/${secret.id}`, aliceCookie)).status).toBe(200);
  });

  it('when a member edits the metadata then it changes without a new version; others and forged forms are refused', async () => {
    const post = (path: string, cookie: string, fields: Record<string, string>) =>
      fetch(`${server.baseUrl}${path}`, { method: 'POST', redirect: 'manual', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    const form = await getPage(server, `/ontologies/${hearts.id}/edit`, aliceCookie);
    expect(form.status).toBe(200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.html)?.[1] ?? '';
    expect(csrf).not.toBe('');
    expect((await getPage(server, `/ontologies/${hearts.id}`, aliceCookie)).html).toContain(`href="/ontologies/${hearts.id}/edit"`);
    expect((await getPage(server, `/ontologies/${hearts.id}`, bobCookie)).html).not.toContain('/edit"');

    const forged = await post(`/ontologies/${hearts.id}/edit`, aliceCookie, { csrf: 'wrong', title: 'Forged', description: '', visibility: 'public' });
    expect(forged.status).toBe(403);
    const invalid = await post(`/ontologies/${hearts.id}/edit`, aliceCookie, { csrf, title: '', description: 'x', visibility: 'public' });
    expect(invalid.status).toBe(422);
    expect(await invalid.text()).toMatch(/role="alert">title /);
    const saved = await post(`/ontologies/${hearts.id}/edit`, aliceCookie, { csrf, title: 'Hearts <&>', description: 'Organs that pump blood.', visibility: 'public' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/ontologies/${hearts.id}`);
    const read = await server.request('GET', `/api/v1/ontologies/${hearts.id}`, { token: alice.token });
    expect(read.body).toMatchObject({ description: 'Organs that pump blood.', version: '1.0.1' });

    const bobsForm = await getPage(server, `/ontologies/${hearts.id}/edit`, bobCookie);
    expect(bobsForm.status).toBe(403);
    const bobCsrf = /name="csrf" value="([^"]+)"/.exec((await getPage(server, '/settings/api-tokens', bobCookie)).html)?.[1] ?? '';
    expect((await post(`/ontologies/${hearts.id}/edit`, bobCookie, { csrf: bobCsrf, title: 'Mine', description: '', visibility: 'public' })).status).toBe(403);
    const hidden = await post(`/ontologies/${secret.id}/edit`, bobCookie, { csrf: bobCsrf, title: 'Mine', description: '', visibility: 'public' });
    expect(hidden.status).toBe(404);
    expect((await getPage(server, `/ontologies/${secret.id}/edit`, bobCookie)).status).toBe(404);
  });

  it('when a user creates an ontology with the form then it is stored; a bad source or a forged form is refused', async () => {
    const post = (fields: Record<string, string>) =>
      fetch(`${server.baseUrl}/ontologies/new`, { method: 'POST', redirect: 'manual', headers: { cookie: bobCookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    const form = await getPage(server, '/ontologies/new', bobCookie);
    expect(form.status).toBe(200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.html)?.[1] ?? '';
    const fields = { csrf, title: 'Bob pets', description: 'Cats.', visibility: 'private', source_format: 'turtle', source: '@prefix ex: <http://example.org/> .\r\nex:Cat a ex:Animal .\r\n' };
    expect((await post({ ...fields, csrf: 'forged' })).status).toBe(403);
    const bad = await post({ ...fields, source: 'ex:Cat a' });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toMatch(/role="alert">source /);
    const created = await post(fields);
    expect(created.status).toBe(303);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(/^\/ontologies\/[0-9a-f-]{36}$/);
    const page = await getPage(server, location, bobCookie);
    expect(page.html).toContain('<h1>Bob pets</h1>');
    expect((await getPage(server, location, aliceCookie)).status).toBe(404);
    const tooLarge = await post({ ...fields, source: 'x'.repeat(3 * 1024 * 1024) });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain('The form is too large');
    // Without a session the body is not read: the browser is sent to sign in.
    const stranger = await fetch(`${server.baseUrl}/ontologies/new`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'x'.repeat(3 * 1024 * 1024) });
    expect(stranger.status).toBe(303);
  });

  it('when a member uploads a new version with the form then a commit is made; forged, foreign, hidden, invalid and too large uploads are refused', async () => {
    const upload = async (id: string, cookie: string, fields: Record<string, string>, file?: { name: string; body: string | Uint8Array }) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      if (file) body.append('source', new Blob([file.body], { type: 'text/turtle' }), file.name);
      return fetch(`${server.baseUrl}/ontologies/${id}/upload`, { method: 'POST', redirect: 'manual', headers: { cookie }, body });
    };
    const head = async () => (await server.request('GET', `/api/v1/ontologies/${hearts.id}?omit_source=true`, { token: alice.token })).body as { version: string };
    const form = await getPage(server, `/ontologies/${hearts.id}/upload`, aliceCookie);
    expect(form.status).toBe(200);
    expect(form.html).toContain('enctype="multipart/form-data"');
    expect(form.html).toContain('up to 97.7 KiB');
    expect(form.html).toMatch(/<input id="source" name="source" type="file"/);
    // The one script, from this origin, allowed on this page only; no inline script.
    expect(form.headers.get('content-security-policy')).toMatch(/script-src 'self'; connect-src 'self'$/);
    expect(form.html.match(/<script[^>]*>/g)).toEqual(['<script src="/ontologies/upload-progress.js" defer>']);
    expect(form.html).toMatch(/<progress class="upload" data-upload-progress max="100" value="0" hidden/);
    const script = await fetch(`${server.baseUrl}/ontologies/upload-progress.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("xhr.upload.addEventListener('progress'");
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.html)?.[1] ?? '';
    expect(csrf).not.toBe('');
    expect((await getPage(server, `/ontologies/${hearts.id}`, aliceCookie)).html).toContain(`href="/ontologies/${hearts.id}/upload"`);
    expect((await getPage(server, `/ontologies/${hearts.id}`, bobCookie)).html).not.toContain('/upload"');
    const before = await head();
    const V3 = `${V2}ex:Artery a owl:Class ; rdfs:label "artery" ; rdfs:subClassOf ex:Vessel .\n`;

    // A forged token: refused before the file is stored, and no commit.
    const forged = await upload(hearts.id, aliceCookie, { csrf: 'wrong', message: 'Forged' }, { name: 'v3.ttl', body: V3 });
    expect(forged.status).toBe(403);
    expect((await head()).version).toBe(before.version);
    // The token is checked before the file is read: a forged large upload is 403, not 413.
    expect((await upload(hearts.id, aliceCookie, { csrf: 'wrong' }, { name: 'huge.ttl', body: 'x'.repeat(UPLOAD_LIMIT * 2) })).status).toBe(403);
    expect(readdirSync(uploadDir)).toEqual([]);

    // Not a member: 403; hidden: the same not-found page as a missing ontology.
    const bobCsrf = /name="csrf" value="([^"]+)"/.exec((await getPage(server, '/settings/api-tokens', bobCookie)).html)?.[1] ?? '';
    expect((await getPage(server, `/ontologies/${hearts.id}/upload`, bobCookie)).status).toBe(403);
    expect((await upload(hearts.id, bobCookie, { csrf: bobCsrf }, { name: 'v3.ttl', body: V3 })).status).toBe(403);
    expect((await getPage(server, `/ontologies/${secret.id}/upload`, bobCookie)).status).toBe(404);
    const hidden = await upload(secret.id, bobCookie, { csrf: bobCsrf }, { name: 'v3.ttl', body: V3 });
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).toBe((await getPage(server, `/ontologies/${MISSING}/upload`, bobCookie)).html);

    // An invalid source, a version not greater, no file: the form again with why (422).
    const invalid = await upload(hearts.id, aliceCookie, { csrf, message: 'Broken', version_bump: 'minor' }, { name: 'bad.ttl', body: 'ex:Cat a' });
    expect(invalid.status).toBe(422);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toMatch(/role="alert">source /);
    expect(invalidHtml).toContain('enctype="multipart/form-data"');
    expect(invalidHtml).toContain('value="Broken"');
    const older = await upload(hearts.id, aliceCookie, { csrf, version: '0.0.1' }, { name: 'v3.ttl', body: V3 });
    expect(older.status).toBe(422);
    expect(await older.text()).toMatch(/role="alert">version must be greater/);
    expect((await upload(hearts.id, aliceCookie, { csrf, version_bump: 'patch' })).status).toBe(422);
    expect((await head()).version).toBe(before.version);

    // Too large: 413 while it arrives, nothing kept.
    const tooLarge = await upload(hearts.id, aliceCookie, { csrf, message: 'Huge' }, { name: 'huge.ttl', body: `${V3}#${'x'.repeat(UPLOAD_LIMIT)}\n` });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain('SOURCE_MAX_BYTES');
    expect((await head()).version).toBe(before.version);
    expect(readdirSync(uploadDir)).toEqual([]);

    // The member's upload: a new commit with the bytes sent, the message, then the history page.
    const saved = await upload(hearts.id, aliceCookie, { csrf, message: 'Add the artery', version_bump: 'minor' }, { name: 'v3.ttl', body: V3 });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`/ontologies/${hearts.id}/history`);
    const after = (await server.request('GET', `/api/v1/ontologies/${hearts.id}`, { token: alice.token })).body as { version: string; source: string };
    const [major, minor] = before.version.split('.').map(Number);
    expect(after.version).toBe(`${major}.${(minor ?? 0) + 1}.0`);
    expect(after.source).toBe(V3);
    const source = await fetch(`${server.baseUrl}/api/v1/ontologies/${hearts.id}/source?version=${after.version}`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(source.status).toBe(200);
    expect(await source.text()).toBe(V3);
    expect((await getPage(server, `/ontologies/${hearts.id}/history`, aliceCookie)).html).toContain('Add the artery');
    expect(readdirSync(uploadDir)).toEqual([]);
  });

  it('when an upload stalls then it is answered 408, its connection closed, and nothing is kept', async () => {
    const form = await getPage(server, `/ontologies/${hearts.id}/upload`, aliceCookie);
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.html)?.[1] ?? '';
    const before = (await server.request('GET', `/api/v1/ontologies/${hearts.id}?omit_source=true`, { token: alice.token })).body as { version: string };
    const boundary = 'oms-stalled-upload';
    const start = `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n--${boundary}\r\nContent-Disposition: form-data; name="source"; filename="v.ttl"\r\nContent-Type: text/turtle\r\n\r\n${V1}`;
    const raw = await startRawRequest(server.baseUrl, {
      method: 'POST',
      path: `/ontologies/${hearts.id}/upload`,
      headers: { cookie: aliceCookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(Buffer.byteLength(start) + 10_000) },
      firstPart: start,
    });
    const started = Date.now();
    const answer = await raw.answer(15_000);
    expect(answer.status).toBe(408);
    expect(answer.headers['connection']).toBe('close');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await raw.closedWithin(5_000)).toBe(true);
    expect(readdirSync(uploadDir)).toEqual([]);
    expect(((await server.request('GET', `/api/v1/ontologies/${hearts.id}?omit_source=true`, { token: alice.token })).body as { version: string }).version).toBe(before.version);
  });

  it('when the REST API and the pages share the origin then REST answers are unchanged', async () => {
    expect((await server.request('GET', `/api/v1/ontologies/${hearts.id}`, { token: bob.token })).status).toBe(200);
    expect((await server.request('GET', '/api/v1/nothing', { token: bob.token })).status).toBe(404);
  });
});
