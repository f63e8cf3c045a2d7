import { DELAY, type User } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { authFlowTransition } from './authFlow.js';
import { initialAuthFlowState } from './modalNavigation.js';
import { SCREEN } from './screens.js';

const user = { id: 'did:latch:u', linkedAccounts: [] } as unknown as User;

describe('after the embedded wallet is created', () => {
  it('shows EMBEDDED_WALLET_CREATED_SCREEN, then finishes after 2500 ms', () => {
    const creating = {
      ...initialAuthFlowState(),
      phase: 'open' as const,
      screen: SCREEN.embeddedWalletOnCreate,
      user,
      isNewUser: true,
    };
    const { state, effects } = authFlowTransition(creating, { type: 'walletCreated', user });
    expect(state.screen).toBe(SCREEN.embeddedWalletCreated);
    expect(state.succeeded).toBe(true);
    expect(effects).toEqual([{ type: 'after', ms: DELAY.walletCreatedClose, event: { type: 'finish' } }]);
    const closing = authFlowTransition(state, { type: 'finish' });
    expect(closing.state.phase).toBe('closing');
    expect(closing.effects).toContainEqual(expect.objectContaining({ type: 'reportComplete', isNewUser: true }));
  });

  it('ignores a late walletCreated once the user has left the creation screen', () => {
    const elsewhere = { ...initialAuthFlowState(), phase: 'open' as const, screen: SCREEN.landing };
    expect(authFlowTransition(elsewhere, { type: 'walletCreated', user }).state).toEqual(elsewhere);
  });
});
