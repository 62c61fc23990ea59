// Time-based one-time passwords (RFC 6238): 6 digits, 30 s, SHA-1, one step of drift.
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({ issuer: 'Ontology Service', label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

export function totpUri(secret: string, label: string): string {
  return totpFor(secret, label).toString();
}

/** The time step the code belongs to, or null when the code is wrong. */
export function matchTotp(secret: string, code: string, now: Date): bigint | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret, 'check').validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return BigInt(Math.floor(now.getTime() / 1000 / PERIOD) + delta);
}

export function totpCode(secret: string, at: Date): string {
  return totpFor(secret, 'code').generate({ timestamp: at.getTime() });
}
