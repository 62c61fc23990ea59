import { esc, page } from '@oms/platform';

export function renderErrorPage(error: string, description: string): string {
  return page(
    'Something went wrong',
    `<h1>Something went wrong</h1>
<p class="lead">The sign-in request could not be completed.</p>
<div class="error"><strong>${esc(error)}</strong>: ${esc(description)}</div>
<p>Go back to the application that sent you here and start again.</p>`,
  );
}
