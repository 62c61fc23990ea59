// Component-test harness: the real app from createApp on port 0 against a real database
// (PostgreSQL when DATABASE_URL is set, else PGlite), called over real HTTP.
import { randomUUID } from 'node:crypto';
import type { Database } from '@oms/db';
import { createTestDatabase, type TestDatabase } from '@oms/db/testing';
import { configFrom } from '../../src/config.js';
import { createApp } from '../../src/create-app.js';
import { createLogger, startServer, type RunningServer } from '@oms/platform';

export type TestServer = {
  baseUrl: string;
  db: TestDatabase;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
};

export type RequestOptions = {
  token?: string;
  json?: unknown;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
};

export type TestResponse = { status: number; headers: Headers; body: any; text: string };

export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    backend?: 'postgres' | 'pglite';
    port?: number;
    metadataFetch?: typeof fetch;
    /** Test only: what the app sees of the database (e.g. with injected faults); `db` stays the real one. */
    wrapDb?: (db: Database) => Database;
    /** The heavy-work worker (bundleHeavyWorker); without one heavy work runs on the main thread. */
    heavyWorkerFile?: URL;
  } = {},
): Promise<TestServer> {
  const db = await createTestDatabase(options);
  const logger = createLogger({ service: 'rest-api', level: 'silent' });
  // OAuth needs the issuer to be the real address: pick the port first when asked to.
  const port = options.port ?? 0;
  // Test files sign up many users from 127.0.0.1: no sign-up limit unless a test sets one.
  const config = configFrom({ PORT: String(port), SIGN_UP_LIMIT: '0', ...(port ? { BASE_URL: `http://127.0.0.1:${port}` } : {}), ...env });
  const service = createApp({
    config,
    db: options.wrapDb ? options.wrapDb(db) : db,
    logger,
    ...(options.metadataFetch ? { metadataFetch: options.metadataFetch } : {}),
    ...(options.heavyWorkerFile ? { heavyWorkerFile: options.heavyWorkerFile } : {}),
  });
  await service.ready;
  const running: RunningServer = await startServer(service.app, { port, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${running.port}`;
  return {
    baseUrl,
    db,
    request: async (method, path, options = {}) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers['authorization'] = `Bearer ${options.token}`;
      let body: string | Uint8Array | undefined = options.body;
      if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(baseUrl + path, { method, headers, body });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
    close: async () => {
      await running.close(1_000);
      await service.close();
      await db.dispose();
    },
  };
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.com`;
}

export type SignedUpUser = { id: string; email: string; name: string; password: string; token: string };

export async function signUpUser(server: TestServer, overrides: { name?: string; email?: string } = {}): Promise<SignedUpUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = 'correct horse battery';
  const name = overrides.name ?? 'Test User';
  const response = await server.request('POST', '/api/v1/users', {
    json: { user: { email, password, password_confirmation: password, name } },
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  const user = response.body.user;
  return { id: user.id, email: user.email, name: user.name, password, token: user.api_tokens[0].token };
}

export const FIXTURES = new URL('../../../../../shared/fixtures/', import.meta.url);

export type OntologyFields = {
  title?: string;
  description?: string;
  visibility?: 'public' | 'private';
  source?: string;
  source_format?: string;
  parent_id?: string | null;
  version?: string;
  account_id?: string;
};

export const TURTLE = '@prefix ex: <http://example.org/> .\nex:a ex:b ex:c .\n';

export async function createOntology(server: TestServer, token: string, fields: OntologyFields = {}, extra: Record<string, unknown> = {}) {
  const response = await server.request('POST', '/api/v1/ontologies', {
    token,
    json: { ontology: { title: 'Test ontology', source: TURTLE, source_format: 'turtle', ...fields }, ...extra },
  });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text.slice(0, 500)}`);
  return response.body;
}
