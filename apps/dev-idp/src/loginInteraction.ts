// The stand-in providers' login page (oidc-provider's interaction): the tester types any email and name, or cancels.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { readBody, sendHtml } from './http.js';
import { errorPage, loginPage } from './pages.js';

/** The sample a login page is prefilled with. */
const SAMPLE = { email: 'ada.lovelace@example.com', name: 'Ada Lovelace' };

/** What the login page needs of its stand-in: its provider, path name, label, and how a login becomes an account. */
export interface LoginInteractionOptions {
  provider: Provider;
  name: string;
  label: string;
  /** Records the account the tester logged in as (for the interaction `uid`); returns its subject. */
  logIn(uid: string, email: string, name: string): string;
}

/** Shows the login page (GET) or finishes the interaction with the typed account or the tester's cancel (POST). */
export async function loginInteraction(
  req: IncomingMessage,
  res: ServerResponse,
  options: LoginInteractionOptions,
): Promise<void> {
  const { provider, name: standIn, label } = options;
  let details: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    return sendHtml(res, 400, errorPage(label, 'This login request expired or is unknown. Start the login again.'));
  }
  const action = `/${standIn}/interaction/${details.uid}`;
  const clientId = String(details.params.client_id ?? '');
  if (req.method !== 'POST') {
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    return sendHtml(res, 200, loginPage({ label, action, clientId, email: hint || SAMPLE.email, name: SAMPLE.name }));
  }
  const form = new URLSearchParams(await readBody(req));
  if (form.get('action') === 'cancel') {
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the login.' },
      { mergeWithLastSubmission: false },
    );
  }
  const email = (form.get('email') ?? '').trim();
  const name = (form.get('name') ?? '').trim() || email.split('@')[0] || '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254 || name.length > 200) {
    return sendHtml(
      res,
      400,
      loginPage({
        label,
        action,
        clientId,
        email,
        name,
        error: 'Enter an email address like name@example.com.',
      }),
    );
  }
  const subject = options.logIn(details.uid, email, name);
  return provider.interactionFinished(req, res, { login: { accountId: subject } }, { mergeWithLastSubmission: false });
}
