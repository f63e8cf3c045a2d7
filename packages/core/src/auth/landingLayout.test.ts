import { LOGIN_METHODS } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import {
  configWarnings,
  groupVisibleCount,
  landingLayout,
  primaryVisibleCount,
  showsImplicitConsent,
} from './landingLayout.js';

// SPEC's layouts are written for every method; these tests let all of them through (the widget shows
// only the built ones, see 'methods not built yet' below).
const grouped = (
  loginMethods: string[],
  extra: { walletList?: string[]; priority?: 'web2-first' | 'web3-first' } = {},
) =>
  landingLayout(
    {
      loginMethods: loginMethods as never,
      appearance: { loginGroupPriority: extra.priority ?? 'web2-first', walletList: extra.walletList ?? [] },
    },
    LOGIN_METHODS,
  );

describe('every login method is built (Farcaster last, issue #31)', () => {
  it('shows Farcaster with the socials of the grouped layout', () => {
    const layout = landingLayout({
      loginMethods: ['email', 'sms', 'google', 'twitter', 'discord', 'wallet', 'farcaster', 'passkey', 'telegram'],
      appearance: { loginGroupPriority: 'web2-first', walletList: [] },
    });
    expect(layout.entries).toEqual([
      { kind: 'method', method: 'email' },
      { kind: 'method', method: 'sms' },
      { kind: 'method', method: 'google' },
      { kind: 'other-socials' },
      { kind: 'continue-with-wallet' },
      { kind: 'passkey' },
    ]);
    expect(layout.overflowMethods).toEqual(['twitter', 'discord', 'farcaster', 'telegram']);
  });

  it("shows Farcaster where the ordered layout puts it, primary or 'More options'", () => {
    const layout = landingLayout({
      loginMethods: ['email', 'sms', 'google', 'github', 'apple', 'farcaster'],
      loginMethodsAndOrder: { primary: ['google', 'farcaster', 'email', 'github'], overflow: ['apple', 'sms'] },
      appearance: { loginGroupPriority: 'web2-first', walletList: [] },
    });
    expect(layout.entries).toEqual([
      { kind: 'method', method: 'google' },
      { kind: 'method', method: 'farcaster' },
      { kind: 'method', method: 'email' },
      { kind: 'method', method: 'github' },
      { kind: 'more-options' },
    ]);
    expect(layout.overflowMethods).toEqual(['apple', 'sms']);
  });

  it('warns about no method', () => {
    expect(configWarnings({ loginMethods: ['email', 'google', 'farcaster', 'passkey'] })).toEqual([]);
  });
});

describe('primary/overflow layout (SPEC §9)', () => {
  it('shows fewer than 5 primaries all, 5 primaries with no overflow all, otherwise 4', () => {
    expect(primaryVisibleCount(3, 2)).toBe(3);
    expect(primaryVisibleCount(4, 9)).toBe(4);
    expect(primaryVisibleCount(5, 0)).toBe(5);
    expect(primaryVisibleCount(5, 1)).toBe(4);
    expect(primaryVisibleCount(6, 0)).toBe(4);
  });

  it("puts the rest behind 'More options'", () => {
    const layout = landingLayout(
      {
        loginMethods: ['email', 'sms', 'google', 'github', 'apple', 'discord'],
        loginMethodsAndOrder: { primary: ['google', 'email', 'sms', 'github', 'apple'], overflow: ['discord'] },
        appearance: { loginGroupPriority: 'web2-first', walletList: [] },
      },
      LOGIN_METHODS,
    );
    expect(layout.layout).toBe('ordered');
    expect(layout.entries).toEqual([
      { kind: 'method', method: 'google' },
      { kind: 'method', method: 'email' },
      { kind: 'method', method: 'sms' },
      { kind: 'method', method: 'github' },
      { kind: 'more-options' },
    ]);
    expect(layout.overflowMethods).toEqual(['apple', 'discord']);
  });

  it("has no 'More options' when everything fits", () => {
    const layout = landingLayout({
      loginMethods: ['email', 'sms'],
      loginMethodsAndOrder: { primary: ['sms', 'email'], overflow: [] },
      appearance: { loginGroupPriority: 'web2-first', walletList: [] },
    });
    expect(layout.entries.map((e) => e.kind)).toEqual(['method', 'method']);
    expect(layout.overflowMethods).toEqual([]);
  });
});

describe('grouped layout (SPEC §9)', () => {
  it('shows 3 before overflow when a group has more than 4', () => {
    expect(groupVisibleCount(4)).toBe(4);
    expect(groupVisibleCount(5)).toBe(3);
  });

  it("web2-first: socials first, 'Other socials', then 'Continue with a wallet'", () => {
    const layout = grouped(['email', 'sms', 'google', 'twitter', 'discord', 'wallet']);
    expect(layout.entries).toEqual([
      { kind: 'method', method: 'email' },
      { kind: 'method', method: 'sms' },
      { kind: 'method', method: 'google' },
      { kind: 'other-socials' },
      { kind: 'continue-with-wallet' },
    ]);
    expect(layout.overflowMethods).toEqual(['twitter', 'discord']);
  });

  it('shows four web2 methods without overflow, and the passkey entry last', () => {
    const layout = grouped(['email', 'sms', 'google', 'apple', 'passkey']);
    expect(layout.entries.map((e) => e.kind)).toEqual(['method', 'method', 'method', 'method', 'passkey']);
  });

  it("web3-first: wallets first with 'Other wallets' beyond 4", () => {
    const layout = grouped(['email', 'wallet'], {
      priority: 'web3-first',
      walletList: ['metamask', 'coinbase_wallet', 'rainbow', 'zerion', 'phantom'],
    });
    expect(layout.entries).toEqual([
      { kind: 'wallet', wallet: 'metamask' },
      { kind: 'wallet', wallet: 'coinbase_wallet' },
      { kind: 'wallet', wallet: 'rainbow' },
      { kind: 'other-wallets' },
      { kind: 'method', method: 'email' },
    ]);
    expect(layout.overflowWallets).toEqual(['zerion', 'phantom']);
  });
});

describe('implicit consent line (SPEC §2)', () => {
  const links = { termsAndConditionsUrl: 'https://t.example', privacyPolicyUrl: undefined };
  it('shows when acceptance is not required and a link exists', () => {
    expect(showsImplicitConsent({ requireUsersAcceptTerms: false, ...links })).toBe(true);
  });
  it('hides without links, or when acceptance is required unless forced', () => {
    expect(showsImplicitConsent({ requireUsersAcceptTerms: false })).toBe(false);
    expect(showsImplicitConsent({ requireUsersAcceptTerms: true, ...links })).toBe(false);
    expect(showsImplicitConsent({ requireUsersAcceptTerms: true, ...links }, true)).toBe(true);
  });
});

describe('configuration warnings (SPEC §5)', () => {
  it('warns with no login method and with more than 4 primaries', () => {
    expect(configWarnings({ loginMethods: [] })).toEqual(['At least one login method must be enabled.']);
    expect(
      configWarnings({
        loginMethods: ['email'],
        loginMethodsAndOrder: { primary: ['email', 'sms', 'google', 'apple'], overflow: [] },
      }),
    ).toEqual([]);
    const five = configWarnings({
      loginMethods: ['email'],
      loginMethodsAndOrder: { primary: ['email', 'sms', 'google', 'apple', 'github'], overflow: [] },
    });
    expect(five).toHaveLength(1);
    expect(five[0]).toContain('More than 4 primary login methods');
  });
});
