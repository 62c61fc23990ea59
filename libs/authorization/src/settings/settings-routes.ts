// The settings area (SPEC 5 "API Tokens tab"; DESIGN 2 /settings/*): sign in with a session
// cookie, then API tokens, two-factor authentication and connected apps. Every form carries
// a CSRF token; nothing is cached; every user value is escaped by the page templates.
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type Provider from 'oidc-provider';
import QRCode from 'qrcode';
import { isAppError } from '@oms/domain';
import { deleteGrantWithTokens, deleteOidcSession, findGrantOfUser, listGrantsOfUser, webSessionStore, type DbClient } from '@oms/db';
import {
  cookieValue,
  currentSession,
  endSession,
  preSessionCsrf,
  preSessionCsrfOk,
  safeReturnPath,
  sameToken,
  setPageHeaders,
  startSession,
  type AttemptLimiter,
  type WebSession,
} from '@oms/platform';
import type { AccountSettingsPort } from '@oms/contracts';
import type { CredentialCheck } from '../interaction-routes.js';
import { apiTokensPage, connectedAppsPage, settingsSignInPage, twoFactorPage, type AppRow } from './settings-pages.js';

export type { AccountSettingsPort };

export type SettingsDeps = {
  db: DbClient;
  port: AccountSettingsPort;
  provider: Promise<Provider>;
  verifyCredentials: CredentialCheck;
  limiter: AttemptLimiter;
  secureCookies: boolean;
};

/** oidc-provider's session cookie (its default name); its value is the Session row's id. */
const PROVIDER_SESSION_COOKIE = '_session';

const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 });
const field = (req: Request, name: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};
const problemOf = (error: unknown) => {
  if (isAppError(error) && error.code === 'rate_limited') return error.message;
  return isAppError(error) && error.fieldErrors ? Object.values(error.fieldErrors).flat().join('; ') : 'That did not work; try again.';
};
/** A refused form is 422, or 429 once the user's wrong passwords and codes are used up. */
const problemStatus = (error: unknown) => (isAppError(error) && error.code === 'rate_limited' ? 429 : 422);
/** The password and code of the two-factor forms (never trimmed: passwords are compared exactly). */
const twoFactorCredentials = (req: Request) => ({ password: field(req, 'password').slice(0, 1024), otp_attempt: field(req, 'otp_attempt').trim().slice(0, 32) });

export function settingsRoutes(deps: SettingsDeps): Router {
  const { db, port } = deps;
  const sessions = webSessionStore(db);
  const router = Router();
  router.use(['/settings', '/sign-in', '/sign-out'], (_req, res, next) => {
    setPageHeaders(res);
    next();
  });

  /** Pages need a session; forms also the session's CSRF token. */
  const signedIn = (handler: (req: Request, res: Response, session: WebSession, name: string) => Promise<void>): RequestHandler[] => [
    form,
    async (req, res) => {
      const session = await currentSession(sessions, req, deps.secureCookies);
      if (!session) return res.redirect(303, '/sign-in');
      if (req.method === 'POST' && !sameToken(session.csrfToken, field(req, 'csrf'))) {
        return res.status(403).type('text').send('The form was not sent from this site (CSRF check failed).');
      }
      await handler(req, res, session, (await port.userName(session.userId)) ?? 'you');
    },
  ];

  // `return`: the page of the web interface that sent the browser here (a path of this origin).
  router.get('/sign-in', (req, res) => {
    const returnTo = safeReturnPath(req.query['return']);
    res.type('html').send(settingsSignInPage({ csrf: preSessionCsrf(req, res, deps.secureCookies), ...(returnTo ? { returnTo } : {}) }));
  });
  router.post('/sign-in', form, async (req, res) => {
    const csrf = preSessionCsrf(req, res, deps.secureCookies);
    const returnTo = safeReturnPath(field(req, 'return'));
    const again = returnTo ? { returnTo } : {};
    if (!preSessionCsrfOk(req, field(req, 'csrf'), deps.secureCookies)) return res.status(403).type('html').send(settingsSignInPage({ csrf, ...again, error: 'Please try again (the form had expired).' }));
    const email = field(req, 'email').trim().slice(0, 254);
    const keys = { account: email || '-', address: req.ip ?? 'unknown' };
    const wait = await deps.limiter.hit(keys);
    if (wait > 0) return res.status(429).type('html').send(settingsSignInPage({ csrf, email, ...again, error: `Too many attempts. Try again in ${Math.ceil(wait / 60)} minute(s).` }));
    const result = await deps.verifyCredentials(email, field(req, 'password').slice(0, 1024), field(req, 'otp_attempt').trim() || undefined);
    if ('refused' in result) {
      const error = result.refused === 'otp' ? 'Enter the current code from your authenticator app.' : 'Wrong e-mail or password.';
      return res.status(401).type('html').send(settingsSignInPage({ csrf, email, ...again, error }));
    }
    await deps.limiter.succeeded(keys);
    // A new session for every sign-in; one this browser held before (of whichever user) ends.
    await endSession(sessions, req, res, deps.secureCookies);
    await startSession(sessions, res, result.userId, deps.secureCookies);
    res.redirect(303, returnTo ?? '/settings/api-tokens');
  });
  router.post('/sign-out', ...signedIn(async (req, res) => {
    await endSession(sessions, req, res, deps.secureCookies);
    // The browser's sign-in at the authorization server ends too: it lasts 14 days and would
    // otherwise let the next agent started on this computer through without a password.
    const providerSession = cookieValue(req, PROVIDER_SESSION_COOKIE);
    if (providerSession) await deleteOidcSession(db, providerSession);
    res.redirect(303, '/sign-in');
  }));

  router.get('/settings', (_req, res) => res.redirect(303, '/settings/api-tokens'));
  router.get('/settings/api-tokens', ...signedIn(async (_req, res, s, userName) => {
    res.type('html').send(apiTokensPage({ csrf: s.csrfToken, userName, tokens: await port.listTokens(s.userId) }));
  }));
  router.post('/settings/api-tokens', ...signedIn(async (req, res, s, userName) => {
    const name = field(req, 'name').trim().slice(0, 100) || 'Settings token';
    const created = await port.createToken(s.userId, name);
    res.type('html').send(apiTokensPage({ csrf: s.csrfToken, userName, tokens: await port.listTokens(s.userId), created }));
  }));
  router.post('/settings/api-tokens/:id/revoke', ...signedIn(async (req, res, s) => {
    await port.revokeToken(s.userId, String(req.params['id']));
    res.redirect(303, '/settings/api-tokens');
  }));

  const twoFactor = async (res: Response, s: WebSession, userName: string, extra: Partial<Parameters<typeof twoFactorPage>[0]> = {}) => {
    res.type('html').send(twoFactorPage({ csrf: s.csrfToken, userName, enabled: await port.twoFactorEnabled(s.userId), ...extra }));
  };
  router.get('/settings/two-factor', ...signedIn(async (_req, res, s, userName) => twoFactor(res, s, userName)));
  router.post('/settings/two-factor/setup', ...signedIn(async (_req, res, s, userName) => {
    try {
      const setup = await port.beginTwoFactor(s.userId);
      const qrSvg = await QRCode.toString(setup.otpauth_uri, { type: 'svg', margin: 1 });
      await twoFactor(res, s, userName, { setup: { secret: setup.secret, qrSvg } });
    } catch (error) {
      await twoFactor(res.status(422), s, userName, { error: problemOf(error) });
    }
  }));
  router.post('/settings/two-factor/confirm', ...signedIn(async (req, res, s, userName) => {
    try {
      await port.confirmTwoFactor(s.userId, twoFactorCredentials(req));
      await twoFactor(res, s, userName, { message: 'Two-factor authentication is on.' });
    } catch (error) {
      await twoFactor(res.status(problemStatus(error)), s, userName, { error: problemOf(error) });
    }
  }));
  router.post('/settings/two-factor/disable', ...signedIn(async (req, res, s, userName) => {
    try {
      await port.disableTwoFactor(s.userId, twoFactorCredentials(req));
      await twoFactor(res, s, userName, { message: 'Two-factor authentication is off.' });
    } catch (error) {
      await twoFactor(res.status(problemStatus(error)), s, userName, { error: problemOf(error) });
    }
  }));

  router.get('/settings/connected-apps', ...signedIn(async (_req, res, s, userName) => {
    const provider = await deps.provider;
    const grants = await listGrantsOfUser(db, s.userId);
    const apps: AppRow[] = [];
    for (const grant of grants) {
      const payload = grant.payload as { clientId?: string; iat?: number };
      const client = payload.clientId ? await provider.Client.find(payload.clientId).catch(() => undefined) : undefined;
      apps.push({
        grantId: grant.id,
        clientId: payload.clientId ?? '',
        clientName: String(client?.clientName ?? payload.clientId ?? 'Unknown application'),
        since: new Date((payload.iat ?? 0) * 1000).toISOString(),
      });
    }
    res.type('html').send(connectedAppsPage({ csrf: s.csrfToken, userName, apps }));
  }));
  router.post('/settings/connected-apps/:grantId/revoke', ...signedIn(async (req, res, s) => {
    const grantId = String(req.params['grantId']);
    const grant = await findGrantOfUser(db, grantId, s.userId);
    // The grant and every code and token issued under it go; /mcp checks the grant on each call.
    if (grant) await deleteGrantWithTokens(db, grantId);
    res.redirect(303, '/settings/connected-apps');
  }));
  return router;
}
