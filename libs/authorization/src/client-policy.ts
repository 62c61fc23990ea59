// What this server demands of a client's metadata beyond oidc-provider's own checks, for
// registered clients and Client ID Metadata Documents alike (MCP authorization 2026-07-28,
// "Communication Security" and "Client ID Metadata Documents").
import { errors } from 'oidc-provider';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for http(s) URLs on this machine: only the user's own device can receive them. */
export function isLoopbackUrl(value: string): boolean {
  const url = URL.parse(value);
  return !!url && (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * A redirect URI must use https or point at localhost; a private-use scheme (RFC 8252 7.1)
 * is left to oidc-provider, which allows it for native clients only.
 */
function redirectUriRefusal(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined; // malformed values are oidc-provider's to refuse
  if (URL.parse(value)?.protocol === 'http:' && !isLoopbackUrl(value)) return `redirect_uris must use https unless they point at localhost (${value})`;
  return undefined;
}

/** Throws the RFC 7591 error for client metadata this server does not accept. */
export function assertClientMetadataAllowed(metadata: Record<string, unknown>): void {
  const redirectUris = Array.isArray(metadata['redirect_uris']) ? (metadata['redirect_uris'] as unknown[]) : [];
  for (const uri of redirectUris) {
    const refusal = redirectUriRefusal(uri);
    // a description starting with "redirect_uris" makes the RFC 7591 code invalid_redirect_uri
    if (refusal) throw new errors.InvalidClientMetadata(refusal);
  }
  const clientId = metadata['client_id'];
  const isMetadataDocument = typeof clientId === 'string' && clientId.startsWith('https://');
  const name = metadata['client_name'];
  if (isMetadataDocument && (typeof name !== 'string' || name.trim() === '')) {
    throw new errors.InvalidClientMetadata('client_id metadata document must contain client_name');
  }
}
