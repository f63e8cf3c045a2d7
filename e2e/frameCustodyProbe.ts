// Bundled (esbuild) and evaluated inside a page of the wallet frame's origin by the e2e harvest:
// the frame's own custody client and device key, so the harvest asks for an auth share exactly as
// the frame does — with a device proof of this browser's registered device key, never a bare token.
import { deviceKeyLoader } from '../packages/wallet-frame/src/device/deviceKey.js';
import { createHttpCustodyApi } from '../packages/wallet-frame/src/wallet/httpCustodyApi.js';

/** The auth share (base64url) of `shareSetId`, released to this origin's device key. */
export async function authShare(input: {
  appId: string;
  clientId: string;
  accessToken: string;
  shareSetId: string;
}): Promise<string> {
  const api = createHttpCustodyApi({
    apiUrl: location.origin,
    appId: input.appId,
    clientId: input.clientId,
    deviceKey: deviceKeyLoader(),
  });
  const share = await api.getAuthShare(input.accessToken, input.shareSetId);
  let binary = '';
  for (const byte of share) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
