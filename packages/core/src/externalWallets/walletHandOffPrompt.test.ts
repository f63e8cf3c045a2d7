import type { User } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import type { FlowRunner } from '../auth/flowRunner.js';
import type { FlowContext, FlowEvent } from '../auth/flowTypes.js';
import { testUser as user } from '../auth/testing/flowHarness.js';
import type { PendingWalletHandOff } from '../session/walletHandOff.js';
import type { DiscoveredWallet } from './discoverWallets.js';
import { interstitialLink, walletHelpTarget } from './phantomScreens.js';
import { accountLabel, createWalletHandOffPrompts, promptWalletHandOff } from './walletHandOffPrompt.js';

const CONTEXT: FlowContext = { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false };
const PHANTOM = { id: 'p-1', name: 'Phantom', walletClientType: 'phantom' } as DiscoveredWallet;

/** The prompt over a recording runner and a recorded pending hand-off. */
function setup(wallet: DiscoveredWallet | null, intent: 'login' | 'link' | 'connect-only' = 'link') {
  const events: FlowEvent[] = [];
  const answered: string[] = [];
  const selected: string[] = [];
  const runner = { dispatch: (event: FlowEvent) => void events.push(event) } as unknown as FlowRunner;
  const pending: PendingWalletHandOff = {
    user: user({ email: { address: 'ada@example.test' } }),
    adopt: () => {
      answered.push('adopt');
      return { user: user(), isNewUser: false };
    },
    decline: async () => void answered.push('decline'),
  };
  const prompts = createWalletHandOffPrompts();
  const select = (chosen: DiscoveredWallet, as: string) => selected.push(`${chosen.id}:${as}`) > 0;
  const link = { wallet, intent, helpScreen: 'PHANTOM_INTERSTITIAL_SCREEN' as const };
  promptWalletHandOff(prompts, pending, link, { runner, context: () => CONTEXT, select });
  return { events, answered, selected, prompts };
}

describe('the wallet browser’s hand-off prompt', () => {
  it('opens SESSION_HAND_OFF_SCREEN naming the account, and stores nothing before the answer', () => {
    const { events, answered, prompts } = setup(PHANTOM);
    expect(events).toEqual([{ type: 'open', intent: 'login', screen: 'SESSION_HAND_OFF_SCREEN', context: CONTEXT }]);
    expect(prompts.get()?.account).toBe('ada@example.test');
    expect(answered).toEqual([]);
  });

  it('Continue adopts the session and links the wallet the user came for; a second answer does nothing', async () => {
    const { events, answered, selected, prompts } = setup(PHANTOM, 'link');
    const prompt = prompts.get();
    await prompt?.answer(true);
    await prompt?.answer(false);
    expect(answered).toEqual(['adopt']);
    expect(selected).toEqual(['p-1:link']);
    expect(events.at(-1)).toEqual({ type: 'navigate', screen: 'AWAITING_CONNECTION' });
    expect(prompts.get()).toBeNull();
  });

  it('Continue for connect-only connects without linking; without the wallet in this browser it closes', async () => {
    const connectOnly = setup(PHANTOM, 'connect-only');
    await connectOnly.prompts.get()?.answer(true);
    expect(connectOnly.selected).toEqual(['p-1:connect-only']);
    expect(connectOnly.events.at(-1)).toEqual({ type: 'navigate', screen: 'AWAITING_CONNECT_ONLY_CONNECTION' });
    const noWallet = setup(null);
    await noWallet.prompts.get()?.answer(true);
    expect(noWallet.answered).toEqual(['adopt']);
    expect(noWallet.events.at(-1)).toEqual({ type: 'close' });
  });

  it('"Not me" logs the session out and goes on as a signed-out visitor: log in with the wallet, else its help', async () => {
    const { answered, selected, events, prompts } = setup(PHANTOM);
    await prompts.get()?.answer(false);
    expect(answered).toEqual(['decline']);
    expect(selected).toEqual(['p-1:login']);
    expect(events.at(-1)).toEqual({ type: 'navigate', screen: 'AWAITING_CONNECTION' });
    const noWallet = setup(null);
    await noWallet.prompts.get()?.answer(false);
    expect(noWallet.events.at(-1)).toEqual({ type: 'navigate', screen: 'PHANTOM_INTERSTITIAL_SCREEN' });
  });

  it('closed unanswered: the held session is logged out, nothing follows, and a later answer does nothing', async () => {
    const { answered, selected, events, prompts } = setup(PHANTOM);
    const prompt = prompts.get();
    await prompt?.dismiss();
    await prompt?.answer(true);
    await prompt?.dismiss();
    expect(answered).toEqual(['decline']);
    expect(selected).toEqual([]);
    expect(events).toHaveLength(1);
    expect(prompts.get()).toBeNull();
  });

  it('names an account by email, phone, wallet, a linked handle, else its id', () => {
    expect(accountLabel(user({ phone: { number: '+15555550100' } }))).toBe('+15555550100');
    const wallet = { address: '0xabc', chainType: 'ethereum', walletClientType: 'phantom', connectorType: 'injected' };
    expect(accountLabel(user({ wallet: { ...wallet, imported: false } as User['wallet'] }))).toBe('0xabc');
    const github = { type: 'github_oauth', username: 'ada' } as unknown as User['linkedAccounts'][number];
    expect(accountLabel(user({ linkedAccounts: [github] }))).toBe('ada');
    expect(accountLabel(user())).toBe('u1');
  });
});

describe('the interstitial’s link when tapped', () => {
  const target = { ...walletHelpTarget('phantom'), intent: 'connect-only' as const };
  const back = (url: string | null) =>
    new URL(decodeURIComponent((url ?? '').slice('https://phantom.app/ul/browse/'.length).split('?ref=')[0] ?? ''));
  const client = (authenticated: boolean, fork: () => Promise<string>) => ({
    getState: () => ({ authenticated }),
    startWalletHandOff: fork,
  });

  it('carries a signed-in page’s hand-off and intent; a signed-out page forks nothing', async () => {
    let forks = 0;
    const fork = async () => `code${++forks}.verifier`;
    const signedIn = back(await interstitialLink(client(true, fork), target, 'https://app.example/?x=1'));
    expect(signedIn.searchParams.get('latch_wallet_handoff')).toBe('code1.verifier');
    expect(signedIn.searchParams.get('latch_wallet_intent')).toBe('connect-only');
    const signedOut = back(await interstitialLink(client(false, fork), target, 'https://app.example/?x=1'));
    expect(signedOut.searchParams.has('latch_wallet_handoff')).toBe(false);
    expect(forks).toBe(1);
  });

  it('falls back to the plain link when the fork is refused (cookie mode), and to none for a bad page', async () => {
    const refused = client(true, () => Promise.reject(new Error('invalid_hand_off')));
    const url = back(await interstitialLink(refused, target, 'https://app.example/'));
    expect(url.searchParams.get('latch_wallet_client')).toBe('phantom');
    expect(url.searchParams.has('latch_wallet_handoff')).toBe(false);
    expect(await interstitialLink(refused, target, 'not a url')).toBeNull();
  });
});
