// `sgid`: an opaque, HMAC-signed reference to a record (like a signed global id), so a
// client can hand it around without it being forgeable.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signId(key: string, model: string, id: string): string {
  const payload = Buffer.from(`gid://ontology-service/${model}/${id}`).toString('base64url');
  const mac = createHmac('sha256', key).update(payload).digest('base64url');
  return `${payload}--${mac}`;
}

/** The id inside a valid sgid of the model, else null. */
export function verifySignedId(key: string, model: string, sgid: string): string | null {
  const [payload, mac, ...rest] = sgid.split('--');
  if (!payload || !mac || rest.length > 0) return null;
  const expected = createHmac('sha256', key).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const match = /^gid:\/\/ontology-service\/([A-Za-z]+)\/(.+)$/.exec(Buffer.from(payload, 'base64url').toString());
  return match && match[1] === model ? (match[2] ?? null) : null;
}
