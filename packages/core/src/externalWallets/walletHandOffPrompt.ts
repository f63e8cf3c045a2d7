import type { User } from '@latch/protocol';
import type { FlowRunner } from '../auth/flowRunner.js';
import type { FlowContext } from '../auth/flowTypes.js';
import { createStore, type Store } from '../machine/createStore.js';
import type { PendingWalletHandOff } from '../session/walletHandOff.js';
import type { DiscoveredWallet } from './discoverWallets.js';
import type { WalletHelpScreen } from './phantomScreens.js';
import type { WalletIntent } from './walletConnectionTypes.js';
import { awaitingScreenFor } from './walletScreens.js';

// The receiving end of the mobile wallet redirect's hand-off (docs/client.md "Into a wallet's browser"): the
// redeemed session waits for the user on SESSION_HAND_OFF_SCREEN ("Continue as …?"); Continue stores it and goes
// on with the wallet as the signed-in user meant (link it, or connect it only), "Not me" logs it out and goes on
// as a signed-out visitor would (log in with that wallet).

/** The confirmation's screen id (not in SPEC §2: SPEC's redirect carried a token, this one asks first). */
export const SESSION_HAND_OFF_SCREEN = 'SESSION_HAND_OFF_SCREEN' as const;

/** What SESSION_HAND_OFF_SCREEN shows and answers. */
export interface WalletHandOffPrompt {
  /** The account the redeemed session belongs to, as the user knows it. */
  account: string;
  /** Continue (true) or "Not me" (false); answered once. */
  answer(accept: boolean): Promise<void>;
  /** The modal closed unanswered: logs the held session out, and nothing follows. */
  dismiss(): Promise<void>;
}

/** How the user knows an account: its email, phone or wallet, else a linked account's handle. */
export function accountLabel(user: User): string {
  if (user.email) return user.email.address;
  if (user.phone) return user.phone.number;
  if (user.wallet) return user.wallet.address;
  for (const account of user.linkedAccounts as unknown as Array<Record<string, unknown>>) {
    for (const key of ['email', 'username', 'address', 'name']) {
      if (typeof account[key] === 'string' && account[key]) return account[key] as string;
    }
  }
  return user.id;
}

/** What the prompt drives: the modal, and the wallet the link named (null when not in this browser). */
export interface WalletHandOffDeps {
  runner: FlowRunner;
  context(): FlowContext;
  /** Starts the wallet connection flow with `intent`; false when the wallet cannot be selected. */
  select(wallet: DiscoveredWallet, intent: WalletIntent): boolean;
}

/** Opens the confirmation for `pending` on the modal; the returned store holds the prompt until it is answered. */
export function promptWalletHandOff(
  prompts: Store<WalletHandOffPrompt | null>,
  pending: PendingWalletHandOff,
  link: { wallet: DiscoveredWallet | null; intent: WalletIntent; helpScreen: WalletHelpScreen },
  deps: WalletHandOffDeps,
): void {
  const { runner } = deps;
  // The modal stays open and moves on (re-opening an open modal would close it); the wallet flow carries the intent
  // and reports its own outcome, as from the wallet list.
  const connect = (intent: WalletIntent) => {
    if (!link.wallet || !deps.select(link.wallet, intent)) return false;
    runner.dispatch({ type: 'navigate', screen: awaitingScreenFor(intent) });
    return true;
  };
  // Whatever the answer, it is the only one: the prompt leaves the store first.
  const take = () => {
    const open = prompts.get() !== null;
    prompts.set(null);
    return open;
  };
  prompts.set({
    account: accountLabel(pending.user),
    async dismiss() {
      if (take()) await pending.decline();
    },
    async answer(accept) {
      if (!take()) return;
      if (accept) {
        pending.adopt();
        // A signed-in user came for the wallet: to link it, or to connect it only (a bare link means linking).
        if (!connect(link.intent === 'login' ? 'link' : link.intent)) runner.dispatch({ type: 'close' });
        return;
      }
      await pending.decline();
      // As a signed-out visitor's deep link: log in with the wallet here, else its help screen.
      if (!connect('login')) runner.dispatch({ type: 'navigate', screen: link.helpScreen });
    },
  });
  runner.dispatch({ type: 'open', intent: 'login', screen: SESSION_HAND_OFF_SCREEN, context: deps.context() });
}

/** A holder for the pending prompt (one per page: a link carries one hand-off). */
export const createWalletHandOffPrompts = (): Store<WalletHandOffPrompt | null> => createStore(null);
