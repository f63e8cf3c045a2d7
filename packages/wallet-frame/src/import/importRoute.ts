import { LatchError, type WalletAddressResult } from '@latch/protocol';
import { WalletImportData } from '@latch/protocol/schemas';
import { importText } from '../frameTexts.js';
import { CustodyError } from '../keys/custodyError.js';
import { parsePrivateKey } from '../keys/importedKey.js';
import { type EventRoute, route } from '../router.js';
import type { FrameWallet } from '../wallet/frameWallet.js';
import type { ImportPrompt } from './importPrompt.js';

/**
 * `latch:wallet:import` (issue #32): for a user without a wallet, the frame shows its own form over the widget's
 * screen; the key typed there is checked (parsePrivateKey), split and registered like a created wallet's
 * (`FrameWallet.create` with the key), and the reply is `{ address, recoveryMethod }`. A malformed key keeps the
 * form open with a clear text and changes nothing; the key is zeroed once split and never leaves the frame.
 */
export function importRoute(wallet: FrameWallet, prompt: ImportPrompt): EventRoute {
  return route(WalletImportData, async (d): Promise<WalletAddressResult> => {
    // Refused before the user types anything: one wallet per user, and the token's owner checked.
    const { wallet: existing } = await wallet.mfaRequest(d.accessToken, (api) => api.getWallet(d.accessToken));
    if (existing) throw new LatchError('embedded_wallet_already_exists');
    const text = importText(d.display?.locale);
    const epoch = wallet.epoch;
    return prompt.ask<WalletAddressResult>({ text, theme: d.display?.theme }, async (typed) => {
      let key: Uint8Array;
      try {
        key = parsePrivateKey(typed);
      } catch (error) {
        if (error instanceof CustodyError) return { retry: text.invalidKey };
        throw error;
      }
      try {
        // A clear (logout, another user) while the form was open imports nothing.
        if (wallet.epoch !== epoch) throw new LatchError('missing_or_invalid_token');
        return { value: await wallet.create({ accessToken: d.accessToken }, key) };
      } finally {
        key.fill(0);
      }
    });
  });
}
