// A host page with no framework: @latch/core alone logs in by email, gets the embedded wallet and
// signs (e2e/vanillaHost.spec.ts). It renders the core's stores by hand, as a Vue or Svelte binding would.
import { createLatch, embeddedWalletOf } from '@latch/core';
import { readDemoSettings } from './demoSettings.js';
import { $, show, wireEmailLogin } from './plainPage.js';

/** The message the 'Sign message' button signs. */
const VANILLA_SIGN_MESSAGE = 'Hello from a page without React';

const settings = readDemoSettings(window.location.search, import.meta.env as Record<string, string | undefined>);
const latch = createLatch({
  appId: settings.appId,
  clientId: settings.clientId,
  apiUrl: settings.apiUrl,
  onLoginComplete: ({ user }) => console.info(`[vanilla] login complete for ${user.id}`),
});
latch.start();

const utf8Hex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** Shows the wallet frame's confirmation in a fixed box (or hides the frame again: a 0×0 frame shows nothing). */
function placeFrame(box: string | null): void {
  const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Latch embedded wallet"]');
  if (!frame) return;
  frame.style.cssText = box
    ? `position:fixed;${box};border:0;z-index:2147483647;visibility:visible`
    : 'position:absolute;left:0;top:0;width:0;height:0;border:0;visibility:hidden';
}

/** Renders every store into the page; called on any change. */
function render(): void {
  const { status, user } = latch.client.getState();
  const flow = latch.auth.getState();
  const { connection, signRequest } = latch.embeddedWallet.getState();
  show('status', user ? 'authenticated' : status);
  show('screen', flow.screen ?? 'closed');
  show('user', user?.id ?? '');
  show('wallet-address', connection?.address ?? embeddedWalletOf(user)?.address ?? '');
  show('wallet-status', connection?.status ?? '');
  $('sign-request').hidden = signRequest === null;
  // Without the React widget the page itself shows the wallet frame while it asks (issue #24, docs/wallet-widget.md).
  if (signRequest === null) placeFrame(null);
  show('sign-message', signRequest ? String(signRequest.payload) : '');
}
latch.client.subscribe(render);
latch.auth.subscribe(render);
latch.embeddedWallet.subscribe(render);
render();

wireEmailLogin(latch);
$('sign').addEventListener('click', async () => {
  show('error', '');
  try {
    const [address] = (await latch.embeddedWallet.provider.request({ method: 'eth_accounts' })) as string[];
    const signature = await latch.embeddedWallet.provider.request({
      method: 'personal_sign',
      params: [utf8Hex(VANILLA_SIGN_MESSAGE), address],
    });
    show('signature', String(signature));
  } catch (error) {
    show('error', error instanceof Error ? error.message : String(error));
  }
});
// 'Approve' opens the frame's own confirmation; the user's click there signs.
$('approve').addEventListener('click', () => {
  placeFrame('right:16px;bottom:16px;width:360px;height:400px');
  latch.embeddedWallet.approveSignRequest();
});
$('reject').addEventListener('click', () => latch.embeddedWallet.rejectSignRequest());
