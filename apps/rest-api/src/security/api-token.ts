// API tokens: 256 random bits shown once, stored only as their SHA-256.
import { createHash, randomBytes } from 'node:crypto';

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

export function lastUseIsStale(lastUsedAt: Date | null, at: Date): boolean {
  return !lastUsedAt || at.getTime() - lastUsedAt.getTime() > TOUCH_INTERVAL_MS;
}
