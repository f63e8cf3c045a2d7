import type { WalletFlowEvent } from '@latch/core';
import { describe, expect, it } from 'vitest';
import { es } from '../../strings/locales/es.js';
import { walletFlowScreen } from '../testing/renderScreen.js';

const OAUTH = 'EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN';
const recoverWith = (method: 'google-drive' | 'icloud'): WalletFlowEvent[] => [
  { type: 'startRecover', appName: 'Acme', method },
];

// The cloud backup screens (SPEC §2, §8): the selection's three options, and EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN.
describe('cloud backup screens', () => {
  it('EMBEDDED_WALLET_RECOVERY_SELECTION lists the three options when the app enables the clouds', async () => {
    const text = await walletFlowScreen('EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN', [
      { type: 'startCreate', appName: 'Acme', options: ['user-passcode', 'icloud', 'google-drive'] },
    ]);
    expect(text).toMatch(/Back up to Google Drive.*Back up to Apple iCloud.*Set a password/);
  });

  it("EMBEDDED_WALLET_RECOVERY_OAUTH: 'Confirm it's really you' and 'Confirm with Google' / 'Confirm with Apple'", async () => {
    const google = await walletFlowScreen(OAUTH, recoverWith('google-drive'));
    expect(google).toContain("Confirm it's really you");
    expect(google).toContain('Confirm with Google');
    const apple = await walletFlowScreen(OAUTH, recoverWith('icloud'));
    expect(apple).toContain('Confirm with Apple');
  });

  it("a deleted backup: 'Recovery with Google unsuccessful', the reason, the account hint and 'Try again'", async () => {
    const text = await walletFlowScreen(OAUTH, [
      ...recoverWith('google-drive'),
      { type: 'confirmCloud' },
      { type: 'cloudFailed', failure: 'cloud_backup_not_found' },
    ]);
    expect(text).toContain('Recovery with Google unsuccessful');
    expect(text).toContain('The backup of this account was not found in Google. It may have been deleted.');
    expect(text).toContain('Make sure you select the Google account tied to your backup.');
    expect(text).toContain('Try again');
    expect(text).not.toContain('Confirm with Google');
  });

  it("a backup waits for the provider, then 'Back up with Apple unsuccessful'", async () => {
    const start: WalletFlowEvent[] = [
      { type: 'startCreate', appName: 'Acme', options: ['icloud', 'user-passcode'] },
      { type: 'chooseOption', method: 'icloud' },
    ];
    expect(await walletFlowScreen(OAUTH, start)).toContain('Waiting for Apple…');
    const failed = await walletFlowScreen(OAUTH, [...start, { type: 'cloudFailed', failure: 'oauth_user_denied' }]);
    expect(failed).toContain('Back up with Apple unsuccessful');
    expect(failed).toContain('Retry and check Apple to finish connecting your account.');
  });

  it('is translated like every wallet text (es)', async () => {
    const text = await walletFlowScreen(OAUTH, recoverWith('google-drive'), es);
    expect(text).toContain('Confirma que eres tú');
    expect(text).toContain('Confirmar con Google');
  });
});
