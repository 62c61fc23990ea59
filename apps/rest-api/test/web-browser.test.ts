// The web interface in real Chromium (DESIGN 9): sign-in sends the browser back to the page it
// asked for, every page renders under its strict CSP without JavaScript errors, axe-core finds no
// serious or critical violation, nothing is loaded from another origin, and nothing is wider than
// a 390 px phone. With SCREENSHOTS_DIR set, each page is kept at desktop and phone width.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium, suiteCanRun } from '@oms/testing';
import { createOntology, FIXTURES, signUpUser, type SignedUpUser } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const SOURCE = `@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix obo: <http://purl.obolibrary.org/obo/> .
@prefix ex: <http://example.org/anatomy#> .
ex:AnatomicalEntity a owl:Class ; rdfs:label "anatomical entity" ; obo:IAO_0000115 "A part of an organism's body." .
ex:Organ a owl:Class ; rdfs:label "organ" ; rdfs:subClassOf ex:AnatomicalEntity ; obo:IAO_0000115 "A self-contained part of an organism with a specific function." .
obo:HP_0000001 a owl:Class ; rdfs:label "heart" ; skos:altLabel "cor", "cardiac muscle organ" ; rdfs:subClassOf ex:Organ ;
  obo:IAO_0000115 "A hollow, muscular organ that pumps blood through the circulatory system by rhythmic contraction." .
ex:Valve a owl:Class ; rdfs:label "heart valve" ; rdfs:subClassOf obo:HP_0000001 .
ex:Atrium a owl:Class ; rdfs:label "cardiac atrium" ; rdfs:subClassOf obo:HP_0000001 .
ex:Ventricle a owl:Class ; rdfs:label "cardiac ventricle" ; rdfs:subClassOf obo:HP_0000001 .
ex:Lung a owl:Class ; rdfs:label "lung" ; rdfs:subClassOf ex:Organ .
ex:Process a owl:Class ; rdfs:label "biological process" .
`;
const V2 = SOURCE.replace('"heart valve"', '"cardiac valve"') + 'ex:Vessel a owl:Class ; rdfs:label "blood vessel" ; rdfs:subClassOf ex:AnatomicalEntity .\n';
const HEART = 'http://purl.obolibrary.org/obo/HP_0000001';
const ORM_DEMO = readFileSync(new URL('ontologies/orm/PersonCountryDemo.orm', FIXTURES), 'utf8');

describe.runIf(suiteCanRun('web pages in Chromium', { chromium: chromiumAvailable() }))('web pages in Chromium', () => {
  const { server } = useTestServer({ port: 'free' });
  let browser: Browser;
  let curator: SignedUpUser;
  let anatomy: { id: string };
  let secret: { id: string };

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function shoot(page: Page, name: string) {
    const dir = process.env['SCREENSHOTS_DIR'];
    if (!dir) return;
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.screenshot({ path: `${dir}/web-${name}-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${dir}/web-${name}-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });
  }

  /** axe-core (evaluated by the test, not by the page: the CSP allows no script) and the phone width. */
  async function check(page: Page) {
    await page.evaluate(AXE);
    const violations = await page.evaluate(async () => {
      const result = await (globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) }));
    });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    // The page's own width (evaluated in the browser, where `document` exists).
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 860 });
  }

  async function open(page: Page, path: string, name: string) {
    const response = await page.goto(`${server.baseUrl}${path}`);
    expect(response?.status(), path).toBe(200);
    await check(page);
    await shoot(page, name);
  }

  it('when a curator signs in from a page then every page works, is accessible and fits a phone', async () => {
    curator = await signUpUser(server, { name: 'Cora Curator' });
    anatomy = await createOntology(server, curator.token, {
      title: 'Heart anatomy',
      description: 'Parts of the heart and the organs around it, with definitions from the curators.',
      source: SOURCE,
      source_format: 'turtle',
      visibility: 'public',
    });
    await createOntology(server, curator.token, { title: 'Cell types', description: 'Kinds of cells.', source: SOURCE.replace(/anatomy/g, 'cells'), source_format: 'turtle', visibility: 'public' });
    const patched = await server.request('PATCH', `/api/v1/ontologies/${anatomy.id}`, { token: curator.token, json: { ontology: { source: V2 }, change_summary: 'Rename the valve; add blood vessels' } });
    expect(patched.status).toBe(200);

    const context = await browser.newContext();
    const foreign: string[] = [];
    const errors: string[] = [];
    const page = await context.newPage();
    // Violations reported by the browser itself (the page's own scripts could not hide them).
    const cspViolations: string[] = [];
    await page.exposeFunction('reportCspViolation', (text: string) => void cspViolations.push(text));
    await context.addInitScript(() => {
      const target = globalThis as unknown as { addEventListener(type: string, cb: (e: { violatedDirective: string; blockedURI: string }) => void): void; reportCspViolation(text: string): void };
      target.addEventListener('securitypolicyviolation', (e) => target.reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`));
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl)) foreign.push(request.url());
    });
    page.on('console', (message) => {
      // The not-found page (404), the forged upload's refusal (403) and the invalid source (422)
      // are answered on purpose; the browser logs them. A CSP violation is logged as an error too.
      if (message.type() === 'error' && !/status of (40[34]|422)/.test(message.text())) errors.push(message.text());
    });

    const term = `/ontologies/${anatomy.id}/terms?iri=${encodeURIComponent(HEART)}`;
    await page.goto(`${server.baseUrl}${term}`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await check(page);
    await shoot(page, 'sign-in-return');
    await page.fill('input[name=email]', curator.email);
    await page.fill('input[name=password]', curator.password);
    await page.click('button[type=submit]');
    await page.waitForURL(`**${term}`);
    expect(await page.textContent('h1')).toBe('heart');

    await open(page, '/', 'home');
    await page.fill('input[name=q]', 'heart');
    await page.click('form[role=search] button');
    await page.waitForURL('**/search?q=heart');
    expect(await page.locator('main li').count()).toBeGreaterThan(1);
    await check(page);
    await shoot(page, 'search');
    await open(page, '/ontologies', 'ontologies');
    // A visible child is listed on its parent's page, a hidden one (another user's) is not.
    await createOntology(server, curator.token, { title: 'Heart valves', description: 'The four valves.', source: SOURCE.replace(/anatomy/g, 'valves'), source_format: 'turtle', visibility: 'public', parent_id: anatomy.id });
    const other = await signUpUser(server);
    await createOntology(server, other.token, { title: 'Someone else’s draft', source: SOURCE, source_format: 'turtle', visibility: 'private', parent_id: anatomy.id });
    await open(page, `/ontologies/${anatomy.id}`, 'ontology');
    expect(await page.textContent('section:has(#children)')).toContain('Heart valves');
    expect(await page.textContent('main')).not.toContain('Someone else');
    await page.click('a[aria-label^="2 children of anatomical"]');
    expect(await page.textContent('#terms')).toContain('Children of anatomical entity');
    await check(page);
    await shoot(page, 'ontology-tree');
    await open(page, term, 'term');
    await open(page, `/ontologies/${anatomy.id}/history`, 'history');
    await open(page, `/ontologies/${anatomy.id}/diff`, 'diff');
    // Side by side: the removed line and the line that replaced it share a row, in two columns.
    const changed = page.locator('table.sbs tr.change', { hasText: 'heart valve' });
    expect(await changed.locator('td.removed').textContent()).toContain('"heart valve"');
    expect(await changed.locator('td.added').textContent()).toContain('"cardiac valve"');
    const [left, right] = [await changed.locator('td.removed').boundingBox(), await changed.locator('td.added').boundingBox()];
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
    expect(Math.abs(right!.y - left!.y)).toBeLessThan(2);
    // At phone width the row stacks: the new line under the old one.
    await page.setViewportSize({ width: 390, height: 844 });
    const [narrowLeft, narrowRight] = [await changed.locator('td.removed').boundingBox(), await changed.locator('td.added').boundingBox()];
    expect(narrowRight!.y).toBeGreaterThan(narrowLeft!.y);
    await page.setViewportSize({ width: 1280, height: 860 });

    // An ORM model's page draws its diagram inline: visible, an image with a name, under the CSP.
    const model = await createOntology(server, curator.token, { title: 'People and countries', description: 'The ORM demo model.', source: ORM_DEMO, source_format: 'orm', visibility: 'public' });
    await open(page, `/ontologies/${model.id}`, 'ontology-diagram');
    const diagram = page.getByRole('img', { name: /.+/ }).and(page.locator('svg.diagram'));
    expect(await diagram.isVisible()).toBe(true);
    const box = await diagram.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.height).toBeGreaterThan(100);
    expect(await page.locator('svg.diagram text', { hasText: 'Person' }).count()).toBeGreaterThan(0);
    await open(page, '/ontologies/new', 'create');
    await open(page, `/ontologies/${anatomy.id}/edit`, 'edit');
    await page.fill('textarea[name=description]', 'Parts of the heart, edited in the browser.');
    await page.click('button[type=submit]');
    await page.waitForURL(`**/ontologies/${anatomy.id}`);
    expect(await page.textContent('p.lead')).toBe('Parts of the heart, edited in the browser.');

    // Upload a new version as a file: a forged token is refused, then the real form commits.
    const V3 = `${V2}ex:Artery a owl:Class ; rdfs:label "artery" ; rdfs:subClassOf ex:Vessel .\n`;
    const file = { name: 'heart-anatomy.ttl', mimeType: 'text/turtle', buffer: Buffer.from(V3) };
    await open(page, `/ontologies/${anatomy.id}/upload`, 'upload');
    await page.locator('input[name=csrf]').evaluate((input) => ((input as unknown as { value: string }).value = 'forged'));
    await page.setInputFiles('input[name=source]', file);
    const forged = page.waitForResponse((response) => response.url().endsWith('/upload') && response.request().method() === 'POST');
    await page.click('button[type=submit]');
    expect((await forged).status()).toBe(403);
    // With the script, the refusal's page content replaces the form's.
    await page.locator('main h1', { hasText: 'Not saved' }).waitFor();
    expect(await page.textContent('main [role=alert]')).toContain('CSRF');

    // A source that fails its check: the form again with why, still enhanced.
    await page.goto(`${server.baseUrl}/ontologies/${anatomy.id}/upload`);
    await page.setInputFiles('input[name=source]', { name: 'bad.ttl', mimeType: 'text/turtle', buffer: Buffer.from('ex:Cat a') });
    await page.click('button[type=submit]');
    await page.waitForSelector('main [role=alert]');
    expect(await page.textContent('main [role=alert]')).toMatch(/^source /);
    expect(await page.locator('main form[data-upload] progress[data-upload-progress]').count()).toBe(1);

    // Progress where the script runs: on a slow link the bar and the status show the bytes sent.
    const padded = `${V3}${`# ${'padding '.repeat(12)}\n`.repeat(4000)}`;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 150 * 1024 });
    const seen: { value: number; status: string }[] = [];
    await page.exposeFunction('reportUpload', (value: number, status: string) => void seen.push({ value, status }));
    await page.fill('input[name=message]', 'Add the artery');
    await page.selectOption('select[name=version_bump]', 'minor');
    await page.setInputFiles('input[name=source]', { ...file, buffer: Buffer.from(padded) });
    // Watch the bar from outside the page (evaluated by the test, not a page script).
    await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { querySelector(s: string): { value: number; textContent: string } | null } }).document;
      const report = (globalThis as unknown as { reportUpload(value: number, status: string): void }).reportUpload;
      const bar = doc.querySelector('progress[data-upload-progress]');
      const status = doc.querySelector('[data-upload-status]');
      const MutationObserverOf = (globalThis as unknown as { MutationObserver: new (cb: () => void) => { observe(node: unknown, options: object): void } }).MutationObserver;
      new MutationObserverOf(() => report(bar?.value ?? -1, status?.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
    });
    await page.click('button[type=submit]');
    await page.locator('[data-upload-status]', { hasText: /Uploaded [0-9.]+ (bytes|KiB|MiB) of/ }).waitFor();
    expect(await page.locator('progress[data-upload-progress]').isVisible()).toBe(true);
    await shoot(page, 'upload-progress');
    await page.waitForURL(`**/ontologies/${anatomy.id}/history`, { timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const partial = seen.filter((s) => s.value > 0 && s.value < 100);
    expect(partial.length, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(seen.map((s) => s.value)).toEqual([...seen.map((s) => s.value)].sort((a, b) => a - b));
    expect(seen.some((s) => s.status.startsWith('Sent; checking'))).toBe(true);
    expect(await page.textContent('main')).toContain('Add the artery');
    const read = await server.request('GET', `/api/v1/ontologies/${anatomy.id}`, { token: curator.token });
    expect(read.body).toMatchObject({ version: '1.1.0', source: padded });

    // Without JavaScript the same form posts as a plain form and lands on the history.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await plainPage.goto(`${server.baseUrl}/sign-in?return=${encodeURIComponent(`/ontologies/${anatomy.id}/upload`)}`);
    await plainPage.fill('input[name=email]', curator.email);
    await plainPage.fill('input[name=password]', curator.password);
    await plainPage.click('button[type=submit]');
    await plainPage.waitForURL(`**/ontologies/${anatomy.id}/upload`);
    expect(await plainPage.locator('progress[data-upload-progress]').isVisible()).toBe(false);
    await plainPage.fill('input[name=message]', 'Back to three terms, without script');
    await plainPage.setInputFiles('input[name=source]', file);
    await plainPage.click('button[type=submit]');
    await plainPage.waitForURL(`**/ontologies/${anatomy.id}/history`);
    expect(await plainPage.textContent('main')).toContain('Back to three terms, without script');
    await plain.close();

    secret = await createOntology(server, curator.token, { title: 'Private notes', source: SOURCE, source_format: 'turtle', visibility: 'private' });
    const stranger = await signUpUser(server);
    const strangerPage = await (await browser.newContext()).newPage();
    await strangerPage.goto(`${server.baseUrl}/sign-in?return=${encodeURIComponent(`/ontologies/${secret.id}`)}`);
    await strangerPage.fill('input[name=email]', stranger.email);
    await strangerPage.fill('input[name=password]', stranger.password);
    await strangerPage.click('button[type=submit]');
    await strangerPage.waitForURL(`**/ontologies/${secret.id}`);
    expect(await strangerPage.textContent('h1')).toBe('Not found');
    await check(strangerPage);
    await shoot(strangerPage, 'not-found');

    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
    // The watch sees violations: an inline style attribute is refused and reported.
    await page.evaluate(() => (globalThis as unknown as { document: { body: { setAttribute(n: string, v: string): void } } }).document.body.setAttribute('style', 'color: red'));
    await expect.poll(() => cspViolations.length).toBe(1);
    await context.close();
  }, 120_000);
});
