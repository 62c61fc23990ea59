// The credential a caller acts with, carried beside the acting user so that every write can
// re-read it inside its own transaction (revoked since the request began: 401). Between the
// MCP gateway and the REST app it travels in one header, `<kind> <id>`.

export const CREDENTIAL_KINDS = ['api_token', 'oauth_grant'] as const;

/** An API token (by its row id) or an OAuth grant (by its id, the `gid` of access tokens). */
export type CallerCredential = { kind: (typeof CREDENTIAL_KINDS)[number]; id: string };

export const CREDENTIAL_HEADER = 'x-oms-credential';

const ID = /^[A-Za-z0-9_-]{1,256}$/;

export function formatCredential(credential: CallerCredential): string {
  return `${credential.kind} ${credential.id}`;
}

/** The credential a header names, or undefined when it names none (absent or malformed). */
export function parseCredential(value: unknown): CallerCredential | undefined {
  if (typeof value !== 'string') return undefined;
  const [kind, id, ...extra] = value.split(' ');
  if (extra.length > 0 || id === undefined || !ID.test(id)) return undefined;
  const known = CREDENTIAL_KINDS.find((candidate) => candidate === kind);
  return known ? { kind: known, id } : undefined;
}
