import { toAppConfig } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { confirmationOverrideRule } from './confirmationOverrideRule.js';
import { type HostConfig, mergeHostConfig } from './hostConfig.js';
import { createLatch } from './latch.js';
import { serverAppConfig } from './testing/appConfigFixture.js';

const APP_ID = 'a'.repeat(25);
const server = () => toAppConfig(serverAppConfig(APP_ID, { email_auth: true }));

describe('host options: hideDirectWeb2Inputs and priceDisplay (SPEC §3)', () => {
  it('hideDirectWeb2Inputs is the host’s, default off', () => {
    expect(server().appearance.hideDirectWeb2Inputs).toBe(false);
    const merged = mergeHostConfig(server(), { appearance: { hideDirectWeb2Inputs: true } });
    expect(merged.config.appearance.hideDirectWeb2Inputs).toBe(true);
  });

  it('priceDisplay replaces the default; a value outside SPEC’s units is ignored with a warning', () => {
    expect(server().embeddedWallets.priceDisplay).toEqual({ primary: 'fiat-currency', secondary: 'native-token' });
    const tokenOnly = { primary: 'native-token', secondary: null } as const;
    expect(
      mergeHostConfig(server(), { embeddedWallets: { priceDisplay: tokenOnly } }).config.embeddedWallets.priceDisplay,
    ).toEqual(tokenOnly);
    const wrong = { primary: 'euros', secondary: null } as unknown as NonNullable<
      HostConfig['embeddedWallets']
    >['priceDisplay'];
    const refused = mergeHostConfig(server(), { embeddedWallets: { priceDisplay: wrong } });
    expect(refused.config.embeddedWallets.priceDisplay).toEqual(server().embeddedWallets.priceDisplay);
    expect(refused.warnings.join()).toContain('embeddedWallets.priceDisplay');
  });
});

describe('SPEC §5: overriding waitForTransactionConfirmation needs the wallet UIs off', () => {
  const NEEDS = /waitForTransactionConfirmation: false needs the wallet UIs off/;

  it('refuses false with the wallet UIs on, at createLatch and in setOptions', () => {
    expect(() => confirmationOverrideRule({ embeddedWallets: { waitForTransactionConfirmation: false } })).toThrow(
      NEEDS,
    );
    expect(() =>
      createLatch({ appId: APP_ID, clientId: 'client', embeddedWallets: { waitForTransactionConfirmation: false } }),
    ).toThrow(NEEDS);
    const latch = createLatch({ appId: APP_ID, clientId: 'client', embeddedWallets: { noPromptOnSignature: false } });
    expect(() => latch.setOptions({ embeddedWallets: { waitForTransactionConfirmation: false } })).toThrow(NEEDS);
    latch.destroy();
  });

  it('accepts false with noPromptOnSignature, and true or unset with the UIs on', () => {
    const off = { waitForTransactionConfirmation: false, noPromptOnSignature: true };
    expect(() => confirmationOverrideRule({ embeddedWallets: off })).not.toThrow();
    expect(() => confirmationOverrideRule({ embeddedWallets: { waitForTransactionConfirmation: true } })).not.toThrow();
    expect(() => confirmationOverrideRule({})).not.toThrow();
    createLatch({ appId: APP_ID, clientId: 'client', embeddedWallets: off }).destroy();
  });
});
