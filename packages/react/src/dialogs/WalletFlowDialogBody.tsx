import type { WalletFlowSession } from '@latch/core';
import { type ReactNode, useSyncExternalStore } from 'react';
import { WalletFlowContext } from '../embeddedWallet/WalletFlowContext.js';
import { useEmbeddedWalletRuntime } from '../hooks/index.js';
import type { SCREENS } from '../screens/screenTable.js';
import { useModalDialog } from './useModalDialog.js';

/**
 * The wallet flow's native modal <dialog>; Escape and the close button close it only when the flow allows.
 * `screens`: the screen table, handed in by WalletFlowDialog (see there).
 */
export function WalletFlowDialogBody({ screens }: { screens: typeof SCREENS }): ReactNode {
  const session = useEmbeddedWalletRuntime().walletFlows.session();
  return session ? <OpenWalletFlow session={session} screens={screens} /> : null;
}

function OpenWalletFlow({ session, screens }: { session: WalletFlowSession; screens: typeof SCREENS }): ReactNode {
  const { runner, module } = session;
  const state = useSyncExternalStore(runner.subscribe, runner.getState, runner.getState);
  // Escape closes only a closable flow (SPEC §4: automatic flows are not closable); a screen that
  // takes a password starts in its field.
  const { ref, titleId, root } = useModalDialog(() => runner.dispatch({ type: 'close' }), { focusInput: true });

  if (!state.screen) return null;
  const Screen = screens[state.screen];
  const onClose = module.isClosable(state) ? () => runner.dispatch({ type: 'close' }) : undefined;
  return (
    <dialog ref={ref} {...root} className="latch-dialog" aria-labelledby={titleId} data-latch-wallet-flow="">
      <WalletFlowContext.Provider value={{ state, flow: module, dispatch: runner.dispatch }}>
        <Screen titleId={titleId} onClose={onClose} />
      </WalletFlowContext.Provider>
    </dialog>
  );
}
