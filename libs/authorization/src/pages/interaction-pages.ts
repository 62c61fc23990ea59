import { esc, page } from '@oms/platform';

export function signInPage(options: { action: string; csrf: string; clientName: string; email?: string; error?: string; otp?: boolean }): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p class="lead">to continue to <strong>${esc(options.clientName)}</strong></p>
${options.error ? `<div class="error" role="alert">${esc(options.error)}</div>` : ''}
<form method="post" action="${esc(options.action)}" autocomplete="on">
<input type="hidden" name="csrf" value="${esc(options.csrf)}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" required autofocus value="${esc(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" required autocomplete="current-password">
<label for="otp_attempt">One-time code ${options.otp ? '' : '<span class="hint">(only if two-factor is on)</span>'}</label>
<input id="otp_attempt" name="otp_attempt" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*">
<div class="actions"><button type="submit">Sign in</button></div>
</form>`,
  );
}

type ConsentPageOptions = {
  action: string;
  csrf: string;
  clientName: string;
  clientUri?: string;
  userName: string;
  scopes: string[];
  resource: string;
  /** Where the answer goes: the host is shown, a loopback one with a warning (MCP authorization, CIMD security). */
  redirectHost: string;
  redirectIsLoopback: boolean;
};

export function consentPage(options: ConsentPageOptions): string {
  const described: Record<string, string> = {
    ontologies: 'Read, create, change and delete the ontologies you can access, and read your profile and accounts',
    openid: 'Know who you are',
    profile: 'See your name',
    email: 'See your e-mail address',
  };
  const items = options.scopes.map((scope) => `<li>${esc(described[scope] ?? scope)}</li>`).join('');
  return page(
    'Allow access',
    `<h1>Allow access?</h1>
<p class="lead"><strong>${esc(options.clientName)}</strong>${options.clientUri ? ` (<code>${esc(options.clientUri)}</code>)` : ''} wants to act as <strong>${esc(options.userName)}</strong> on <code>${esc(options.resource)}</code>.</p>
<p>It will be able to:</p>
<ul class="scopes">${items}</ul>
<p>After you choose, you will be sent to <strong><code>${esc(options.redirectHost)}</code></strong>.</p>
${options.redirectIsLoopback ? `<div class="error" role="alert">This application receives the answer on your own computer (<code>${esc(options.redirectHost)}</code>). Any program on this computer can claim to be it: allow only if you have just started this application yourself.</div>` : ''}
<p class="muted small">You can revoke this at any time under Settings → Connected apps.</p>
<form method="post" action="${esc(options.action)}">
<input type="hidden" name="csrf" value="${esc(options.csrf)}">
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button><button class="secondary" type="submit" name="decision" value="deny">Deny</button></div>
</form>`,
  );
}
