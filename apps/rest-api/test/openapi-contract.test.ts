// Every documented route is called for real, and each answer must validate against the
// OpenAPI document the service serves (not against the zod schemas it came from).
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@oms/contracts';
import { chromiumAvailable, suiteCanRun } from '@oms/testing';
import { totpCode } from '@oms/ontology-service';
import { createOntology, FIXTURES, signUpUser, TURTLE, type TestResponse, type TestServer } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server } = useTestServer();
let document: any;
const seen: { method: string; template: string; response: TestResponse }[] = [];

beforeAll(async () => {
  document = (await server.request('GET', '/api/v1/openapi.json')).body;
});

async function call(method: string, template: string, params: Record<string, string>, options: Parameters<TestServer['request']>[2] = {}) {
  const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '');
  const response = await server.request(method.toUpperCase(), `/api/v1${path}`, options);
  seen.push({ method, template: template.replace(/\?.*$/, ''), response });
  return response;
}

describe('the OpenAPI document', () => {
  it('when served then it is OpenAPI 3.1 with every route', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const route of ROUTES) expect(document.paths[`/api/v1${route.path}`]?.[route.method], `${route.method} ${route.path}`).toBeDefined();
  });

  it('when the reference page is opened then it loads its assets from this service only', async () => {
    const page = await server.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/https?:\/\//);
    expect((await server.request('GET', '/api/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
  });

  it('when every route is called then each real answer validates against the document', async () => {
    const user = await signUpUser(server);
    const other = await signUpUser(server);
    const t = { token: user.token };
    await call('post', '/users', {}, { json: { user: { email: `c-${Date.now()}@example.com`, password: 'long enough pw', password_confirmation: 'long enough pw', name: 'C' } } });
    await call('post', '/auth', {}, { json: { email: user.email, password: user.password } });
    await call('post', '/auth', {}, { json: { email: user.email, password: 'wrong password' } });
    await call('get', '/me', {}, t);
    await call('get', '/me', {});
    await call('put', '/password', {}, { ...t, json: { user: { current_password: user.password, password: user.password, password_confirmation: user.password } } });
    await call('get', '/accounts', {}, t);
    const team = await call('post', '/accounts', {}, { ...t, json: { account: { name: 'Team' } } });
    await call('post', '/accounts', {}, { ...t, json: { account: { name: '' } } });
    await call('get', '/accounts/{id}', { id: team.body.id }, t);
    const member = await call('post', '/accounts/{id}/account_users', { id: team.body.id }, { ...t, json: { account_user: { email: other.email } } });
    await call('delete', '/accounts/{id}/account_users/{account_user_id}', { id: team.body.id, account_user_id: member.body.id }, t);
    await call('post', '/accounts/{id}/account_users', { id: team.body.id }, { ...t, json: { account_user: { email: other.email } } });
    await call('delete', '/accounts/{id}/account_users', { id: team.body.id }, { ...t, json: { user_id: other.id } });
    await call('get', '/api_tokens', {}, t);
    const token = await call('post', '/api_tokens', {}, { ...t, json: { api_token: { name: 'x' } } });
    await call('delete', '/api_tokens/{id}', { id: token.body.id }, t);
    await call('post', '/notification_tokens', {}, { ...t, json: { token: 'd', platform: 'web' } });
    await call('delete', '/notification_tokens', {}, { ...t, json: { token: 'd', platform: 'web' } });
    await call('get', '/two_factor', {}, t);
    const twoFactor = await call('post', '/two_factor', {}, t);
    await call('post', '/two_factor/confirm', {}, { ...t, json: { password: user.password, otp_attempt: totpCode(twoFactor.body.secret, new Date(Date.now() - 30_000)) } });
    await call('delete', '/two_factor', {}, { ...t, json: { password: user.password, otp_attempt: totpCode(twoFactor.body.secret, new Date()) } });
    const parent = await createOntology(server, user.token);
    await call('get', '/ontologies', {}, t);
    await call('get', '/ontologies', {}, { ...t, headers: {} });
    await call('get', '/ontologies', {}, { token: user.token, headers: { 'x-probe': '1' } });
    const created = await call('post', '/ontologies', {}, { ...t, json: { ontology: { title: 'Child', source: TURTLE, source_format: 'turtle', parent_id: parent.id } } });
    await call('post', '/ontologies', {}, { ...t, json: { ontology: { title: '', source: TURTLE, source_format: 'turtle' } } });
    await call('get', '/ontologies/{id}', { id: created.body.id }, t);
    await call('get', '/ontologies/{id}', { id: created.body.id }, { token: other.token });
    await call('patch', '/ontologies/{id}', { id: created.body.id }, { ...t, json: { ontology: { source: `${TURTLE}# v2\n` } } });
    await call('patch', '/ontologies/{id}', { id: created.body.id }, { ...t, headers: { 'if-match': '"stale"' }, json: { ontology: { title: 'x' } } });
    await call('get', '/ontologies/{id}/children', { id: parent.id }, t);
    const commits = await call('get', '/ontologies/{id}/commits', { id: created.body.id }, t);
    await call('get', '/ontologies/{id}/commits/{commit_id}', { id: created.body.id, commit_id: commits.body.data[0].id }, t);
    await call('get', '/ontologies/{id}/commits?version=1.0.0', { id: created.body.id }, t);
    await call('get', '/ontologies/{id}?version=1.0.0', { id: created.body.id }, t);
    await call('get', '/ontologies/{id}?commit_id=not-a-commit', { id: created.body.id }, t);
    await call('get', '/ontologies/{id}/diff', { id: created.body.id }, t);
    await call('get', '/ontologies/{id}/diff?from=1.0.1&to=1.0.0', { id: created.body.id }, t);
    await call('get', '/ontologies/{id}/diff', { id: created.body.id }, { ...t, headers: { accept: 'text/x-diff' } });
    await call('get', '/ontologies/{id}/diff', { id: created.body.id }, { ...t, headers: { accept: 'image/png' } });
    await call('get', '/ontologies/{id}/source', { id: created.body.id }, t);
    await call('get', '/ontologies/{id}/source?format=rdfxml&version=1.0.0', { id: created.body.id }, t);
    await call('get', '/ontologies/{id}/source?format=pdf', { id: created.body.id }, t);
    const yaml = await createOntology(server, user.token, { source: 'a: 1\n', source_format: 'yaml' });
    await call('get', '/ontologies/{id}/source', { id: yaml.id }, { ...t, headers: { accept: 'text/turtle' } });
    await call('get', '/ontologies/{id}/diff', { id: yaml.id }, t);
    const orm = await createOntology(server, user.token, { source: readFileSync(new URL('ontologies/orm/PersonCountryDemo.orm', FIXTURES), 'utf8'), source_format: 'orm' });
    await call('get', '/ontologies/{id}/diagram.svg', { id: orm.id }, t);
    await call('get', '/ontologies/{id}/diagram.svg?diagram=no-such-diagram', { id: orm.id }, t);
    await call('get', '/ontologies/{id}/diagram.png', { id: created.body.id }, t);
    if (suiteCanRun('the diagram.png call', { Chromium: chromiumAvailable() })) await call('get', '/ontologies/{id}/diagram.png', { id: orm.id }, t);
    const termIri = encodeURIComponent('http://example.org/a');
    await call('get', '/terms?q=a', {}, t);
    await call('get', '/terms?q=', {}, t);
    await call('get', '/ontologies/{id}/terms', { id: created.body.id }, t);
    await call('get', `/ontologies/{id}/term?iri=${termIri}`, { id: created.body.id }, t);
    await call('get', `/ontologies/{id}/term/history?iri=${termIri}`, { id: created.body.id }, t);
    await call('get', '/ontologies/{id}/commits/{commit_id}/changes', { id: created.body.id, commit_id: commits.body.data[0].id }, t);
    // A version whose terms are not written yet (a large source indexed in the background): 409.
    await server.db.sql.query(`UPDATE "commits" SET "terms_indexed" = FALSE WHERE "id" = $1::uuid`, [commits.body.data[0].id]);
    expect((await call('get', `/ontologies/{id}/terms?commit_id=${commits.body.data[0].id}`, { id: created.body.id }, t)).status).toBe(409);
    await call('delete', '/ontologies/{id}', { id: created.body.id }, t);
    await call('get', '/ontologies/{id}', { id: created.body.id }, t);
    await call('delete', '/me', {}, { token: other.token });

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(document, 'openapi');
    for (const route of ROUTES) {
      expect(seen.some((s) => s.method === route.method && s.template === route.path), `${route.method} ${route.path} was not exercised`).toBe(true);
    }
    for (const { method, template, response } of seen) {
      const operation = document.paths[`/api/v1${template}`][method];
      const documented = operation.responses[String(response.status)];
      expect(documented, `${method} ${template} answered an undocumented ${response.status}`).toBeDefined();
      if (!documented.content) {
        expect(response.text, `${method} ${template} ${response.status} should have no body`).toBe('');
        continue;
      }
      const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
      expect(Object.keys(documented.content), `${method} ${template} ${response.status} answered an undocumented ${mediaType}`).toContain(mediaType);
      if (mediaType !== 'application/json') {
        // Downloads and text diffs are documented as strings: any text of the documented type.
        expect(typeof response.text).toBe('string');
        continue;
      }
      const pointer = `openapi#/paths/${`/api/v1${template}`.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/${response.status}/content/application~1json/schema`;
      const validate = ajv.compile({ $ref: pointer });
      expect(validate(response.body), `${method} ${template} ${response.status}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
