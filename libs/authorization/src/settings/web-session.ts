// Browser sessions of the settings area: an HttpOnly cookie with a random token, the row
// keyed by its hash (a database leak reveals no usable cookie), a CSRF token per session.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { DbClient } from '@oms/db';

export const SESSION_COOKIE = 'oms_session';
const TTL_MS = 12 * 3600 * 1000;

export type WebSession = { id: string; userId: string; csrfToken: string };

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export async function startSession(db: DbClient, res: Response, userId: string, secure: boolean): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.webSession.create({
    data: { id: hash(token), userId, csrfToken: randomBytes(24).toString('base64url'), expiresAt: new Date(Date.now() + TTL_MS) },
  });
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: TTL_MS });
}

export async function currentSession(db: DbClient, req: Request): Promise<WebSession | null> {
  const token = cookieValue(req, SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  const row = await db.webSession.findUnique({ where: { id: hash(token) } });
  if (!row || row.expiresAt < new Date()) return null;
  return { id: row.id, userId: row.userId, csrfToken: row.csrfToken };
}

export async function endSession(db: DbClient, req: Request, res: Response): Promise<void> {
  const token = cookieValue(req, SESSION_COOKIE);
  if (token) await db.webSession.deleteMany({ where: { id: hash(token) } });
  res.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function sameToken(expected: string, given: unknown): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(typeof given === 'string' ? given : '');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Before sign-in there is no session: a double-submit cookie protects the sign-in form. */
export function preSessionCsrf(req: Request, res: Response, secure: boolean): string {
  const existing = cookieValue(req, 'oms_csrf');
  if (existing && /^[A-Za-z0-9_-]{32}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  res.cookie('oms_csrf', token, { httpOnly: true, sameSite: 'strict', secure, path: '/sign-in' });
  return token;
}

export function preSessionCsrfOk(req: Request, given: unknown): boolean {
  const cookie = cookieValue(req, 'oms_csrf');
  return Boolean(cookie) && sameToken(cookie ?? '', given);
}
