import type { SendTransaction } from '@latch/core';
import { formatFiatAmount, formatTokenAmount, tokenAmountInUsd } from '@latch/core/transactions';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { DETAILS_STYLE, LABEL_STYLE, ROW_STYLE, shortAddress } from '../../components/detailsList.js';
import { FrameSlot } from '../../components/FrameSlot.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { type SendTransactionTexts, useSendTransactionStrings } from '../../hooks/useSendTransactionStrings.js';
import { format } from '../../strings/format.js';
import type { ScreenProps } from '../ScreenProps.js';
import { type SendTransactionScreenState, useSendTransactionScreen } from './EmbeddedWalletSendTransactionContext.js';

const VALUE_STYLE = {
  margin: 0,
  textAlign: 'right',
  overflowWrap: 'anywhere',
  wordBreak: 'normal',
  fontWeight: 500,
} as const;
const FIAT_STYLE = { display: 'block', color: 'var(--latch-muted)', fontWeight: 400, fontSize: 13 } as const;
const MONO_STYLE = { fontFamily: 'ui-monospace, monospace', fontSize: 13 } as const;

function Row(props: { label: string; children: ReactNode; testId?: string }): ReactNode {
  return (
    <div style={ROW_STYLE} data-latch-detail={props.testId}>
      <dt style={LABEL_STYLE}>{props.label}</dt>
      <dd style={VALUE_STYLE}>{props.children}</dd>
    </div>
  );
}

/**
 * An amount as the app's `priceDisplay` orders it (SPEC §3): the primary unit, the secondary one under it. The
 * native token amount (SPEC §9: up to 6 decimals, '<0.001'); its US dollar value only while the price is known.
 */
function Amount(props: { wei: bigint; view: SendTransactionScreenState }): ReactNode {
  const { view } = props;
  const token = formatTokenAmount(props.wei, { symbol: view.nativeSymbol });
  const fiat = view.usdPrice === null ? null : formatFiatAmount(tokenAmountInUsd(props.wei, view.usdPrice));
  const { primary, secondary } = view.priceDisplay;
  const first = primary === 'fiat-currency' ? (fiat ?? token) : token;
  const second = secondary === 'fiat-currency' ? fiat : secondary === 'native-token' ? token : null;
  return (
    <>
      {first}
      {second === null || second === first ? null : <span style={FIAT_STYLE}>{second}</span>}
    </>
  );
}

function HashRow(props: { hash: string; view: SendTransactionScreenState; text: SendTransactionTexts }): ReactNode {
  const url = props.view.explorerTransactionUrl(props.hash);
  return (
    <Row label={props.text.transactionHashLabel} testId="hash">
      <span style={MONO_STYLE} title={props.hash}>
        {shortAddress(props.hash)}
      </span>
      {url ? (
        <a className="latch-link" style={FIAT_STYLE} href={url} target="_blank" rel="noopener noreferrer">
          {props.text.viewOnExplorer}
        </a>
      ) : null}
    </Row>
  );
}

/** The catalogue code's text in the host's catalogue (`{id}`: the send's chain id, SPEC §5), else the generic signing failure (SPEC §8). */
function errorText(text: SendTransactionTexts, code: string, chainId: number): string {
  const own = (text as unknown as Record<string, string | undefined>)[code];
  return own ? format(own, { id: chainId }) : text.transactionErrorDefault;
}

/** The action the review names: the host's `transactionInfo.action`, else what the transaction does. */
function actionOf(tx: SendTransaction, text: SendTransactionTexts, symbol: string): string {
  const info = tx.uiOptions.transactionInfo;
  const contract = info?.contractInfo ?? tx.uiOptions.contractInfo;
  if (info?.action) return info.action;
  if (contract?.actionText) return contract.actionText;
  if (tx.prepared?.kind === 'send') return format(text.sendAction, { token: symbol });
  return tx.prepared?.transaction.to ? text.contractCallAction : text.deployAction;
}

/**
 * EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN: the review ('Send {token}' or 'Review transaction', From, To,
 * Action, Est. Fees, Total, balance, price, 'Submit'), the receipt ('Transaction complete!', 'All Done')
 * and the error view (code, message, hash, 'Retry transaction'). It renders the send flow's state only.
 */
export function EmbeddedWalletSendTransactionScreen(props: ScreenProps): ReactNode {
  const view = useSendTransactionScreen();
  const text = useSendTransactionStrings();
  const tx = view.transaction;
  const symbol = view.nativeSymbol;
  const close = props.onClose ?? (() => view.act('close'));
  // A transaction being signed or sent cannot be called back: no close until it settles.
  const closable = tx.status !== 'submitting' && tx.status !== 'awaitingReceipt';

  if (tx.status === 'preparing' || !tx.prepared) {
    if (tx.status === 'error' && tx.error) return <ErrorView {...props} view={view} text={text} onClose={close} />;
    return (
      <ScreenFrame titleId={props.titleId} title={text.reviewTitle} onClose={close}>
        <div className="latch-center" aria-busy="true">
          <div className="latch-spinner" role="progressbar" aria-label={text.preparingTransaction} />
        </div>
      </ScreenFrame>
    );
  }
  if (tx.status === 'receipt') {
    return (
      <ScreenFrame titleId={props.titleId} title={text.transactionComplete} onClose={close}>
        <dl style={DETAILS_STYLE}>{tx.hash ? <HashRow hash={tx.hash} view={view} text={text} /> : null}</dl>
        <Button variant="primary" onClick={close}>
          {text.allDone}
        </Button>
      </ScreenFrame>
    );
  }
  if (tx.status === 'error' && tx.error && tx.error.code !== 'insufficient_funds') {
    return <ErrorView {...props} view={view} text={text} onClose={close} />;
  }

  const { prepared, uiOptions } = tx;
  if ((tx.status === 'review' && !prepared.insufficientFunds) || tx.status === 'confirming') {
    return <FrameReview {...props} view={view} text={text} />;
  }
  const info = uiOptions.transactionInfo;
  const contract = info?.contractInfo ?? uiOptions.contractInfo;
  const side = contract?.imgSize === 'large' ? 96 : 48;
  const title =
    info?.title ?? (prepared.kind === 'send' ? format(text.sendTitle, { token: symbol }) : text.reviewTitle);
  const description = info?.actionDescription ?? info?.description ?? uiOptions.description;
  const insufficient = prepared.insufficientFunds;
  const busy = tx.status === 'submitting' || tx.status === 'awaitingReceipt';
  const status = insufficient
    ? text.insufficient_funds
    : tx.status === 'submitting'
      ? text.submittingTransaction
      : tx.status === 'awaitingReceipt'
        ? text.awaitingReceipt
        : '';
  const to = prepared.transaction.to;
  return (
    <ScreenFrame titleId={props.titleId} title={title} onClose={close} closable={closable}>
      {contract?.imgUrl ? (
        <img
          src={contract.imgUrl}
          alt={contract.imgAltText ?? contract.name ?? ''}
          // Sized in style, not attributes: the widget's reset (layout.css) reverts attribute sizes to the image's own.
          style={{ alignSelf: 'center', borderRadius: 8, width: side, height: side }}
        />
      ) : null}
      {description ? <p className="latch-text">{description}</p> : null}
      <dl style={DETAILS_STYLE}>
        <Row label={text.fromLabel} testId="from">
          <span style={MONO_STYLE} title={prepared.from}>
            {shortAddress(prepared.from)}
          </span>
        </Row>
        {to ? (
          <Row label={text.toLabel} testId="to">
            {/* The host names the contract; the address is always shown too, so the name cannot hide where it goes. */}
            {contract?.name ? <span>{contract.name} </span> : null}
            <span style={MONO_STYLE} title={to}>
              {shortAddress(to)}
            </span>
          </Row>
        ) : null}
        <Row label={text.actionLabel} testId="action">
          {actionOf(tx, text, symbol)}
        </Row>
        <Row label={text.estFeesLabel} testId="fees">
          <Amount wei={prepared.fees.total} view={view} />
        </Row>
        <Row label={text.totalLabel} testId="total">
          <Amount wei={prepared.total} view={view} />
        </Row>
        <Row label={text.balanceLabel} testId="balance">
          <Amount wei={prepared.balance} view={view} />
        </Row>
        {view.usdPrice === null ? null : (
          <Row label={format(text.priceLabel, { token: symbol })} testId="price">
            {formatFiatAmount(view.usdPrice)}
          </Row>
        )}
        {tx.hash ? <HashRow hash={tx.hash} view={view} text={text} /> : null}
      </dl>
      <p className="latch-status" data-tone={insufficient ? 'error' : undefined} role="status">
        {status}
      </p>
      <Button variant="primary" disabled={insufficient || busy} aria-busy={busy} onClick={() => view.act('submit')}>
        {text.submit}
      </Button>
      {insufficient && view.addFunds ? <Button onClick={view.addFunds}>{text.addFunds}</Button> : null}
    </ScreenFrame>
  );
}

/** The height of the frame's send review (title, From, To, Action, Network, Est. Fees, Total, Cancel and 'Submit'). */
const SEND_CONFIRMATION_HEIGHT = 440;

/**
 * The review while the wallet frame asks: the frame shows what it signs (its own From, To, Action, Network,
 * Est. Fees, Total, Cancel and 'Submit', issue #24) over this screen; the widget adds the balance and the price.
 */
function FrameReview(props: ScreenProps & { view: SendTransactionScreenState; text: SendTransactionTexts }): ReactNode {
  const { view, text } = props;
  const tx = view.transaction;
  if (!tx.prepared) return null;
  return (
    <div className="latch-screen" style={{ padding: 0 }}>
      <h2 id={props.titleId} className="latch-sr-only">
        {text.reviewTitle}
      </h2>
      <FrameSlot
        height={SEND_CONFIRMATION_HEIGHT}
        onPlaced={() => {
          if (tx.status === 'review') view.act('submit');
        }}
      />
      <dl style={{ ...DETAILS_STYLE, margin: '0 20px 20px' }}>
        <Row label={text.balanceLabel} testId="balance">
          <Amount wei={tx.prepared.balance} view={view} />
        </Row>
        {view.usdPrice === null ? null : (
          <Row label={format(text.priceLabel, { token: view.nativeSymbol })} testId="price">
            {formatFiatAmount(view.usdPrice)}
          </Row>
        )}
      </dl>
    </div>
  );
}

/** The error view: the catalogue code, its text, the hash of a transaction that reached the chain, 'Retry transaction'. */
function ErrorView(
  props: ScreenProps & { view: SendTransactionScreenState; text: SendTransactionTexts; onClose(): void },
): ReactNode {
  const { view, text } = props;
  const { error, hash } = view.transaction;
  if (!error) return null;
  return (
    <ScreenFrame titleId={props.titleId} title={text.errorTitle} onClose={props.onClose}>
      <p className="latch-status" data-tone="error" role="alert">
        {errorText(text, error.code, view.transaction.chainId)}
      </p>
      <dl style={DETAILS_STYLE}>
        <Row label={text.errorCodeLabel} testId="code">
          <span style={MONO_STYLE}>{error.code}</span>
        </Row>
        {(error.hash ?? hash) ? <HashRow hash={(error.hash ?? hash) as string} view={view} text={text} /> : null}
      </dl>
      <Button variant="primary" onClick={() => view.act('retry')}>
        {text.retryTransaction}
      </Button>
    </ScreenFrame>
  );
}
