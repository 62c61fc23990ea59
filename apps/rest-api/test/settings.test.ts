// The settings area in a real browser: API tokens, two-factor authentication and
// connected apps, each checked against what REST and /mcp then accept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@modelcontextprotocol/client';
import type { Browser, Page } from 'playwright-core';
import { totpCode } from '@oms/ontology-service';
import { authorizeInBrowser, chromiumAvailable, launchChromium, TestOAuthProvider } from '@oms/testing';
import { signUpUser, type SignedUpUser } from './support/test-server.js';
import { useTestServer } from './support/use-test-server.js';

const { server } = useTestServer({ port: 'free' });
let browser: Browser;
beforeAll(async () => {
  if (!chromiumAvailable() && process.env['REQUIRE_SERVICES'] === '1') throw new Error('Chromium is required (apt-get install chromium)');
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function shoot(page: Page, name: string) {
  const dir = process.env['SCREENSHOTS_DIR'];
  if (!dir) return;
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 860 });
}

async function signIn(page: Page, user: SignedUpUser, otp?: string) {
  await page.goto(`${server.baseUrl}/sign-in`);
  await page.fill('input[name=email]', user.email);
  await page.fill('input[name=password]', user.password);
  if (otp) await page.fill('input[name=otp_attempt]', otp);
  await page.click('button[type=submit]');
}

const mcpList = (token: string) =>
  server.request('POST', '/mcp', {
    token,
    headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });

describe('settings', () => {
  it('when a token is created in settings then it works on REST and /mcp until it is revoked', async () => {
    const user = await signUpUser(server, { name: 'Sam Settings' });
    const page = await browser.newPage();
    await signIn(page, user);
    await page.waitForURL('**/settings/api-tokens');
    await page.fill('input[name=name]', 'browser token');
    await page.click('text=Create token');
    const token = (await page.textContent('#new-token'))?.trim() ?? '';
    await shoot(page, 'settings-api-tokens');
    expect(token).toMatch(/^oms_/);
    expect((await server.request('GET', '/api/v1/me', { token })).status).toBe(200);
    expect((await mcpList(token)).status).toBe(200);
    const row = page.locator('tr', { hasText: 'browser token' });
    await row.locator('button', { hasText: 'Revoke' }).click();
    await page.waitForURL('**/settings/api-tokens');
    expect((await server.request('GET', '/api/v1/me', { token })).status).toBe(401);
    expect((await mcpList(token)).status).toBe(401);
    await page.close();
  });

  it('when two-factor is turned on in settings then sign-in and POST /api/v1/auth need a code', async () => {
    const user = await signUpUser(server, { name: 'Tess Totp' });
    const page = await browser.newPage();
    await signIn(page, user);
    await page.goto(`${server.baseUrl}/settings/two-factor`);
    await page.click('text=Set up');
    const secret = (await page.textContent('#totp-secret'))?.trim() ?? '';
    await shoot(page, 'settings-two-factor');
    await page.fill('input[name=password]', user.password);
    await page.fill('input[name=otp_attempt]', totpCode(secret, new Date(Date.now() - 30_000)));
    await page.click('text=Turn on');
    await page.waitForSelector('text=Two-factor authentication is on.');
    expect((await server.request('POST', '/api/v1/auth', { json: { email: user.email, password: user.password } })).status).toBe(401);
    const withCode = await server.request('POST', '/api/v1/auth', { json: { email: user.email, password: user.password, otp_attempt: totpCode(secret, new Date()) } });
    expect(withCode.status).toBe(200);

    const fresh = await browser.newPage();
    await signIn(fresh, user);
    await fresh.waitForSelector('text=Enter the current code');
    await signIn(fresh, user, totpCode(secret, new Date(Date.now() + 30_000)));
    await fresh.waitForURL('**/settings/api-tokens');
    await fresh.close();
    await page.close();
  });

  it('when two-factor is turned on or off in settings with a wrong password then it is refused with the one message for any wrong factor', async () => {
    const user = await signUpUser(server, { name: 'Wanda Wrong' });
    const page = await browser.newPage();
    await signIn(page, user);
    await page.goto(`${server.baseUrl}/settings/two-factor`);
    await page.click('text=Set up');
    const secret = (await page.textContent('#totp-secret'))?.trim() ?? '';
    await page.fill('input[name=password]', 'not my password');
    await page.fill('input[name=otp_attempt]', totpCode(secret, new Date()));
    const [refused] = await Promise.all([page.waitForNavigation(), page.click('text=Turn on')]);
    expect(refused?.status()).toBe(422);
    expect(await page.textContent('[role=alert]')).toContain('password or one-time code is invalid');
    expect((await server.request('GET', '/api/v1/two_factor', { token: user.token })).body).toEqual({ enabled: false });

    await page.click('text=Set up');
    const confirmed = (await page.textContent('#totp-secret'))?.trim() ?? '';
    await page.fill('input[name=password]', user.password);
    await page.fill('input[name=otp_attempt]', totpCode(confirmed, new Date(Date.now() - 30_000)));
    await page.click('text=Turn on');
    await page.waitForSelector('text=Two-factor authentication is on.');
    await page.fill('input[name=password]', 'not my password');
    await page.fill('input[name=otp_attempt]', totpCode(confirmed, new Date()));
    const [offRefused] = await Promise.all([page.waitForNavigation(), page.click('text=Turn off')]);
    expect(offRefused?.status()).toBe(422);
    expect(await page.textContent('[role=alert]')).toContain('password or one-time code is invalid');
    expect((await server.request('GET', '/api/v1/two_factor', { token: user.token })).body).toEqual({ enabled: true });
    await page.close();
  });

  it('when an app is revoked under connected apps then its access token stops working', async () => {
    const user = await signUpUser(server, { name: 'Cora Connected' });
    const provider = new TestOAuthProvider();
    const serverUrl = `${server.baseUrl}/mcp`;
    await auth(provider, { serverUrl });
    const redirected = await authorizeInBrowser(browser, provider.authorizationUrl as URL, user);
    await auth(provider, { serverUrl, authorizationCode: redirected.searchParams.get('code') ?? '', iss: redirected.searchParams.get('iss') ?? '' });
    const accessToken = provider.stored.access_token as string;
    expect((await mcpList(accessToken)).status).toBe(200);

    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, user);
    await page.goto(`${server.baseUrl}/settings/connected-apps`);
    await shoot(page, 'settings-connected-apps');
    const row = page.locator('tr', { hasText: 'Test Agent' });
    await row.locator('button', { hasText: 'Revoke' }).click();
    await page.waitForURL('**/settings/connected-apps');
    expect(await page.textContent('main')).toContain('No applications are connected.');
    expect((await mcpList(accessToken)).status).toBe(401);
    await context.close();
  });

  it('when a settings form is posted without its CSRF token then it is refused', async () => {
    const user = await signUpUser(server);
    const page = await browser.newPage();
    await signIn(page, user);
    await page.waitForURL('**/settings/api-tokens');
    await page.locator('form[action="/settings/api-tokens"] input[name=csrf]').evaluate((input) => input.setAttribute('value', 'forged'));
    await page.fill('input[name=name]', 'x');
    const [response] = await Promise.all([page.waitForNavigation(), page.click('text=Create token')]);
    expect(response?.status()).toBe(403);
    const anonymous = await fetch(`${server.baseUrl}/settings/api-tokens`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    await page.close();
  });
});
