// Browser sessions of the settings area and the web interface: an HttpOnly cookie with a random
// token, the row keyed by its hash (a database leak reveals no usable cookie), a CSRF token per
// session. Where rows live is the caller's (WebSessionStore: the WebSession table).
// Behind https the cookies carry the __Host- prefix: a sibling subdomain or a plain-http
// response on the same host cannot plant or shadow them (session fixation, login CSRF).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/** The session rows, by the hash of the cookie's token. */
export type WebSessionStore = {
  create(row: { id: string; userId: string; csrfToken: string; expiresAt: Date }): Promise<unknown>;
  find(id: string): Promise<{ id: string; userId: string; csrfToken: string; expiresAt: Date } | null>;
  delete(id: string): Promise<unknown>;
};

export const SESSION_COOKIE = 'oms_session';
const CSRF_COOKIE = 'oms_csrf';
const TTL_MS = 12 * 3600 * 1000;

export type WebSession = { id: string; userId: string; csrfToken: string };

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The cookie's name: with the __Host- prefix when cookies are Secure (the browser allows it only then). */
const cookieName = (name: string, secure: boolean) => (secure ? `__Host-${name}` : name);

/** Our cookie values are base64url; anything else (a malformed %-escape included) counts as absent. */
export function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    const value = rest.join('=');
    return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : undefined;
  }
  return undefined;
}

export async function startSession(store: WebSessionStore, res: Response, userId: string, secure: boolean): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await store.create({ id: hash(token), userId, csrfToken: randomBytes(24).toString('base64url'), expiresAt: new Date(Date.now() + TTL_MS) });
  res.cookie(cookieName(SESSION_COOKIE, secure), token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: TTL_MS });
}

export async function currentSession(store: WebSessionStore, req: Request, secure: boolean): Promise<WebSession | null> {
  const token = cookieValue(req, cookieName(SESSION_COOKIE, secure));
  if (!token) return null;
  const row = await store.find(hash(token));
  if (!row || row.expiresAt < new Date()) return null;
  return { id: row.id, userId: row.userId, csrfToken: row.csrfToken };
}

/** Ends the browser's session, if it has one: on sign-out, and before a sign-in starts a new one. */
export async function endSession(store: WebSessionStore, req: Request, res: Response, secure: boolean): Promise<void> {
  const name = cookieName(SESSION_COOKIE, secure);
  const token = cookieValue(req, name);
  if (token) await store.delete(hash(token));
  res.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

export function sameToken(expected: string, given: unknown): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(typeof given === 'string' ? given : '');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Before sign-in there is no session: a double-submit cookie protects the sign-in form. */
export function preSessionCsrf(req: Request, res: Response, secure: boolean): string {
  const name = cookieName(CSRF_COOKIE, secure);
  const existing = cookieValue(req, name);
  if (existing && /^[A-Za-z0-9_-]{32}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  // A __Host- cookie must have Path=/; without the prefix it stays on the sign-in form.
  res.cookie(name, token, { httpOnly: true, sameSite: 'strict', secure, path: secure ? '/' : '/sign-in' });
  return token;
}

export function preSessionCsrfOk(req: Request, given: unknown, secure: boolean): boolean {
  const cookie = cookieValue(req, cookieName(CSRF_COOKIE, secure));
  return Boolean(cookie) && sameToken(cookie ?? '', given);
}

/**
 * Where a sign-in sends the browser back to: a path of this origin only (never `//host`, a
 * backslash or a scheme, which browsers may read as another origin); anything else is refused.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(value)) return undefined;
  return value;
}

/** The headers of every server-rendered page: never cached or framed, no script, only this origin. */
export const PAGE_CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function setPageHeaders(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', PAGE_CSP);
}
