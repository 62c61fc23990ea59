// The authorization server as its own process: OAuth metadata and the settings area, with
// the account use cases run in that process on the shared database.
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { chromiumAvailable, launchChromium, suiteCanRun } from '@oms/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEnv, signUp, startApp, type RunningApp } from './support/processes.js';

const INTERNAL_TOKEN = randomBytes(24).toString('hex');

describe.runIf(suiteCanRun('the auth-server suite', { 'PostgreSQL (DATABASE_URL)': Boolean(process.env['DATABASE_URL']), Chromium: chromiumAvailable() }))('auth-server process', () => {
  let rest: RunningApp;
  let authServer: RunningApp;
  let database: Awaited<ReturnType<typeof databaseEnv>>;
  let browser: Browser;

  beforeAll(async () => {
    database = await databaseEnv();
    rest = await startApp('rest-api', { ...database.env, INTERNAL_TOKEN, AUTH_ENDPOINT: 'off' });
    authServer = await startApp('auth-server', { ...database.env });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await authServer?.stop();
    await rest?.stop();
    await database?.dispose();
  });

  it('when the metadata is read then the auth server answers it and the REST app (auth off) does not', async () => {
    const metadata = await fetch(`${authServer.url}/.well-known/oauth-authorization-server`);
    expect(metadata.status).toBe(200);
    expect(((await metadata.json()) as { issuer: string }).issuer).toBe(authServer.url);
    expect((await fetch(`${rest.url}/.well-known/oauth-authorization-server`)).status).toBe(404);
  });

  it('when a user creates a token in its settings then the token works on the REST app', async () => {
    const user = await signUp(rest.url);
    const page = await browser.newPage();
    await page.goto(`${authServer.url}/sign-in`);
    await page.fill('input[name=email]', user.email);
    await page.fill('input[name=password]', 'long enough pw');
    await page.click('button[type=submit]');
    await page.waitForURL('**/settings/api-tokens');
    await page.fill('input[name=name]', 'from the auth server');
    await page.click('text=Create token');
    const token = (await page.textContent('#new-token'))?.trim() ?? '';
    expect(token).toMatch(/^oms_/);
    const me = await fetch(`${rest.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    await page.goto(`${authServer.url}/settings/two-factor`);
    await page.click('text=Set up');
    expect((await page.textContent('#totp-secret'))?.trim()).toMatch(/^[A-Z2-7]{16,}$/);
    await page.close();
  });

  it('when the internal API is called without the shared token then the REST app refuses', async () => {
    const response = await fetch(`${rest.url}/internal/trpc/users.find?input=${encodeURIComponent(JSON.stringify({ user_id: 'x' }))}`);
    expect(response.status).toBe(401);
  });
});
