// The provider's sign-out pages (RP-initiated logout) in the service's own look: its
// defaults load a web font from fonts.googleapis.com, telling a third party who signs out.
import { esc, page } from '@oms/platform';

/** `form` is oidc-provider's hidden form (action and xsrf token); the buttons submit it. */
export function logoutPage(form: string): string {
  return page(
    'Sign out',
    `<h1>Sign out?</h1>
<p class="lead">Do you want to sign out of the Ontology Service in this browser?</p>
${form}
<div class="actions"><button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button><button class="secondary" type="submit" form="op.logoutForm">No, stay signed in</button></div>`,
  );
}

export function signedOutPage(clientName: string | undefined): string {
  return page(
    'Signed out',
    `<h1>Signed out</h1>
<p class="lead">Your sign-out${clientName ? ` from <strong>${esc(clientName)}</strong>` : ''} was successful.</p>`,
  );
}
