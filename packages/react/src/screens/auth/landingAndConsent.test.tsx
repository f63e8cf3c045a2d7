import { type FlowEvent, type HostConfig, SCREEN } from '@latch/core';
import type { ServerAppConfig } from '@latch/protocol';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { LoginDialog } from '../../dialogs/LoginDialog.js';
import { LatchContext } from '../../LatchContext.js';
import { en } from '../../strings/en.js';
import { screenContext } from '../testing/renderScreen.js';

// What the landing and consent screens render for an app's config: moved here from the browser suites
// (e2e/landingLayouts.spec.ts, e2e/terms.spec.ts), which keep the journeys and the accessibility sweep.

/** The login dialog of an app with `config` (email and SMS unless it says otherwise), driven by `events`, as HTML. */
async function render(config: Partial<ServerAppConfig>, events: FlowEvent[] = [], host?: HostConfig): Promise<string> {
  const value = await screenContext(config);
  const { latch, client } = value;
  if (host) {
    // The host config merges in a lazily loaded chunk: the config changes once it has.
    const before = client.getState().config;
    client.setHostConfig(host);
    await vi.waitFor(() => expect(client.getState().config).not.toBe(before));
  }
  latch.auth.dispatch({
    type: 'open',
    intent: 'login',
    screen: SCREEN.landing,
    context: { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false },
  });
  for (const event of events) latch.auth.dispatch(event);
  const { prelude } = await prerenderToNodeStream(
    <LatchContext.Provider value={value}>
      <LoginDialog />
    </LatchContext.Provider>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html.replaceAll('&#x27;', "'").replaceAll('&amp;', '&');
}

/** The landing list's entries in order, named as e2e/landingLayouts.spec.ts named them: `input:<type>` or a button's text. */
function entries(html: string): string[] {
  const list = html.match(/<div class="latch-list">([\s\S]*?)<\/div><\/div>/)?.[1] ?? html;
  return [...list.matchAll(/<input[^>]*type="(email|tel)"|<button[^>]*>([^<]+)<\/button>/g)]
    .map((m) => (m[1] ? `input:${m[1]}` : (m[2] ?? '')))
    .filter((entry) => entry !== en.submit);
}

/** Visible text (tags removed). */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const METHODS = { email_auth: true, sms_auth: true, wallet_auth: true };

describe('landing layouts (SPEC §2/§9), as rendered', () => {
  it("grouped web2-first: email and SMS inputs, then 'Continue with a wallet'", async () => {
    expect(entries(await render(METHODS))).toEqual(['input:email', 'input:tel', 'Continue with a wallet']);
  });

  it("primary order: the primaries, then 'More options' (the rest behind it)", async () => {
    const html = await render({ ...METHODS, login_methods_and_order: { primary: ['sms'], overflow: ['email'] } });
    expect(entries(html)).toEqual(['input:tel', 'More options']);
    expect(html).not.toContain('type="email"');
  });

  it("hideDirectWeb2Inputs (host option): 'Continue with Email' / 'Continue with SMS' buttons, no inputs", async () => {
    const hidden = await render(METHODS, [], { appearance: { hideDirectWeb2Inputs: true } });
    expect(entries(hidden)).toEqual(['Continue with Email', 'Continue with SMS', 'Continue with a wallet']);
    expect(hidden).not.toContain('type="email"');
    expect(hidden).not.toContain('type="tel"');
  });
});

describe('affirmative consent (terms required), as rendered', () => {
  const TERMS = {
    name: 'Terms Co',
    email_auth: true,
    require_users_accept_terms: true,
    terms_and_conditions_url: 'https://terms.example/terms',
    privacy_policy_url: 'https://terms.example/privacy',
  };

  it('the landing shows no implicit consent line when acceptance is required', async () => {
    const text = textOf(await render(TERMS));
    expect(text).toContain('Log in or sign up');
    expect(text).not.toContain('By logging in I agree');
  });

  it("'One last step' shows SPEC's text and links the terms and the policy", async () => {
    const html = await render(TERMS, [{ type: 'navigate', screen: SCREEN.consent }]);
    expect(textOf(html)).toContain('One last step');
    expect(textOf(html)).toContain('By signing up, you agree to our terms and privacy policy.');
    expect(html).toMatch(/<a href="https:\/\/terms\.example\/terms"[^>]*>Terms of Service<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/terms\.example\/privacy"[^>]*>Privacy Policy<\/a>/);
  });
});
