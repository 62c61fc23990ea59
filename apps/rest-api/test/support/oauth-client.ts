// An MCP OAuth client for tests: it keeps what the SDK's auth() hands it in memory, and
// records the authorization URL instead of opening a browser itself.
import { createServer } from 'node:net';
import type { OAuthClientProvider } from '@modelcontextprotocol/client';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const REDIRECT = 'http://127.0.0.1:1/callback';

export class TestOAuthProvider implements OAuthClientProvider {
  info: any;
  stored: any;
  verifier = '';
  authorizationUrl: URL | undefined;
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
}

