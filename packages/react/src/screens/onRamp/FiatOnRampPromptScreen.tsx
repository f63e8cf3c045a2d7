import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { DETAILS_STYLE, LABEL_STYLE, ROW_STYLE, shortAddress } from '../../components/detailsList.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useOnRampStrings } from '../../hooks/useOnRampStrings.js';
import { format } from '../../strings/en.js';
import { assetName, ON_RAMP_PROVIDER_NAME, type OnRampScreenProps, VALUE_STYLE } from './onRampScreenProps.js';

/**
 * FIAT_ON_RAMP_PROMPT_SCREEN: the intro, the wallet, what is bought, and the button that opens the provider in a
 * new tab. The URL is signed before the button is live: the click opens the tab at once (a tab opened after an
 * await is blocked as a popup).
 */
export function FiatOnRampPromptScreen(props: OnRampScreenProps): ReactNode {
  const text = useOnRampStrings();
  const { state, dispatch } = props;
  const provider = ON_RAMP_PROVIDER_NAME;
  const close = () => dispatch({ type: 'close' });
  const config = state.request.config;
  if (state.step === 'signFailed') {
    return (
      <ScreenFrame titleId={props.titleId} title={text.onRampTitle} onClose={close}>
        <p className="latch-status" data-tone="error" role="alert">
          {text.onRampSignFailed} <span data-latch-error-code="">{state.error}</span>
        </p>
        <Button variant="primary" onClick={() => dispatch({ type: 'retry' })}>
          {text.onRampTryAgain}
        </Button>
      </ScreenFrame>
    );
  }
  const signing = state.step === 'signing';
  return (
    <ScreenFrame titleId={props.titleId} title={text.onRampTitle} onClose={close}>
      <p className="latch-text">{format(text.onRampIntro, { provider })}</p>
      <dl style={DETAILS_STYLE}>
        <div style={ROW_STYLE} data-latch-detail="wallet">
          <dt style={LABEL_STYLE}>{text.onRampWalletLabel}</dt>
          <dd style={VALUE_STYLE} title={state.request.address}>
            {shortAddress(state.request.address)}
          </dd>
        </div>
        <div style={ROW_STYLE} data-latch-detail="asset">
          <dt style={LABEL_STYLE}>{text.onRampAssetLabel}</dt>
          <dd style={VALUE_STYLE}>{assetName(config?.currencyCode)}</dd>
        </div>
        {config?.quoteCurrencyAmount === undefined ? null : (
          <div style={ROW_STYLE} data-latch-detail="amount">
            <dt style={LABEL_STYLE}>{text.onRampAmountLabel}</dt>
            <dd style={VALUE_STYLE}>{config.quoteCurrencyAmount}</dd>
          </div>
        )}
      </dl>
      <p className="latch-status" role="status">
        {signing ? text.onRampPreparing : ''}
      </p>
      <Button
        variant="primary"
        disabled={signing}
        aria-busy={signing}
        // Synchronous: the flow's openTab effect runs inside this click.
        onClick={() => dispatch({ type: 'continue' })}
      >
        {format(text.onRampContinue, { provider })}
      </Button>
    </ScreenFrame>
  );
}
