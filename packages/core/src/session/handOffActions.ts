import type { ActionContext } from '../actions/context.js';
import type { HandOffOptions } from './sessionHandOff.js';
import type { PendingWalletHandOff } from './walletHandOff.js';

/** The session hand-offs of a client (docs/client.md "Session hand-off"). */
export interface HandOffActions {
  /** Starts a session hand-off into this signed-out tab: the challenge to give the signed-in context. */
  requestSessionHandOff(): Promise<string>;
  /** Forks this session for a hand-off `challenge`: the one-time code for the `latch_handoff` parameter. */
  handOffSession(challenge: string): Promise<string>;
  /** Forks this session for a wallet's in-app browser: the `latch_wallet_handoff` value of its link. */
  startWalletHandOff(): Promise<string>;
  /** Redeems a `latch_wallet_handoff` value in this signed-out page, held until the user confirms; else null. */
  redeemWalletHandOff(link: string): Promise<PendingWalletHandOff | null>;
}

/** The hand-off actions, with `redeem` for init's `latch_handoff`; each loads its module on first use. */
export function handOffActions(ctx: ActionContext, options: HandOffOptions) {
  const sameBrowser = () => import('./sessionHandOff.js');
  const wallet = () => import('./walletHandOff.js');
  const actions: HandOffActions = {
    requestSessionHandOff: () => sameBrowser().then((m) => m.requestHandOff(options)),
    handOffSession: (challenge) => sameBrowser().then((m) => m.forkHandOff(ctx.session, challenge)),
    startWalletHandOff: () => wallet().then((m) => m.startWalletHandOff(ctx)),
    redeemWalletHandOff: (link) => wallet().then((m) => m.redeemWalletHandOff(ctx, link)),
  };
  const redeem = (code: string) =>
    sameBrowser().then((m) => m.redeemHandOff(code, ctx.session, ctx.transport, options));
  return { actions, redeem };
}
