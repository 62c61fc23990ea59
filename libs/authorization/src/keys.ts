// Signing keys and cookie keys: generated on first start and kept in the database (shared
// by every replica), never written in code.
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { getOrCreateSecret, type DbClient } from '@oms/db';

export type ProviderKeys = { jwks: { keys: Record<string, unknown>[] }; cookieKeys: string[] };

export async function loadProviderKeys(db: DbClient): Promise<ProviderKeys> {
  const existing = await db.appSecret.findUnique({ where: { name: 'oauth_signing_jwk' } });
  let generated: string | undefined;
  if (!existing) {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    generated = JSON.stringify({ ...jwk, alg: 'ES256', use: 'sig', kid: randomBytes(8).toString('hex') });
  }
  const signing = existing?.value ?? (await getOrCreateSecret(db, 'oauth_signing_jwk', () => generated ?? ''));
  const cookie = await getOrCreateSecret(db, 'oauth_cookie_keys', () => randomBytes(32).toString('base64url'));
  return { jwks: { keys: [JSON.parse(signing) as Record<string, unknown>] }, cookieKeys: [cookie] };
}
