// An MCP OAuth client for tests: it keeps what the SDK's auth() hands it in memory, and
// records the authorization URL instead of opening a browser itself.
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/client';

export const REDIRECT = 'http://127.0.0.1:1/callback';

export class TestOAuthProvider implements OAuthClientProvider {
  info: any;
  stored: any;
  verifier = '';
  authorizationUrl: URL | undefined;
  /** What discovery found at redirect time: the SDK checks the callback leg against it (SEP-2352). */
  discovery: OAuthDiscoveryState | undefined;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata() {
    return {
      client_name: 'Test Agent <script>',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: unknown) {
    this.info = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: unknown) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

/**
 * Takes a browser through sign-in and consent for an authorization URL; answers where the
 * client was sent back (its redirect URI with code or error, and iss).
 */
export async function authorizeInBrowser(
  browser: import('playwright-core').Browser,
  authorizationUrl: URL,
  user: { email: string; password: string },
  options: {
    decision?: 'allow' | 'deny';
    expectText?: string;
    /** the browser's User-Agent, to find its requests in a proxy's access log */
    userAgent?: string;
    onPage?: (page: import('playwright-core').Page, step: 'sign-in' | 'consent') => Promise<void>;
  } = {},
): Promise<URL> {
  const context = await browser.newContext(options.userAgent ? { userAgent: options.userAgent } : {});
  const page = await context.newPage();
  let redirected: URL | undefined;
  await page.route('http://127.0.0.1:1/**', async (route) => {
    redirected = new URL(route.request().url());
    await route.fulfill({ status: 200, body: 'done' });
  });
  try {
    await page.goto(authorizationUrl.href);
    await options.onPage?.(page, 'sign-in');
    await page.fill('input[name=email]', user.email);
    await page.fill('input[name=password]', user.password);
    await page.click('button[type=submit]');
    await page.waitForSelector(`text=${options.expectText ?? 'Allow access?'}`);
    await options.onPage?.(page, 'consent');
    await page.click(`button[value=${options.decision ?? 'allow'}]`);
    for (let i = 0; i < 50 && !redirected; i++) await page.waitForTimeout(100);
  } finally {
    await context.close();
  }
  if (!redirected) throw new Error('the browser was not sent back to the client');
  return redirected;
}
