import type { Browser, Page } from 'playwright-core';
import { parseEther, recoverTransactionAddress, verifyMessage, verifyTypedData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SIGN_TEXTS } from '../apps/demo/src/demoSignTexts.js';
import { DEMO_TYPED_DATA } from '../apps/demo/src/demoTypedData.js';
import { launchBrowser, saveScreenshot } from './support.js';
import { logInWithWallet, walletApp } from './walletSupport.js';
import { approveInFrame, dialog, newUserPage, visible, walletFrame } from './widgetSteps.js';

// Issue #24 reproduction 2: a script on the host page posted sign requests to the wallet frame and got
// signatures, and could send the approval message itself. Now only a click on the frame's own confirmation
// approves — unless the app's server config allows headless signing.

type Reply = { data?: { result?: string }; error?: { type: string; message: string } };

/** As a host-page script: posts `event` with `data` to the page's wallet frame and waits for its reply. */
function postToFrame(page: Page, event: string, data: Record<string, unknown>): Promise<Reply> {
  return page.evaluate(
    ({ event, data }) =>
      new Promise<Reply>((resolve) => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[src*="/embedded-wallets"]');
        const id = `host-script:${Math.random().toString(36).slice(2)}`;
        const listen = (message: MessageEvent) => {
          if ((message.data as { id?: unknown } | null)?.id !== id) return;
          window.removeEventListener('message', listen);
          resolve(message.data as Reply);
        };
        window.addEventListener('message', listen);
        frame?.contentWindow?.postMessage({ id, event, data }, '*');
      }),
    { event, data },
  );
}

/** The three sign requests of the reproduction, as a host script posts them (1 ETH, no approval id). */
function requests(address: string) {
  return {
    eth_signTransaction: {
      method: 'eth_signTransaction',
      params: [
        {
          from: address,
          to: address,
          value: `0x${parseEther('1').toString(16)}`,
          chainId: 31337,
          nonce: 0,
          gas: 21000,
          maxFeePerGas: '0x3b9aca00',
        },
      ],
    },
    personal_sign: { method: 'personal_sign', params: ['0x676d', address] },
    eth_signTypedData_v4: { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(DEMO_TYPED_DATA)] },
  };
}

const tokenOf = (page: Page, appId: string) =>
  page.evaluate((key) => localStorage.getItem(key) ?? '', `latch:${appId}:token`);

describe('approval is an act inside the frame (issue #24)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a host script's sign requests and approval are refused; through the widget the frame asks and a real click signs", async () => {
    const app = await walletApp('Frame Approval Co');
    const page = await newUserPage(browser);
    const address = await logInWithWallet(page, app, 'frame-approval');
    const accessToken = await tokenOf(page, app.appId);
    expect(accessToken).not.toBe('');

    for (const [method, request] of Object.entries(requests(address))) {
      const reply = await postToFrame(page, 'latch:wallet:rpc', { accessToken, address, request });
      expect([method, reply.data, reply.error?.type]).toEqual([method, undefined, 'approval_not_visible']);
    }
    const approve = await postToFrame(page, 'latch:wallet:approve-transaction', {
      accessToken,
      address,
      transaction: requests(address).eth_signTransaction.params[0],
    });
    expect(approve.error?.message).toBe('Only a click in the wallet frame approves a signature.');

    // The same kind of request through the widget (the demo's buttons): the frame shows its confirmation.
    await page.getByRole('button', { name: 'Sign message' }).click();
    const frame = walletFrame(page);
    await visible(frame.getByRole('heading', { name: 'Sign message' }));
    await visible(frame.getByText('Hello from the Latch demo'));
    await saveScreenshot(page, 'frame-approval-message');
    await approveInFrame(page);
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 });
    const signature = (await page.getByTestId('embedded-wallet-signature').textContent()) as `0x${string}`;
    expect(await verifyMessage({ address, message: 'Hello from the Latch demo', signature })).toBe(true);

    await page.getByRole('button', { name: 'Sign typed data' }).click();
    await visible(frame.getByText('Hello, typed data'));
    await approveInFrame(page);
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 });
    const typed = (await page.getByTestId('embedded-wallet-signature').textContent()) as `0x${string}`;
    expect(await verifyTypedData({ address, ...DEMO_TYPED_DATA, signature: typed })).toBe(true);

    // The frame is hidden again: a script posting now is refused as before.
    const after = await postToFrame(page, 'latch:wallet:rpc', {
      accessToken,
      address,
      request: requests(address).personal_sign,
    });
    expect(after.error?.type).toBe('approval_not_visible');
    await page.close();
  });

  it('with headless_signing allowed in the app config, the same host script request signs', async () => {
    const app = await walletApp('Headless Co', {
      embedded_wallet_config: { create_on_login: 'users-without-wallets', headless_signing: true },
    });
    const page = await newUserPage(browser);
    const address = await logInWithWallet(page, app, 'frame-headless');
    const accessToken = await tokenOf(page, app.appId);
    const all = requests(address);
    const signed = await postToFrame(page, 'latch:wallet:rpc', { accessToken, address, request: all.personal_sign });
    expect(await verifyMessage({ address, message: 'gm', signature: signed.data?.result as `0x${string}` })).toBe(true);
    const raw = await postToFrame(page, 'latch:wallet:rpc', { accessToken, address, request: all.eth_signTransaction });
    expect(await recoverTransactionAddress({ serializedTransaction: raw.data?.result as `0x02${string}` })).toBe(
      address,
    );
    await page.close();
  });

  // The message the demo's sign buttons sign (apps/demo/src/EmbeddedWalletPanel.tsx).
  const DEMO_SIGN_MESSAGE = 'Hello from the Latch demo';

  it("the host's title, description and button text for one sign call label the frame's confirmation, as given in Spanish too", async () => {
    const app = await walletApp('Sign Texts Co');
    const page = await newUserPage(browser);
    const address = await logInWithWallet(page, app, 'sign-texts');
    // The widget in Spanish: SPEC's texts would be translated, the host's are its own words.
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('button', { name: 'Sign with custom texts' }).click();
    const frame = walletFrame(page);
    await visible(frame.getByRole('heading', { name: DEMO_SIGN_TEXTS.title }));
    await visible(frame.getByText(DEMO_SIGN_TEXTS.description));
    // What is signed is still the frame's own reading of the request.
    await visible(frame.getByText(DEMO_SIGN_MESSAGE));
    expect(await frame.getByRole('heading', { name: 'Firmar mensaje' }).count()).toBe(0);
    // The widget's own heading under the frame names the dialog for screen readers only: one title on screen.
    const heading = await page.locator('dialog[data-latch-approval] h2').boundingBox();
    expect(heading?.height ?? 0).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'frame-approval-host-texts');
    await frame.getByRole('button', { name: DEMO_SIGN_TEXTS.buttonText }).click({ timeout: 30_000 });
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 });
    const signature = (await page.getByTestId('embedded-wallet-signature').textContent()) as `0x${string}`;
    expect(await verifyMessage({ address, message: DEMO_SIGN_MESSAGE, signature })).toBe(true);

    // The next call without texts shows SPEC's, in the widget's language.
    await page.getByRole('button', { name: 'Sign message' }).click();
    await visible(frame.getByRole('heading', { name: 'Firmar mensaje' }));
    await visible(frame.getByRole('button', { name: 'Firmar y continuar' }));
    await page.close();
  });
});
