// The REST API as the cases use it: sign-up, ontologies, commits. Every request has a timeout.
import { randomBytes } from 'node:crypto';

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
  return { id: json.user.id, email, token: json.user.api_tokens[0].token };
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
