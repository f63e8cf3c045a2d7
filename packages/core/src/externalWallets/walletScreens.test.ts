import { describe, expect, it } from 'vitest';
import { awaitingScreenFor, walletListScreenFor } from './walletScreens.js';

describe('wallet screens by intent', () => {
  it('connects on AWAITING_CONNECT_ONLY_CONNECTION in connect-only mode, else on AWAITING_CONNECTION', () => {
    expect(awaitingScreenFor('connect-only')).toBe('AWAITING_CONNECT_ONLY_CONNECTION');
    expect(awaitingScreenFor('login')).toBe('AWAITING_CONNECTION');
    expect(awaitingScreenFor('link')).toBe('AWAITING_CONNECTION');
  });

  it('returns to the wallet list of the intent: link, connect-only (logged in or out), else landing', () => {
    expect(walletListScreenFor('link', true)).toBe('LINK_WALLET_SCREEN');
    expect(walletListScreenFor('connect-only', true)).toBe('CONNECT_ONLY_AUTHENTICATED_SCREEN');
    expect(walletListScreenFor('connect-only', false)).toBe('CONNECT_ONLY_LANDING_SCREEN');
    expect(walletListScreenFor('login', false)).toBe('LANDING');
  });
});
