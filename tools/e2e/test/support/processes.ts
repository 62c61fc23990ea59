// Runs the built apps as real processes, the way they are deployed, on free loopback ports.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@oms/db/testing';
import { freePort } from '@oms/testing';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type RunningApp = { url: string; process: ChildProcess; output: () => string; stop(): Promise<void> };

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited early (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no /healthz at ${url} within 60 s:\n${output()}`);
}

export async function startApp(app: 'rest-api' | 'mcp-gateway' | 'render-worker' | 'auth-server', env: Record<string, string>): Promise<RunningApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'apps', app, 'dist', 'main.js')], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', PORT: String(port), HOST: '127.0.0.1', ...(app === 'render-worker' ? {} : { BASE_URL: url }), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  await waitForHealth(url, child, output);
  return {
    url,
    process: child,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Database settings for a child process: a fresh PostgreSQL database, or a fresh PGlite folder. */
export async function databaseEnv(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }> {
  if (process.env['DATABASE_URL']) {
    const db: TestDatabase = await createTestDatabase();
    await db.close();
    return { env: { DATABASE_URL: db.url ?? '' }, dispose: () => db.dispose() };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'oms-e2e-'));
  return { env: { DATA_DIR: dir }, dispose: () => rm(dir, { recursive: true, force: true }) };
}

export async function signUp(baseUrl: string): Promise<{ token: string; email: string; id: string }> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${baseUrl}/api/v1/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email, password: 'long enough pw', password_confirmation: 'long enough pw', name: 'E2E' } }),
  });
  const body = (await response.json()) as { user: { id: string; api_tokens: { token: string }[] } };
  return { token: body.user.api_tokens[0]?.token ?? '', email, id: body.user.id };
}
