import type { WireFarcasterSigner } from '@latch/protocol/farcaster';
import type { FlowActions, FlowHandlers } from '../auth/flowRunner.js';
import type { FarcasterEvent, FlowEffect, FlowEvent } from '../auth/flowTypes.js';
import type { FlowError } from '../machine/flowError.js';
import { FARCASTER_REJECTED } from './farcasterFlow.js';
import { farcasterFrameSigner } from './farcasterFrameSigner.js';
import { openSignerRequest } from './openSignerRequest.js';

type Effect = Extract<FlowEffect, { type: 'farcaster' }>;

/** A connection's step: open the channel, or poll it and, once the Farcaster app signed, log in or link. */
async function connect(actions: FlowActions, effect: Effect): Promise<FarcasterEvent> {
  const { attempt } = effect;
  const farcaster = await actions.farcaster();
  if (effect.step === 'open') {
    const opened = await farcaster.init();
    return { type: 'farcasterOpened', attempt, uri: opened.connect_uri, poll: opened.channel_token };
  }
  const channelToken = effect.poll ?? '';
  const status = await farcaster.status(channelToken);
  if (status.state !== 'completed') return { type: 'farcasterPending', attempt };
  const signed = { channel_token: channelToken, message: status.message, signature: status.signature, fid: status.fid };
  if (effect.intent === 'link') {
    return { type: 'farcasterSucceeded', attempt, user: await farcaster.link(signed), isNewUser: false };
  }
  const { user, isNewUser } = await farcaster.login(signed);
  return { type: 'farcasterSucceeded', attempt, user, isNewUser };
}

/**
 * A signer's step: the request for one of the frame's keys (open: openSignerRequest.ts, a fresh key after a
 * rejected one), or that key's status (poll).
 */
async function signer(actions: FlowActions, effect: Effect, handlers: () => FlowHandlers): Promise<FarcasterEvent> {
  const { attempt } = effect;
  const farcaster = await actions.farcaster();
  let request: WireFarcasterSigner;
  if (effect.step === 'open') {
    const frame = handlers().frameCalls;
    if (!frame)
      throw Object.assign(new Error('The embedded wallet is not available.'), { code: 'embedded_wallet_not_found' });
    const keys = farcasterFrameSigner(actions, frame);
    const approved = actions.getState().user?.farcaster?.signerPublicKey;
    request = await openSignerRequest((index) => keys.publicKey(index), farcaster.signerStatus, approved);
  } else {
    request = await farcaster.signerStatus(effect.poll ?? '');
  }
  if (request.status === 'revoked') throw Object.assign(new Error('Request rejected'), { code: FARCASTER_REJECTED });
  // Approved: the user's farcaster account now names the key (User.farcaster.signerPublicKey).
  if (request.status === 'approved') {
    return { type: 'farcasterSucceeded', attempt, user: await actions.refreshUser(), isNewUser: false };
  }
  if (effect.step === 'open') {
    return { type: 'farcasterOpened', attempt, uri: request.signer_approval_url ?? '', poll: request.public_key };
  }
  return { type: 'farcasterPending', attempt };
}

/** Runs a `farcaster` effect; `settle` turns its outcome into the flow's next event. */
export function runFarcasterEffect(
  actions: FlowActions,
  effect: Effect,
  settle: <T>(promise: Promise<T>, ok: (value: T) => FlowEvent, fail: (error: FlowError) => FlowEvent) => void,
  handlers: () => FlowHandlers,
): void {
  const { attempt } = effect;
  settle(
    effect.kind === 'connect' ? connect(actions, effect) : signer(actions, effect, handlers),
    (event) => event,
    (error) => ({ type: 'farcasterFailed', attempt, error }),
  );
}
