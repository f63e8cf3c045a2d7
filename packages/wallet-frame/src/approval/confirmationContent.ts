import { DISPLAY } from '@latch/protocol';
import { shownMessage } from '@latch/protocol/frame';
import type { ApprovalDisplay } from '@latch/protocol/schemas';
import { type ConfirmationText, confirmationText } from '../frameTexts.js';
import { toSignableTransaction } from '../signing/signTransaction.js';

/** One row of the send review: a label, the value and, for amounts with a known price, its US dollar value. */
export interface ConfirmationRow {
  key: 'from' | 'to' | 'action' | 'network' | 'data' | 'fees' | 'total';
  label: string;
  value: string;
  /** The full value (an address, the data) behind a shortened one. */
  title?: string;
  fiat?: string;
  mono?: boolean;
}

/** What the frame's confirmation shows: computed here from what the frame will sign, dressed by the display hints. */
export interface ConfirmationContent {
  kind: 'message' | 'typedData' | 'transaction';
  title: string;
  description?: string;
  /** The message text or the formatted typed data. */
  payload?: string;
  rows?: ConfirmationRow[];
  confirm: string;
  cancel: string;
  text: ConfirmationText;
  /** The widget's colours (display hints, `#rrggbb` only). */
  theme?: ApprovalDisplay['theme'];
}

const BELOW_SMALLEST = '<0.001';
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const short = (hex: string) => `${hex.slice(0, 6)}…${hex.slice(-4)}`;
const fill = (template: string, token: string) => template.replace('{token}', token);

/** A wei amount as the widget writes it (SPEC §9: up to 6 decimals, '<0.001' below a thousandth). */
function formatNative(wei: bigint, symbol: string): string {
  const unit = 10n ** 18n;
  if (wei > 0n && wei < unit / 1000n) return `${BELOW_SMALLEST} ${symbol}`;
  const shown = DISPLAY.tokenMaxDecimals;
  const scale = 10n ** BigInt(18 - shown);
  const rounded = (wei + scale / 2n) / scale;
  const perUnit = 10n ** BigInt(shown);
  const decimals = (rounded % perUnit).toString().padStart(shown, '0').replace(/0+$/, '');
  return `${(rounded / perUnit).toLocaleString('en-US')}${decimals ? `.${decimals}` : ''} ${symbol}`;
}

function fiat(wei: bigint, usdPrice: number | undefined): string | undefined {
  if (usdPrice === undefined) return undefined;
  // Display only: a float is fine for a price hint (the signed amount is the bigint).
  const usd = (Number(wei / 10n ** 12n) / 1e6) * usdPrice;
  return usd > 0 && usd < 0.01 ? '<$0.01' : USD.format(usd);
}

function typedDataText(data: string | Record<string, unknown>): string {
  try {
    return JSON.stringify(typeof data === 'string' ? JSON.parse(data) : data, null, 2);
  } catch {
    return String(data);
  }
}

/**
 * The sign confirmation of a personal_sign message or eth_signTypedData_v4 data: SPEC's texts, or the host's
 * title, description and button text for this call (shown as given, in any locale); the payload is always the
 * frame's own reading of what it signs.
 */
export function signContent(
  kind: 'message' | 'typedData',
  payload: string | Record<string, unknown>,
  display: ApprovalDisplay = {},
): ConfirmationContent {
  const text = confirmationText(display.locale);
  const shown = kind === 'message' ? shownMessage(String(payload)) : typedDataText(payload);
  return {
    kind,
    title: display.title || text.signTitle,
    description: display.description || text.signDescription,
    payload: shown,
    confirm: display.buttonText || text.signButton,
    cancel: text.cancel,
    text,
    theme: display.theme,
  };
}

/**
 * The send review of an eth_signTransaction request, from the transaction itself: to, value, a summary of
 * its data, its chain and its fee ceiling (gas × max fee, or gas × gas price). Only the chain's name, the
 * native symbol and the USD price come from the host's display hints.
 */
export function transactionContent(
  from: string,
  request: Record<string, unknown>,
  display: ApprovalDisplay = {},
): ConfirmationContent {
  const text = confirmationText(display.locale);
  const tx = toSignableTransaction(request);
  const symbol = display.nativeSymbol ?? 'ETH';
  const value = tx.value ?? 0n;
  const perGas = 'maxFeePerGas' in tx && tx.maxFeePerGas !== undefined ? tx.maxFeePerGas : (tx.gasPrice ?? 0n);
  const fees = (tx.gas ?? 0n) * perGas;
  const data = tx.data && tx.data !== '0x' ? tx.data : undefined;
  const plainSend = Boolean(tx.to) && !data;
  const action = plainSend ? fill(text.sendAction, symbol) : tx.to ? text.contractCallAction : text.deployAction;
  const rows: ConfirmationRow[] = [{ key: 'from', label: text.from, value: short(from), title: from, mono: true }];
  if (tx.to) rows.push({ key: 'to', label: text.to, value: short(tx.to), title: tx.to, mono: true });
  rows.push({ key: 'action', label: text.action, value: action });
  const chain = display.chainName ? `${display.chainName} (${tx.chainId})` : text.chain(tx.chainId as number);
  rows.push({ key: 'network', label: text.network, value: chain });
  if (data) {
    const bytes = (data.length - 2) / 2;
    rows.push({ key: 'data', label: text.data, value: `${data.slice(0, 10)} · ${text.bytes(bytes)}`, title: data });
  }
  rows.push({ key: 'fees', label: text.fees, value: formatNative(fees, symbol), fiat: fiat(fees, display.usdPrice) });
  const total = value + fees;
  rows.push({
    key: 'total',
    label: text.total,
    value: formatNative(total, symbol),
    fiat: fiat(total, display.usdPrice),
  });
  return {
    kind: 'transaction',
    title: plainSend ? fill(text.sendTitle, symbol) : text.reviewTitle,
    rows,
    confirm: text.submit,
    cancel: text.cancel,
    text,
    theme: display.theme,
  };
}
