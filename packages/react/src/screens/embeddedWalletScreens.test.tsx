import { SCREEN, type WalletFlowEvent } from '@latch/core';
import { describe, expect, it } from 'vitest';
import { loginScreen, navigate, walletFlowScreen } from './testing/renderScreen.js';

// One test per embedded-wallet screen: the screen table's component for a fixed flow state, rendered the way a server
// renders it (lazy screens included), shows SPEC's texts.
describe('embedded-wallet screens', () => {
  it('EMBEDDED_WALLET_ON_ACCOUNT_CREATE', async () => {
    expect(await loginScreen(navigate(SCREEN.embeddedWalletOnCreate))).toContain('Creating your wallet');
  });
  it('EMBEDDED_WALLET_CREATED', async () => {
    expect(await loginScreen(navigate(SCREEN.embeddedWalletCreated))).toContain('Your account is secured.');
  });
  it('EMBEDDED_WALLET_RECOVERY_SELECTION', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN', [
      { type: 'startCreate', appName: 'Acme', options: [] },
    ]);
    expect(text).toContain('Secure your account');
    expect(text).toContain('Set a password');
  });
  it('EMBEDDED_WALLET_BACKUP_INTRO', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_BACKUP_INTRO_SCREEN', [
      { type: 'startCreate', appName: 'Acme', options: [] },
      { type: 'showBackupIntro' },
    ]);
    expect(text).toContain('Why do I need to secure my account?');
    expect(text).toContain('Select backup method');
  });
  it('EMBEDDED_WALLET_PASSWORD_CREATE', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN', [
      { type: 'startCreate', appName: 'Acme', options: ['user-passcode'] },
    ]);
    expect(text).toContain('Set your password');
  });
  it("EMBEDDED_WALLET_PASSWORD_CREATE shows SPEC §5's password messages and strength from the catalogue", async () => {
    const typed = (password: string): WalletFlowEvent[] => [
      { type: 'startCreate', appName: 'Acme', options: ['user-passcode'] },
      { type: 'passwordChanged', password },
    ];
    const screen = 'EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN';
    expect(await walletFlowScreen(screen, typed('abc'))).toContain('Password must be at least 6 characters');
    expect(await walletFlowScreen(screen, typed('my pass?'))).toContain('Invalid characters used ( SPACE ? )');
    const weak = await walletFlowScreen(screen, typed('abcdef'));
    expect(weak).toContain('Strength: Weak');
    const translated = await walletFlowScreen(screen, typed('abcdef'), { strength: 'Stärke', strengthWeak: 'Schwach' });
    expect(translated).toContain('Stärke: Schwach');
  });
  it('EMBEDDED_WALLET_CONNECTING', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_CONNECTING_SCREEN', [
      { type: 'startSetPassword', appName: 'Acme', hasPassword: false, connected: false },
    ]);
    expect(text).toContain('Connecting to your wallet');
  });
  it("EMBEDDED_WALLET_CONNECTING failed: SPEC §8's 'Something went wrong' / \"We're on it…\", or as the host overrides it", async () => {
    const events: WalletFlowEvent[] = [
      { type: 'startSetPassword', appName: 'Acme', hasPassword: false, connected: false },
      { type: 'connectFailed' },
    ];
    const text = await walletFlowScreen('EMBEDDED_WALLET_CONNECTING_SCREEN', events);
    expect(text).toContain('Something went wrong');
    expect(text).toContain("We're on it. Please try again later.");
    const translated = await walletFlowScreen('EMBEDDED_WALLET_CONNECTING_SCREEN', events, {
      connectingFailedDetail: 'Wir kümmern uns darum.',
    });
    expect(translated).toContain('Wir kümmern uns darum.');
    expect(translated).not.toContain('on it');
  });
  it('EMBEDDED_WALLET_PASSWORD_RECOVERY', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN', [
      { type: 'startRecover', appName: 'Acme' },
    ]);
    expect(text).toContain('Enter your password');
    expect(text).toContain('Recover your account');
  });
  it('EMBEDDED_WALLET_PASSWORD_RECOVERY with a wrong password', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN', [
      { type: 'startRecover', appName: 'Acme' },
      { type: 'recoveryPasswordChanged', password: 'wrong' },
      { type: 'submitRecovery' },
      { type: 'recoverFailed', reason: 'wrong-password' },
    ]);
    expect(text).toContain('Invalid recovery password, please try again.');
  });
  it('EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN', [
      { type: 'startSetPassword', appName: 'Acme', hasPassword: false, connected: true },
    ]);
    expect(text).toContain('Secure Your Account');
    expect(text).toContain('Add password');
  });
  it('EMBEDDED_WALLET_PASSWORD_UPDATE', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN', [
      { type: 'startSetPassword', appName: 'Acme', hasPassword: false, connected: true },
      { type: 'addPassword' },
    ]);
    expect(text).toContain('Set your password');
  });
  it('a host overrides or translates a wallet text like any other', async () => {
    const text = await walletFlowScreen(
      'EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN',
      [{ type: 'startCreate', appName: 'Acme', options: [] }],
      { selectionTitle: 'Sichern Sie Ihr Konto', setAPassword: 'Passwort festlegen' },
    );
    expect(text).toContain('Sichern Sie Ihr Konto');
    expect(text).toContain('Passwort festlegen');
    expect(text).not.toContain('Secure your account');
  });
});
