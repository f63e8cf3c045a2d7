import type { FundingState } from '@latch/core';
import type { OnRampStatus } from '@latch/protocol';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LatchContext, type LatchContextValue } from '../../LatchContext.js';
import { catalogues } from '../../strings/locales/catalogues.js';
import { FiatOnRampPromptScreen } from './FiatOnRampPromptScreen.js';
import { FiatOnRampStatusScreen } from './FiatOnRampStatusScreen.js';
import type { OnRampScreenProps } from './onRampScreenProps.js';

// The on-ramp screens render the funding flow's state only (core's fundingFlow.ts): one render per state.
const ADDRESS = `0x52908400098527886E0F7030069857D2E4169EE7`;
const SIGNED = { signedUrl: 'https://buy.moonpay.test/?sig=1', externalTransactionId: 'ext_1', statusUrl: 'https://x' };

const funding = (overrides: Partial<FundingState> = {}): FundingState => ({
  id: 1,
  step: 'prompt',
  request: { address: ADDRESS, useSandbox: true, config: { currencyCode: 'eth_base', quoteCurrencyAmount: 0.012 } },
  signed: SIGNED,
  status: null,
  transaction: null,
  errors: 0,
  error: null,
  ...overrides,
});

function render(
  Screen: (props: OnRampScreenProps) => ReactNode,
  state: FundingState,
  locale: 'en' | 'es' = 'en',
): { text: string; html: string } {
  const context = { strings: catalogues[locale], embeds: { current: 0 } } as unknown as LatchContextValue;
  const html = renderToString(
    <LatchContext.Provider value={context}>
      <Screen titleId="t" state={state} dispatch={() => undefined} />
    </LatchContext.Provider>,
  );
  const text = html
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&')
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  return { text, html };
}

const status = (value: OnRampStatus | null, locale: 'en' | 'es' = 'en') =>
  render(FiatOnRampStatusScreen, funding({ step: 'status', status: value }), locale);

describe('FIAT_ON_RAMP_PROMPT_SCREEN', () => {
  it('the intro, the wallet, what is bought and the button to the provider', () => {
    const { text, html } = render(FiatOnRampPromptScreen, funding());
    expect(text).toContain('Fund account');
    expect(text).toContain('MoonPay opens in a new tab');
    expect(text).toContain('0x5290…9EE7');
    expect(text).toContain('ETH');
    expect(text).toContain('0.012');
    expect(html).toMatch(/<button[^>]*>Continue to MoonPay<\/button>/);
  });

  it("while the server signs, the button waits (the click must open the provider's tab at once)", () => {
    const { text, html } = render(FiatOnRampPromptScreen, funding({ step: 'signing', signed: null }));
    expect(text).toContain('Preparing your purchase');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Continue to MoonPay<\/button>/);
  });

  it('a refused sign shows its code and Try again', () => {
    const { text } = render(FiatOnRampPromptScreen, funding({ step: 'signFailed', error: 'invalid_data' }));
    expect(text).toContain('Your purchase could not be started. invalid_data');
    expect(text).toContain('Try again');
  });

  it('in Spanish', () => {
    const { text } = render(FiatOnRampPromptScreen, funding(), 'es');
    expect(text).toContain('Recargar cuenta');
    expect(text).toContain('Continuar a MoonPay');
  });
});

describe('FIAT_ON_RAMP_STATUS_SCREEN', () => {
  it("'Fund account': pending or no status shows 'In Progress' with a link back to the provider", () => {
    for (const value of [null, 'pending'] as const) {
      const { text, html } = status(value);
      expect(text).toContain('Fund account');
      expect(text).toContain('In Progress');
      expect(html).toContain(`href="${SIGNED.signedUrl}"`);
    }
  });

  it("failed: SPEC §8's 'Something went wrong!', contact support, debit cards typically work better", () => {
    const { text } = status('failed');
    expect(text).toContain('Something went wrong!');
    expect(text).toContain('Contact support');
    expect(text).toContain('Debit cards typically work better.');
    expect(text).toContain('Try again');
  });

  it('serviceFailure: the provider ran into an error, Try again? (the sentence is the alert, no empty one)', () => {
    const { text, html } = status('serviceFailure');
    expect(text).toContain('MoonPay ran into an error when processing your transaction. Try again?');
    expect(html).toMatch(/role="alert"[^>]*><strong>MoonPay ran into an error/);
    expect(html).not.toMatch(/<p[^>]*role="(alert|status)"[^>]*><\/p>/);
  });

  it('the link back to the provider is centred with the rest of the screen', () => {
    expect(status('pending').html).toMatch(/<p class="latch-center"><a class="latch-link"/);
  });

  it('completed and waiting authorisation end with Done', () => {
    expect(status('completed').text).toContain('Funds added');
    expect(status('completed').text).toContain('Done');
    expect(status('waitingAuthorization').text).toContain('Waiting for authorization');
  });

  it('in Spanish', () => {
    expect(status(null, 'es').text).toContain('En curso');
    expect(status('failed', 'es').text).toContain('¡Algo salió mal!');
    expect(status('failed', 'es').text).toContain('Las tarjetas de débito suelen funcionar mejor.');
    expect(status('serviceFailure', 'es').text).toContain('MoonPay tuvo un error al procesar tu transacción.');
  });
});
