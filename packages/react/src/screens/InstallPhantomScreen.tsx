import { installGuide, type WalletHelpTarget, walletHelpTarget } from '@latch/core/wallet';
import { type ReactNode, useSyncExternalStore } from 'react';
import { ScreenFrame } from '../components/ScreenFrame.js';
import { useLatchContext } from '../LatchContext.js';
import { format } from '../strings/en.js';
import { useExternalWallets } from '../wallet/useExternalWallets.js';
import { useWalletStrings } from '../wallet/walletStrings.js';
import type { ScreenProps } from './screenProps.js';

const noop = () => () => {};
const none = (): null => null;

/** The wallet the help is about (chosen in the list or named by a deep link); Phantom when none was recorded. */
function useHelpTarget(): WalletHelpTarget {
  const help = useExternalWallets(true)?.help;
  const target = useSyncExternalStore(help ? help.subscribe : noop, help ? help.target : none, none);
  return target ?? walletHelpTarget('phantom');
}

/**
 * INSTALL_PHANTOM_SCREEN (desktop, the wallet is not in the page): SPEC §2's install guide — install the
 * extension, set up the first wallet, store the recovery phrase, reload the page — and a 'Learn more' link.
 */
export function InstallPhantomScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const strings = useWalletStrings();
  const guide = installGuide(useHelpTarget());
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
