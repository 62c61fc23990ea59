import type { TokenRow } from '@oms/contracts';
import { esc, page } from '@oms/platform';

export type { TokenRow };
export type AppRow = { grantId: string; clientName: string; clientId: string; since: string };

const TABS = [
  ['api-tokens', 'API Tokens'],
  ['two-factor', 'Two-factor authentication'],
  ['connected-apps', 'Connected apps'],
] as const;

function settings(active: string, csrf: string, userName: string, body: string): string {
  const tabs = TABS.map(([slug, label]) => `<a href="/settings/${slug}"${slug === active ? ' class="active"' : ''}>${label}</a>`).join('');
  return page(
    'Settings',
    `<h1>Settings</h1>
<p class="lead">Signed in as <strong>${esc(userName)}</strong></p>
<nav class="tabs">${tabs}</nav>
${body}
<form class="signout" method="post" action="/sign-out"><input type="hidden" name="csrf" value="${esc(csrf)}"><button class="secondary" type="submit">Sign out</button></form>`,
    { width: 'wide' },
  );
}

const date = (iso: string | null) => (iso ? esc(iso.slice(0, 16).replace('T', ' ')) + ' UTC' : 'never');

export function apiTokensPage(o: { csrf: string; userName: string; tokens: TokenRow[]; created?: { name: string; token: string } }): string {
  const rows = o.tokens
    .map(
      (t) => `<tr><td>${esc(t.name)}</td><td>${date(t.created_at)}</td><td>${date(t.last_used_at)}</td>
<td><form method="post" action="/settings/api-tokens/${esc(t.id)}/revoke"><input type="hidden" name="csrf" value="${esc(o.csrf)}"><button class="danger" type="submit">Revoke</button></form></td></tr>`,
    )
    .join('');
  return settings(
    'api-tokens',
    o.csrf,
    o.userName,
    `${o.created ? `<div class="notice" role="status">New token <strong>${esc(o.created.name)}</strong> (shown once, copy it now):<br><code id="new-token">${esc(o.created.token)}</code></div>` : ''}
<form method="post" action="/settings/api-tokens"><input type="hidden" name="csrf" value="${esc(o.csrf)}">
<label for="name">New token name</label><input id="name" name="name" type="text" required maxlength="100" placeholder="e.g. laptop agent">
<div class="actions"><button type="submit">Create token</button></div></form>
<h2>Your tokens</h2>
${o.tokens.length ? `<table><thead><tr><th>Name</th><th>Created</th><th>Last used</th><th></th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No tokens yet.</p>'}`,
  );
}

export function twoFactorPage(o: { csrf: string; userName: string; enabled: boolean; setup?: { secret: string; qrSvg: string }; error?: string; message?: string }): string {
  const error = o.error ? `<div class="error" role="alert">${esc(o.error)}</div>` : '';
  const message = o.message ? `<div class="notice" role="status">${esc(o.message)}</div>` : '';
  let body: string;
  if (o.enabled) {
    body = `<p>Two-factor authentication is <strong>on</strong>. Signing in needs a code from your authenticator app.</p>
<form method="post" action="/settings/two-factor/disable"><input type="hidden" name="csrf" value="${esc(o.csrf)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<label for="otp_attempt">Current code</label><input id="otp_attempt" name="otp_attempt" type="text" inputmode="numeric" autocomplete="one-time-code" required>
<div class="actions"><button class="danger" type="submit">Turn off</button></div></form>`;
  } else if (o.setup) {
    body = `<p>Scan this code with an authenticator app (or type the secret), then enter the 6-digit code it shows.</p>
<div class="qr">${o.setup.qrSvg}</div>
<p>Secret: <code id="totp-secret">${esc(o.setup.secret)}</code></p>
<form method="post" action="/settings/two-factor/confirm"><input type="hidden" name="csrf" value="${esc(o.csrf)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<label for="otp_attempt">Code</label><input id="otp_attempt" name="otp_attempt" type="text" inputmode="numeric" autocomplete="one-time-code" required>
<div class="actions"><button type="submit">Turn on</button></div></form>`;
  } else {
    body = `<p>Two-factor authentication is <strong>off</strong>. Turn it on to require a code from an authenticator app (TOTP, RFC 6238) when you sign in.</p>
<form method="post" action="/settings/two-factor/setup"><input type="hidden" name="csrf" value="${esc(o.csrf)}"><div class="actions"><button type="submit">Set up</button></div></form>`;
  }
  return settings('two-factor', o.csrf, o.userName, error + message + body);
}

export function connectedAppsPage(o: { csrf: string; userName: string; apps: AppRow[] }): string {
  const rows = o.apps
    .map(
      (a) => `<tr><td>${esc(a.clientName)}<br><code class="small">${esc(a.clientId)}</code></td><td>${date(a.since)}</td>
<td><form method="post" action="/settings/connected-apps/${esc(a.grantId)}/revoke"><input type="hidden" name="csrf" value="${esc(o.csrf)}"><button class="danger" type="submit">Revoke</button></form></td></tr>`,
    )
    .join('');
  return settings(
    'connected-apps',
    o.csrf,
    o.userName,
    o.apps.length
      ? `<p>These applications can act for you. Revoking one ends its access at once.</p><table><thead><tr><th>Application</th><th>Connected</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No applications are connected.</p>',
  );
}

export function settingsSignInPage(o: { csrf: string; email?: string; error?: string; returnTo?: string }): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1><p class="lead">${o.returnTo ? 'to continue to the page you asked for' : 'to manage your settings'}</p>
${o.error ? `<div class="error" role="alert">${esc(o.error)}</div>` : ''}
<form method="post" action="/sign-in"><input type="hidden" name="csrf" value="${esc(o.csrf)}">${o.returnTo ? `<input type="hidden" name="return" value="${esc(o.returnTo)}">` : ''}
<label for="email">E-mail</label><input id="email" name="email" type="email" required autofocus value="${esc(o.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" required autocomplete="current-password">
<label for="otp_attempt">One-time code <span class="hint">(only if two-factor is on)</span></label>
<input id="otp_attempt" name="otp_attempt" type="text" inputmode="numeric" autocomplete="one-time-code">
<div class="actions"><button type="submit">Sign in</button></div></form>`,
  );
}
