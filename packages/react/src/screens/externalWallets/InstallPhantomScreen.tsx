import { installGuide } from '@latch/core/wallet';
import type { ReactNode } from 'react';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useLatchContext } from '../../hooks/index.js';
import { useWalletHelpTarget } from '../../hooks/useWalletHelpTarget.js';
import { useWalletStrings } from '../../hooks/useWalletStrings.js';
import { format } from '../../strings/format.js';
import type { ScreenProps } from '../ScreenProps.js';

/**
 * INSTALL_PHANTOM_SCREEN (desktop, the wallet is not in the page): SPEC §2's install guide — install the
 * extension, set up the first wallet, store the recovery phrase, reload the page — and a 'Learn more' link.
 */
export function InstallPhantomScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const strings = useWalletStrings();
  const guide = installGuide(useWalletHelpTarget());
  const wallet = { wallet: guide.name };
  return (
    <ScreenFrame
      titleId={titleId}
      title={format(strings.installWalletTitle, wallet)}
      onBack={() => runner.dispatch({ type: 'back' })}
      top={
        <div className="latch-badge" aria-hidden="true">
          ↓
        </div>
      }
    >
      <ol style={stepsStyle}>
        {guide.steps.map((step) => (
          <li key={step} style={stepStyle}>
            {format(strings[step], wallet)}
          </li>
        ))}
      </ol>
      {guide.learnMoreUrl ? (
        <a className="latch-button" href={guide.learnMoreUrl} target="_blank" rel="noopener noreferrer">
          {strings.learnMore}
        </a>
      ) : null}
    </ScreenFrame>
  );
}

const stepsStyle = { margin: 0, padding: '0 0 0 22px', display: 'flex', flexDirection: 'column', gap: 8 } as const;
const stepStyle = { paddingLeft: 4 } as const;
