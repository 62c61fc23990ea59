// The sign-in and consent steps of an authorization request (oidc-provider interactions):
// our routes come before the provider's, POST bodies are parsed only here, every form
// carries a CSRF token bound to its interaction, and nothing is cached.
import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type Provider from 'oidc-provider';
import type { AttemptLimiter } from '@oms/platform';
import { RESOURCE_SCOPE } from '@oms/domain';
import { consentPage, signInPage } from './pages/interaction-pages.js';
import { renderErrorPage } from './pages/error-page.js';
import { isLoopbackUrl } from './client-policy.js';

export type CredentialCheck = (email: string, password: string, otp: string | undefined) => Promise<{ userId: string } | { refused: 'credentials' | 'otp' }>;

export type InteractionDeps = {
  provider: Provider;
  csrfKey: string;
  verifyCredentials: CredentialCheck;
  findUserName: (id: string) => Promise<string | null>;
  limiter: AttemptLimiter;
  resource: string;
};

/** The host the user is sent back to (the provider has checked the URI against the client's). */
function redirectTarget(redirectUri: unknown): { redirectHost: string; redirectIsLoopback: boolean } {
  const value = typeof redirectUri === 'string' ? redirectUri : '';
  const url = URL.parse(value);
  const redirectHost = url ? url.host || url.protocol : value; // a private-use scheme has no host
  return { redirectHost, redirectIsLoopback: isLoopbackUrl(value) };
}

const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 });

function noStore(res: Response) {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'self'; form-action 'self' *; frame-ancestors 'none'");
}

export function interactionRoutes(deps: InteractionDeps): Router {
  const { provider } = deps;
  const csrfFor = (uid: string) => createHmac('sha256', deps.csrfKey).update(`interaction:${uid}`).digest('base64url');
  const csrfOk = (uid: string, given: unknown) => {
    const expected = Buffer.from(csrfFor(uid));
    const actual = Buffer.from(typeof given === 'string' ? given : '');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };
  const field = (req: Request, name: string) => {
    const value = (req.body as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value : undefined;
  };

  /** The interaction of this browser, when it is the one in the URL. */
  const load = async (req: Request, res: Response) => {
    try {
      const details = await provider.interactionDetails(req, res);
      return details.uid === req.params['uid'] ? details : null;
    } catch {
      return null;
    }
  };
  const expired = (res: Response) =>
    res.status(400).type('html').send(renderErrorPage('interaction_expired', 'This sign-in page has expired or belongs to another browser.'));
  const clientName = async (clientId: unknown) => {
    const client = typeof clientId === 'string' ? await provider.Client.find(clientId).catch(() => undefined) : undefined;
    return { name: String(client?.clientName ?? clientId ?? 'an application'), uri: client?.clientUri ? String(client.clientUri) : undefined };
  };

  const router = Router();
  // The provider's interaction cookie is scoped to /oauth/interaction/<uid>, so both steps
  // live under that path: GET shows the step the prompt asks for, POSTs go to sub-paths.
  router.use('/oauth/interaction', (_req, res, next) => {
    noStore(res);
    next();
  });

  const signInAction = (uid: string) => `/oauth/interaction/${uid}/sign-in`;
  const consentAction = (uid: string) => `/oauth/interaction/${uid}/consent`;

  router.get('/oauth/interaction/:uid', async (req, res, next) => {
    const details = await load(req, res);
    if (!details) return expired(res);
    if (details.prompt.name !== 'login') return next();
    const client = await clientName(details.params['client_id']);
    res.type('html').send(signInPage({ action: signInAction(details.uid), csrf: csrfFor(details.uid), clientName: client.name }));
  });

  router.post('/oauth/interaction/:uid/sign-in', form, async (req, res) => {
    const details = await load(req, res);
    if (!details || details.prompt.name !== 'login') return expired(res);
    if (!csrfOk(details.uid, field(req, 'csrf'))) {
      return res.status(403).type('html').send(renderErrorPage('invalid_request', 'The form was not sent from this page (CSRF check failed).'));
    }
    const client = await clientName(details.params['client_id']);
    const email = (field(req, 'email') ?? '').trim().slice(0, 254);
    const again = (status: number, error: string, otp = false) =>
      res.status(status).type('html').send(signInPage({ action: signInAction(details.uid), csrf: csrfFor(details.uid), clientName: client.name, email, error, otp }));
    const keys = { account: email || '-', address: req.ip ?? 'unknown' };
    const wait = await deps.limiter.hit(keys);
    if (wait > 0) return again(429, `Too many sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`);
    const result = await deps.verifyCredentials(email, (field(req, 'password') ?? '').slice(0, 1024), field(req, 'otp_attempt')?.trim() || undefined);
    if ('refused' in result) {
      return again(401, result.refused === 'otp' ? 'Enter the current code from your authenticator app.' : 'Wrong e-mail or password.', result.refused === 'otp');
    }
    await deps.limiter.succeeded(keys);
    await provider.interactionFinished(req, res, { login: { accountId: result.userId } }, { mergeWithLastSubmission: false });
  });

  router.get('/oauth/interaction/:uid', async (req, res) => {
    const details = await load(req, res);
    if (!details || details.prompt.name !== 'consent' || !details.session) return expired(res);
    const client = await clientName(details.params['client_id']);
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
    const scopes = [...new Set([...(missing.missingOIDCScope ?? []), ...Object.values(missing.missingResourceScopes ?? {}).flat()])];
    res.type('html').send(
      consentPage({
        action: consentAction(details.uid),
        csrf: csrfFor(details.uid),
        clientName: client.name,
        ...(client.uri ? { clientUri: client.uri } : {}),
        userName: (await deps.findUserName(details.session.accountId)) ?? 'you',
        scopes: scopes.length > 0 ? scopes : [RESOURCE_SCOPE],
        resource: deps.resource,
        ...redirectTarget(details.params['redirect_uri']),
      }),
    );
  });

  router.post('/oauth/interaction/:uid/consent', form, async (req, res) => {
    const details = await load(req, res);
    if (!details || details.prompt.name !== 'consent' || !details.session) return expired(res);
    if (!csrfOk(details.uid, field(req, 'csrf'))) {
      return res.status(403).type('html').send(renderErrorPage('invalid_request', 'The form was not sent from this page (CSRF check failed).'));
    }
    if (field(req, 'decision') !== 'allow') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user denied access.' }, { mergeWithLastSubmission: false });
      return;
    }
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId: details.session.accountId, clientId: String(details.params['client_id']) }))
      : new provider.Grant({ accountId: details.session.accountId, clientId: String(details.params['client_id']) });
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  });
  return router;
}
