// Signs a user in through the settings area's sign-in form over plain HTTP (its CSRF cookie and
// token included) and gives back the session cookie, for page tests without a browser.
import type { SignedUpUser, TestServer } from './test-server.js';

const cookiesOf = (headers: Headers) => headers.getSetCookie().map((line) => line.split(';')[0] ?? '');

export async function signInCookie(server: TestServer, user: SignedUpUser): Promise<string> {
  const form = await fetch(`${server.baseUrl}/sign-in`);
  const csrfCookie = cookiesOf(form.headers).join('; ');
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const response = await fetch(`${server.baseUrl}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, email: user.email, password: user.password }).toString(),
  });
  const session = cookiesOf(response.headers).filter((cookie) => /^oms_session=./.test(cookie)).pop();
  if (response.status !== 303 || !session) throw new Error(`sign-in failed: ${response.status}`);
  return session;
}

export async function getPage(server: TestServer, path: string, cookie?: string): Promise<{ status: number; headers: Headers; html: string }> {
  const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: response.status, headers: response.headers, html: await response.text() };
}
