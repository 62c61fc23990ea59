// The web interface in real Chromium (DESIGN 9): sign-in sends the browser back to the page it
// asked for, every page renders under its strict CSP without JavaScript errors, axe-core finds no
// serious or critical violation, nothing is loaded from another origin, and nothing is wider than
// a 390 px phone. With SCREENSHOTS_DIR set, each page is kept at desktop and phone width.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumAvailable, launchChromium, suiteCanRun } from '@oms/testing';
import { createOntology, signUpUser, type SignedUpUser } from './support/test-server.js';
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
    page.on('request', (request) => {
      if (!request.url().startsWith(server.baseUrl)) foreign.push(request.url());
    });
    page.on('console', (message) => {
      // The not-found page (404) and the forged upload's refusal (403) are answered on purpose; the browser logs them.
      if (message.type() === 'error' && !/status of 40[34]/.test(message.text())) errors.push(message.text());
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
    await open(page, `/ontologies/${anatomy.id}`, 'ontology');
    await page.click('a[aria-label^="2 children of anatomical"]');
    expect(await page.textContent('#terms')).toContain('Children of anatomical entity');
    await check(page);
    await shoot(page, 'ontology-tree');
    await open(page, term, 'term');
    await open(page, `/ontologies/${anatomy.id}/history`, 'history');
    await open(page, `/ontologies/${anatomy.id}/diff`, 'diff');
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
    await page.goto(`${server.baseUrl}/ontologies/${anatomy.id}/upload`);
    await page.fill('input[name=message]', 'Add the artery');
    await page.selectOption('select[name=version_bump]', 'minor');
    await page.setInputFiles('input[name=source]', file);
    await page.click('button[type=submit]');
    await page.waitForURL(`**/ontologies/${anatomy.id}/history`);
    expect(await page.textContent('main')).toContain('Add the artery');
    const read = await server.request('GET', `/api/v1/ontologies/${anatomy.id}`, { token: curator.token });
    expect(read.body).toMatchObject({ version: '1.1.0', source: V3 });

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
    await context.close();
  }, 120_000);
});
