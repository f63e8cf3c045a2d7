import {
  createLatch,
  createLatchClient,
  type FlowEvent,
  loadWalletFlow,
  SCREEN,
  type WalletFlowEvent,
  type WalletFlowScreen,
} from '@latch/core';
import { createFakeClock, createFakeFetch, serverAppConfig } from '@latch/core/testing';
import type { ServerAppConfig } from '@latch/protocol';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { expect } from 'vitest';
import { WalletFlowContext } from '../../embeddedWallet/WalletFlowContext.js';
import { LatchContext, type LatchContextValue } from '../../LatchContext.js';
import { en, type StringCatalogue } from '../../strings/en.js';
import { ScreenView } from '../ScreenView.js';
import { SCREENS } from '../screenTable.js';

// Screens rendered the way a server renders them (lazy screens included), as visible text, for the
// per-screen tests (screens.test.tsx, embeddedWalletScreens.test.tsx).
const APP_ID = 'a'.repeat(25);

/** A Latch context on a fake server whose app has `config` (email and SMS login unless it says otherwise). */
export async function screenContext(config: Partial<ServerAppConfig> = {}): Promise<LatchContextValue> {
  const { fetch } = createFakeFetch((request) =>
    request.path.startsWith(`/api/v1/apps/${APP_ID}`)
      ? { body: serverAppConfig(APP_ID, { email_auth: true, sms_auth: true, ...config }) }
      : { body: { success: true } },
  );
  const clock = createFakeClock();
  const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.example', fetch, clock });
  await client.init();
  const latch = createLatch({ appId: APP_ID, clientId: 'client-id', client, clock });
  return {
    latch,
    client,
    runner: latch.auth,
    wallets: latch.wallets,
    strings: en,
    embeds: { current: 0 },
    locale: 'en',
  };
}

/** The visible text of server-rendered HTML (tags, comments and React's entity escapes removed). */
export async function textOf(node: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node);
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&')
    .replace(/<!--.*?-->/g, '')
    .replace(/ aria-label="([^"]*)"/g, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

/** A login-flow screen: the flow opened on LANDING, then driven by `events`, rendered by ScreenView. */
export async function loginScreen(events: FlowEvent[], overrides: Partial<StringCatalogue> = {}): Promise<string> {
  const value = await screenContext();
  // The host's `strings` prop: LatchProvider merges it over en the same way.
  value.strings = { ...value.strings, ...overrides };
  value.runner.dispatch({
    type: 'open',
    intent: 'login',
    screen: SCREEN.landing,
    context: { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false },
  });
  for (const event of events) value.runner.dispatch(event);
  return textOf(
    <LatchContext.Provider value={value}>
      <ScreenView titleId="t" />
    </LatchContext.Provider>,
  );
}

export const navigate = (screen: (typeof SCREEN)[keyof typeof SCREEN]): FlowEvent[] => [{ type: 'navigate', screen }];

/** A wallet-flow screen: the recovery flow driven by `events`, its screen from the one table. */
export async function walletFlowScreen(
  screen: WalletFlowScreen,
  events: WalletFlowEvent[],
  overrides: Partial<StringCatalogue> = {},
): Promise<string> {
  const flow = await loadWalletFlow();
  let state = flow.initialWalletFlow();
  for (const event of events) state = flow.walletFlowTransition(state, event).state;
  expect(state.screen).toBe(screen);
  const Screen = SCREENS[screen];
  const value = await screenContext();
  // The host's `strings` prop: LatchProvider merges it over en the same way.
  value.strings = { ...value.strings, ...overrides };
  return textOf(
    <LatchContext.Provider value={value}>
      <WalletFlowContext.Provider value={{ state, flow, dispatch: () => {} }}>
        <Screen titleId="t" />
      </WalletFlowContext.Provider>
    </LatchContext.Provider>,
  );
}
