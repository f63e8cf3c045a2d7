import { flowContextOf, SCREEN } from '@latch/core';
import { type ReactNode, useEffect, useId } from 'react';
import { useRootAttributes } from './components/useRootAttributes.js';
import { useClientState, useFlowState, useLatchContext } from './hooks/index.js';
import { ScreenView } from './screens/ScreenView.js';
import { en } from './strings/en.js';
import { injectStyles } from './styles/injectStyles.js';

/**
 * The standalone embed: the login screens inline in the host page instead of a dialog. It starts a
 * login flow when mounted while signed out; the close button then restarts it on LANDING.
 */
export function LatchEmbed(): ReactNode {
  const { runner, client, embeds, strings } = useLatchContext();
  const { authenticated, config } = useClientState();
  const flow = useFlowState();
  const titleId = useId();
  const root = useRootAttributes();

  useEffect(() => {
    injectStyles();
    embeds.current += 1;
    return () => {
      embeds.current -= 1;
    };
  }, [embeds]);
  useEffect(() => {
    if (!authenticated && flow.phase === 'closed') {
      runner.dispatch({
        type: 'open',
        intent: 'login',
        screen: SCREEN.landing,
        context: flowContextOf(client.getState().config, runner.getState().context.canCreateEmbeddedWallet),
      });
    }
  }, [authenticated, flow.phase, runner, client]);

  // `en` itself: the asked-for locale is still loading; showing nothing beats English first.
  if (authenticated || !config || strings === en) return null;
  return (
    <section {...root} className="latch-embed" aria-labelledby={titleId}>
      <ScreenView titleId={titleId} />
    </section>
  );
}
