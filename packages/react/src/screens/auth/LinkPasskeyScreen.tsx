import { passkeyDisplayName, passkeyList } from '@latch/core/passkeys';
import { LIMIT, type LinkedAccount } from '@latch/protocol';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useClientState, useFlowState, useLatchContext } from '../../hooks/index.js';
import { usePasskeyStrings } from '../../hooks/usePasskeyStrings.js';
import { format } from '../../strings/format.js';
import { passkeyErrorText } from '../../strings/passkeyStrings.js';
import type { ScreenProps } from '../ScreenProps.js';

const credentialIdOf = (account: LinkedAccount): string => String(account.credentialId);

/**
 * LINK_PASSKEY_SCREEN (SPEC §2): 'Your passkeys' (2 shown until 'View all'), each with a remove button, and 'Add a
 * passkey' until the user has 5; after an add, 'Passkey added' with Done.
 */
export function LinkPasskeyScreen({ titleId }: ScreenProps): ReactNode {
  const { runner, locale } = useLatchContext();
  const text = usePasskeyStrings();
  const { passkey } = useFlowState();
  const { user } = useClientState();
  const [expanded, setExpanded] = useState(false);

  if (passkey.operation === 'link' && passkey.status === 'done') {
    return (
      <ScreenFrame
        titleId={titleId}
        title={text.passkeyAdded}
        top={
          <div className="latch-badge" aria-hidden="true">
            ✓
          </div>
        }
      >
        <p className="latch-text">{text.passkeyAddedDetail}</p>
        <Button variant="primary" onClick={() => runner.dispatch({ type: 'finish' })}>
          {text.passkeyDone}
        </Button>
      </ScreenFrame>
    );
  }

  const { passkeys, shown, hasMore, canAdd } = passkeyList(user, expanded);
  const busy = passkey.status === 'pending';
  const message =
    passkey.status === 'error' && passkey.error ? passkeyErrorText(text, passkey.operation, passkey.error) : '';

  return (
    <ScreenFrame titleId={titleId} title={text.yourPasskeys}>
      {passkeys.length === 0 ? <p className="latch-text">{text.noPasskeys}</p> : null}
      <ul className="latch-list" aria-labelledby={titleId}>
        {shown.map((account) => {
          const name = passkeyDisplayName(account, text.passkeyUnknownDevice);
          return (
            <li key={credentialIdOf(account)} className="latch-field" data-testid="passkey-item">
              <span style={{ flex: 1, alignSelf: 'center' }}>{name}</span>
              <Button
                aria-label={format(text.removePasskey, { name })}
                disabled={busy}
                onClick={() =>
                  runner.dispatch({ type: 'startPasskey', operation: 'unlink', credentialId: credentialIdOf(account) })
                }
              >
                {text.passkeyRemove}
              </Button>
            </li>
          );
        })}
      </ul>
      {hasMore ? (
        <Button variant="link" onClick={() => setExpanded(true)}>
          {text.viewAllPasskeys}
        </Button>
      ) : null}
      {busy ? <p className="latch-text">{text.passkeyWaiting}</p> : null}
      {message ? (
        <p className="latch-status" data-tone="error" role="status">
          {message}
        </p>
      ) : null}{' '}
      {canAdd ? (
        <Button
          variant="primary"
          disabled={busy}
          aria-busy={busy && passkey.operation === 'link'}
          onClick={() => runner.dispatch({ type: 'startPasskey', operation: 'link' })}
        >
          {text.addPasskey}
        </Button>
      ) : (
        <p className="latch-text">{format(text.passkeyLimitReached, { limit: LIMIT.passkeysPerUser }, locale)}</p>
      )}
    </ScreenFrame>
  );
}
