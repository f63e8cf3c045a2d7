import type { ReactNode } from 'react';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useExternalWallets } from '../../hooks/useExternalWallets.js';
import { useWalletStrings } from '../../hooks/useWalletStrings.js';
import { format } from '../../strings/format.js';
import type { ScreenProps } from '../ScreenProps.js';

const noop = () => () => {};
const none = (): null => null;

/**
 * SESSION_HAND_OFF_SCREEN (a wallet's in-app browser opened by a signed-in page): asks whether to continue as the
 * account that page handed over; nothing is stored before Continue (login CSRF: docs/client.md).
 */
export function SessionHandOffScreen({ titleId }: ScreenProps): ReactNode {
  const strings = useWalletStrings();
  const prompts = useExternalWallets(true)?.handOffPrompt;
  const prompt = useSyncExternalStore(prompts ? prompts.subscribe : noop, prompts ? prompts.get : none, none);
  // Kept after the answer, so the title does not blink while the next screen loads.
  const [account] = useState(() => prompt?.account ?? '');
  const shown = prompt?.account ?? account;
  return (
    <ScreenFrame titleId={titleId} title={format(strings.handOffTitle, { account: shown })}>
      <p className="latch-text">{strings.handOffDetail}</p>
      <Button variant="primary" disabled={!prompt} onClick={() => void prompt?.answer(true)}>
        {strings.handOffContinue}
      </Button>
      <Button disabled={!prompt} onClick={() => void prompt?.answer(false)}>
        {strings.handOffDecline}
      </Button>
    </ScreenFrame>
  );
}
