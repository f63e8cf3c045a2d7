import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoTiming, demoApp, demoQuery, launchBrowser, saveScreenshot, stack } from './support.js';
import { dialog, loginByEmail, newUserPage, visible } from './widgetSteps.js';

/** Opens the demo with the widget in `locale` (the demo passes ?locale= to the provider's `locale`). */
async function openDemoIn(page: Page, locale: 'en' | 'es', timing: DemoTiming = {}): Promise<void> {
  await page.goto(`${stack().demoUrl}/?${demoQuery(demoApp(), { locale }, timing)}`);
}

// Issue #15 "Translations": the widget in Spanish (a lazily loaded second locale), switched at runtime.
describe('locale', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the landing, the code screen and an error in Spanish', async () => {
    const page = await newUserPage(browser, 390);
    await openDemoIn(page, 'es');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Inicia sesión o regístrate' }));
    // Never English first: the English landing header was not shown on the way.
    expect(await dialog(page).getByText('Log in or sign up').count()).toBe(0);
    await visible(dialog(page).getByRole('button', { name: 'Enviar' }));
    // The phone form loads with its own chunk; its texts come from the Spanish catalogue too.
    await visible(dialog(page).getByRole('textbox', { name: 'Número de teléfono' }));
    await saveScreenshot(page, 'locale-es-landing');

    const input = dialog(page).getByRole('textbox', { name: 'Correo electrónico' });
    await input.fill(`locale-${Date.now()}@example.com`);
    await input.press('Enter');
    await visible(dialog(page).getByRole('heading', { name: 'Introduce el código de confirmación' }));
    await saveScreenshot(page, 'locale-es-code');

    // A wrong code: the server refuses it (invalid_credentials), the screen says so in Spanish.
    await page.locator('[data-latch-root]').getByLabel('Dígito 1 de 6').click();
    await page.keyboard.type('000000');
    await visible(dialog(page).getByText('El código de verificación no es válido o ha caducado'));
    await saveScreenshot(page, 'locale-es-error');
    await page.close();
  });

  it('switches the language at runtime', async () => {
    const page = await newUserPage(browser);
    await openDemoIn(page, 'en');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });

    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Inicia sesión o regístrate' }));
    await visible(dialog(page).getByRole('textbox', { name: 'Correo electrónico' }));
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });

    await page.getByLabel('Language').selectOption('en');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Log in or sign up' }));
    await page.close();
  });

  it("words the key export page (the frame's own page) in the widget's language", async () => {
    const page = await newUserPage(browser);
    // Real time: the login's 'Success!' (1400 ms), the wallet-created screen (2500 ms) and the export's connecting
    // screen (DELAY.keyExportMinimum, 1000 ms) as SPEC times them.
    await openDemoIn(page, 'en', { realTime: true });
    await loginByEmail(page, `locale-export-${Date.now()}@example.com`);
    await visible(page.getByTestId('embedded-wallet-ready').getByText('ready'), 30_000);
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('button', { name: 'Export wallet' }).click();
    await visible(dialog(page).getByRole('heading', { name: 'Transferir billetera' }), 30_000);
    const exportPage = page.frameLocator('iframe[src*="/embedded-wallets/export"]').locator('body');
    await visible(exportPage.getByText(/^Introduce el código que enviamos a /), 30_000);
    await visible(exportPage.getByRole('button', { name: 'Verificar' }));
    expect(await exportPage.evaluate((body) => body.ownerDocument.documentElement.lang)).toBe('es');
    await saveScreenshot(page, 'locale-es-export');
    await page.close();
  });
});
