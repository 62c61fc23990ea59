// API tokens: 256 random bits shown once, stored only as their SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { touchApiToken, type Database } from '@oms/db';

export const TOKEN_PREFIX = 'oms_';

export function generateApiToken(): { token: string; tokenHash: string } {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, tokenHash: hashApiToken(token) };
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token's last use is written at most once a minute, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

/** Records that the token was used at `at`, unless its last use was written less than a minute ago. */
export async function recordUse(db: Database, tokenId: string, lastUsedAt: Date | null, at: Date): Promise<void> {
  if (!lastUsedAt || at.getTime() - lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await touchApiToken(db.prisma, tokenId, at);
}
