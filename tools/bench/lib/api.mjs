// The REST API as the cases use it: sign-up, ontologies, commits. Every request has a timeout.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

const REQUEST_TIMEOUT_MS = 120_000;

async function request(baseUrl, method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

function expectStatus(result, status, what) {
  if (result.status !== status) throw new Error(`${what}: expected ${status}, got ${result.status} ${result.text.slice(0, 300)}`);
  return result.json;
}

/** A new user with an API token; `label` only makes the e-mail readable. */
export async function signUp(baseUrl, label) {
  const email = `bench-${label}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'bench password 1';
  const body = { user: { email, password, password_confirmation: password, name: `Bench ${label}` } };
  const json = expectStatus(await request(baseUrl, 'POST', '/api/v1/users', { body }), 201, 'sign-up');
  return { id: json.user.id, email, password, token: json.user.api_tokens[0].token };
}

const cookiesOf = (headers) => headers.getSetCookie().map((line) => line.split(';')[0] ?? '');

/** Signs `user` in through the sign-in form (its CSRF cookie and token) and gives the web session's cookie. */
export async function webSessionCookie(baseUrl, user) {
  const form = await fetch(`${baseUrl}/sign-in`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const response = await fetch(`${baseUrl}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookiesOf(form.headers).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, email: user.email, password: user.password }).toString(),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const session = cookiesOf(response.headers).filter((cookie) => /^(__Host-)?oms_session=./.test(cookie)).pop();
  if (response.status !== 303 || !session) throw new Error(`web sign-in: expected 303 with a session cookie, got ${response.status}`);
  return session;
}

/** GET of a web page with the session cookie: its status, its HTML and the time to the last byte (ms). */
export async function timedPage(baseUrl, path, cookie) {
  const begun = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: { cookie }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const html = await response.text();
  return { status: response.status, html, ms: performance.now() - begun };
}

/** Calls for one signed-in user. */
export function apiFor(baseUrl, token) {
  return {
    baseUrl,
    token,
    request: (method, path, body) => request(baseUrl, method, path, { token, body }),
    async createOntology(ontology) {
      return expectStatus(await request(baseUrl, 'POST', '/api/v1/ontologies', { token, body: { ontology } }), 201, 'create ontology');
    },
    async readOntology(id) {
      return expectStatus(await request(baseUrl, 'GET', `/api/v1/ontologies/${id}`, { token }), 200, 'read ontology');
    },
    async commitCount(id) {
      const json = expectStatus(await request(baseUrl, 'GET', `/api/v1/ontologies/${id}/commits?per_page=100`, { token }), 200, 'list commits');
      return json.pagination.total;
    },
  };
}
