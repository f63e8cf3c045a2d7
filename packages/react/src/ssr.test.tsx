import { type FlowEvent, loadWalletFlow, SCREEN } from '@latch/core';
import { LatchError, type ServerAppConfig } from '@latch/protocol';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { LoginDialog } from './dialogs/LoginDialog.js';
import { WalletFlowContext } from './embeddedWallet/WalletFlowContext.js';
import { useLatch } from './hooks/useLatch.js';
import { LatchContext } from './LatchContext.js';
import { LatchProvider } from './LatchProvider.js';
import { EmbeddedWalletRecoverySelectionScreen } from './screens/embeddedWallet/EmbeddedWalletRecoverySelectionScreen.js';
import { screenContext } from './screens/testing/renderScreen.js';

const APP_ID = 'a'.repeat(25);

function LoginButton() {
  const { ready } = useLatch();
  return <button type="button">{ready ? 'Log in' : 'Loading'}</button>;
}

/** A ready client (config loaded through a fake fetch) and a runner driven to a screen, rendered to HTML. */
async function renderScreen(events: FlowEvent[], config: Partial<ServerAppConfig> = {}): Promise<string> {
  const { value, runner } = await testContext(config);
  runner.dispatch({
    type: 'open',
    intent: 'login',
    screen: SCREEN.landing,
    context: { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false },
  });
  for (const event of events) runner.dispatch(event);
  return prerender(
    <LatchContext.Provider value={value}>
      <LoginDialog />
    </LatchContext.Provider>,
  );
}

/** Renders to HTML the way a server does, with React's entity escapes undone for readable asserts. */
async function prerender(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html.replaceAll('&#x27;', "'").replaceAll('&amp;', '&');
}

/** The widget's context around a ready client (config through a fake fetch) and its flow runner. */
async function testContext(config: Partial<ServerAppConfig> = {}) {
  const value = await screenContext(config);
  return { value, runner: value.runner };
}

/** The visible text of rendered HTML: tags and React's text separators removed. */
const textOf = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('server rendering (no DOM globals)', () => {
  it('runs in an environment without window or document', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
  });

  it('renders the provider and a host button without touching the browser', () => {
    const html = renderToString(
      <LatchProvider appId={APP_ID} clientId="client" apiUrl="https://auth.example">
        <LoginButton />
      </LatchProvider>,
    );
    expect(html).toContain('Loading');
  });

  it('renders the provider with no random value or clock read, which Next.js refuses in a prerender', () => {
    // Next.js (cacheComponents, create-next-app's default) fails the build on these in a client component's render.
    const unstable = [
      vi.spyOn(globalThis.crypto, 'getRandomValues'),
      vi.spyOn(globalThis.crypto, 'randomUUID'),
      vi.spyOn(Math, 'random'),
      vi.spyOn(Date, 'now'),
    ];
    try {
      renderToString(
        <LatchProvider appId={APP_ID} clientId="client" apiUrl="https://auth.example">
          <LoginButton />
        </LatchProvider>,
      );
      for (const spy of unstable) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of unstable) spy.mockRestore();
    }
  });

  it('renders the modal on LANDING with the header, methods and consent line', async () => {
    const html = await renderScreen([], {
      login_message: 'x'.repeat(150),
      terms_and_conditions_url: 'https://acme.example/terms',
      privacy_policy_url: 'https://acme.example/privacy',
      accent_color: '#ff0000',
      color_scheme: 'dark',
      logo_url: 'https://acme.example/logo.png',
    });
    expect(html).toContain('<img class="latch-logo" src="https://acme.example/logo.png" alt="Acme"/>');
    expect(html).toContain('<dialog');
    expect(html).toContain('Log in or sign up');
    expect(html).toContain(`>${'x'.repeat(100)}<`);
    expect(textOf(html)).toContain('By logging in I agree to the Terms of Service & Privacy Policy');
    expect(html).toContain('href="https://acme.example/privacy"');
    expect(html).toContain('data-latch-theme="dark"');
    expect(html).toContain('--latch-_accent:#FF0000');
  });

  it('shows no login method that is not built: no disabled button, no "Not available yet"', async () => {
    const html = await renderScreen([], {
      google_oauth: true,
      apple_oauth: true,
      farcaster_auth: true,
      passkey_auth: true,
      telegram_auth: true,
      login_methods_and_order: null,
    });
    const text = textOf(html);
    for (const hidden of ['Farcaster', 'Not available yet']) expect(text).not.toContain(hidden);
    // Passkey login is built (issue #13), and so are the OAuth providers and Telegram (issue #14): the grouped
    // layout shows three of the five web2 methods, the rest behind 'Other socials'.
    expect(text).toContain('I have a passkey');
    expect(text).toContain('Google');
    expect(text).toContain('Other socials');
    expect(html).toContain('aria-label="Log in with Google"');
    expect(html).not.toContain('latch-soon');
    expect(html).toContain('type="email"');
    expect(html).toContain('type="tel"');
  });

  it('shows a button with its mark for each enabled provider and Telegram, in the primary order', async () => {
    const html = await renderScreen([], {
      github_oauth: true,
      tiktok_oauth: true,
      telegram_auth: true,
      login_methods_and_order: { primary: ['github', 'email', 'tiktok', 'telegram'], overflow: [] },
    });
    const text = textOf(html);
    expect(text.indexOf('GitHub')).toBeGreaterThan(-1);
    expect(text.indexOf('GitHub')).toBeLessThan(text.indexOf('Email address'));
    expect(text.indexOf('TikTok')).toBeGreaterThan(text.indexOf('Email address'));
    expect(text.indexOf('Telegram')).toBeGreaterThan(text.indexOf('TikTok'));
    for (const method of ['github', 'tiktok', 'telegram']) {
      expect(html).toMatch(new RegExp(`data-method="${method}"[^>]*><svg class="latch-social-mark"`));
    }
    // Only what the app enabled: no other provider.
    expect(text).not.toContain('Google');
    expect(text).not.toContain('Apple');
  });

  it("shows 'Terms' alone when only a terms link exists, and no line when acceptance is required", async () => {
    const termsOnly = await renderScreen([], { terms_and_conditions_url: 'https://acme.example/terms' });
    expect(textOf(termsOnly)).toContain('By logging in I agree to the Terms ');
    expect(textOf(termsOnly)).not.toContain('Privacy');
    const required = await renderScreen([], {
      terms_and_conditions_url: 'https://acme.example/terms',
      require_users_accept_terms: true,
    });
    expect(required).not.toContain('By logging in I agree');
  });

  it('renders each lazy screen with its SPEC texts', async () => {
    const cases: Array<[FlowEvent[], string[], Partial<ServerAppConfig>?]> = [
      [
        [{ type: 'navigate', screen: SCREEN.consent }],
        ['One last step', 'By signing up, you agree to our terms and privacy policy.', 'No thanks', 'Accept'],
      ],
      [
        [{ type: 'navigate', screen: SCREEN.allowlistRejection }],
        ["You don't have access to this app", 'Have you been invited?', 'Try another account'],
      ],
      [
        [{ type: 'navigate', screen: SCREEN.allowlistRejection }],
        ['Members only', 'Ask for an invite', 'Request access', 'href="https://acme.example/invite"'],
        {
          allowlist_config: {
            error_title: 'Members only',
            error_detail: 'Ask for an invite',
            cta_text: 'Request access',
            cta_link: 'https://acme.example/invite',
          },
        },
      ],
      [
        [{ type: 'navigate', screen: SCREEN.userLimitReached }],
        ['Unable to sign in', 'This application has reached its user limit and cannot sign in new users.', 'Go back'],
      ],
      [
        [{ type: 'sendFailed', error: new LatchError('too_many_requests') }],
        ['Request failed', 'Too many attempts.', 'Try again later'],
      ],
      [[{ type: 'navigate', screen: SCREEN.linkEmail }], ['Connect your email']],
      [[{ type: 'navigate', screen: SCREEN.linkPhone }], ['Connect your phone']],
      [[{ type: 'navigate', screen: SCREEN.updateEmail }], ['Update your email']],
      [[{ type: 'navigate', screen: SCREEN.loginFailed }], ['Could not log in']],
    ];
    for (const [events, texts, config] of cases) {
      const html = await renderScreen(events, config);
      for (const text of texts) expect(html).toContain(text);
    }
  });

  it('lists only the password on the recovery selection: cloud backups (not built) are not shown', async () => {
    const flow = await loadWalletFlow();
    const { state } = flow.walletFlowTransition(flow.initialWalletFlow(), {
      type: 'startCreate',
      appName: 'Acme',
      options: [],
    });
    expect(state.screen).toBe(flow.WALLET_FLOW_SCREEN.recoverySelection);
    const { value } = await testContext();
    const html = await prerender(
      <LatchContext.Provider value={value}>
        <WalletFlowContext.Provider value={{ state, flow, dispatch: () => {} }}>
          <EmbeddedWalletRecoverySelectionScreen titleId="t" />
        </WalletFlowContext.Provider>
      </LatchContext.Provider>,
    );
    expect(html).toContain('Secure your account');
    expect(html).toContain('Set a password');
    for (const hidden of ['Google Drive', 'iCloud', 'Not available yet', 'disabled'])
      expect(html).not.toContain(hidden);
  });

  it('renders the code screen with six single-digit boxes and the resend link', async () => {
    const html = await renderScreen([{ type: 'submitEmail', email: 'ada@example.com' }, { type: 'codeSent' }]);
    expect(html.match(/inputMode="numeric"/g)).toHaveLength(6);
    expect(html).toContain('aria-label="Digit 6 of 6"');
    expect(textOf(html)).toContain('ada@example.com');
    expect(textOf(html)).toContain('Resend code');
  });
});
