// Is a backing service here? Suites that need PostgreSQL or Redis skip without them, unless
// REQUIRE_SERVICES=1 makes a missing one a failure.
import { connect } from 'node:net';
import pg from 'pg';

/**
 * For `describe.runIf`: true when everything the suite needs is here (`needs` maps each thing
 * to whether it is). A missing one skips the suite, except under REQUIRE_SERVICES=1, where it
 * throws: the test file fails instead of passing with the suite silently skipped.
 */
export function suiteCanRun(suite: string, needs: Record<string, boolean>, env: NodeJS.ProcessEnv = process.env): boolean {
  const missing = Object.entries(needs).filter(([, here]) => !here).map(([what]) => what);
  if (missing.length === 0) return true;
  if (env['REQUIRE_SERVICES'] === '1') throw new Error(`REQUIRE_SERVICES=1 but ${suite} cannot run without ${missing.join(', ')}`);
  return false;
}

/** True when PostgreSQL at `url` accepts a connection and answers a query within 3 s. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** True when a Redis server at `url` answers PING (or asks for a password) within 3 s. */
export function redisAnswers(url: string): Promise<boolean> {
  const parsed = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: parsed.hostname, port: Number(parsed.port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(3_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}

/** `url` with its database (path) replaced by `name`: postgres://host/name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Drops database `name` on the server of `url` (closing its connections); missing is fine. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}
