import { describe, expect, it } from 'vitest';
import { assertClientMetadataAllowed, isLoopbackUrl } from './client-policy.js';

describe('client policy', () => {
  it('when a redirect URI is http outside localhost then it is refused as invalid_redirect_uri', () => {
    expect(() => assertClientMetadataAllowed({ redirect_uris: ['https://a.example/cb', 'http://a.example/cb'] })).toThrow(
      expect.objectContaining({ error: 'invalid_redirect_uri' }),
    );
  });

  it('when redirect URIs are https, loopback http or a private-use scheme then they pass', () => {
    for (const uri of ['https://a.example/cb', 'http://localhost:3000/cb', 'http://127.0.0.1/cb', 'http://[::1]:8/cb', 'com.example.app:/cb']) {
      expect(() => assertClientMetadataAllowed({ redirect_uris: [uri] }), uri).not.toThrow();
    }
  });

  it('when a metadata document has no client_name then it is refused', () => {
    expect(() => assertClientMetadataAllowed({ client_id: 'https://a.example/client.json', redirect_uris: [] })).toThrow(
      expect.objectContaining({ error: 'invalid_client_metadata' }),
    );
    expect(() => assertClientMetadataAllowed({ client_id: 'registered-id', redirect_uris: [] })).not.toThrow();
  });

  it('when a URL names localhost, 127.0.0.1 or [::1] then it is loopback, and a look-alike is not', () => {
    expect(['http://localhost/x', 'http://127.0.0.1:9/x', 'http://[::1]/x'].every(isLoopbackUrl)).toBe(true);
    expect(['http://localhost.evil.example/x', 'https://example.com/x', 'cursor://localhost/x', 'nonsense'].some(isLoopbackUrl)).toBe(false);
  });
});
