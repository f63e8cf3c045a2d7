import { escapeHtml } from '../http.js';
import { page } from '../pages.js';

/** The label of the stand-in's page (its notice says it is not the real one). */
export const FARCASTER_LABEL = 'the Farcaster app';

/** What the page says first, in plain words. */
const NOT_FARCASTER =
  "This is Latch's local stand-in for the Farcaster app on a phone, not Farcaster. It signs with a test account's " +
  'custody key on the local dev chain; nothing reaches Farcaster.';

/** A sign-in request as the page lists it. */
export interface SignInRow {
  id: string;
  domain: string;
  siweUri: string;
  nonce: string;
}

/** A signer request as the page lists it. */
export interface SignerRow {
  token: string;
  key: string;
  requestFid: number;
}

/** The test account the stand-in signs as. */
export interface TestAccountRow {
  fid: number | null;
  custody: string;
  username: string;
  /** Why the account cannot sign, when it cannot (no dev chain). */
  problem?: string;
}

const actions = (path: string, id: string, label: string) => `<form method="post" action="${escapeHtml(path)}">
<input type="hidden" name="id" value="${escapeHtml(id)}">
<div class="actions">
<button type="submit" name="decision" value="approve" class="primary" aria-label="Approve ${escapeHtml(label)}">Approve</button>
<button type="submit" name="decision" value="reject" aria-label="Reject ${escapeHtml(label)}">Reject</button>
</div>
</form>`;

/** The stand-in's one page: the test account, the pending sign-in and signer requests, each approved or rejected. */
export function farcasterPage(
  base: string,
  account: TestAccountRow,
  signIns: SignInRow[],
  signers: SignerRow[],
  flash?: string,
): string {
  const signInList = signIns.length
    ? signIns
        .map(
          (s) => `<section aria-label="Sign-in request ${escapeHtml(s.domain)}">
<h2>Sign in to ${escapeHtml(s.domain)}</h2>
<dl class="order"><dt>URI</dt><dd><code>${escapeHtml(s.siweUri)}</code></dd>
<dt>Nonce</dt><dd><code>${escapeHtml(s.nonce)}</code></dd></dl>
${actions(`${base}/sign-in`, s.id, `sign-in to ${s.domain}`)}
</section>`,
        )
        .join('\n')
    : '<p>No pending sign-in requests. Paste the connect URI that the QR code shows:</p>';
  const signerList = signers.length
    ? signers
        .map(
          (s) => `<section aria-label="Signer request ${escapeHtml(s.key)}">
<h2>Add a signer for app fid ${s.requestFid}</h2>
<dl class="order"><dt>Key</dt><dd><code>${escapeHtml(s.key)}</code></dd></dl>
${actions(`${base}/signer`, s.token, 'signer')}
</section>`,
        )
        .join('\n')
    : '<p>No pending signer requests.</p>';
  const body = `<p class="standin">${escapeHtml(NOT_FARCASTER)}</p>
${flash ? `<p role="status">${escapeHtml(flash)}</p>` : ''}
<dl class="order">
<dt>Account</dt><dd>@${escapeHtml(account.username)} (fid ${account.fid ?? 'not registered'})</dd>
<dt>Custody</dt><dd><code>${escapeHtml(account.custody)}</code></dd>
</dl>
${account.problem ? `<p class="error">${escapeHtml(account.problem)}</p>` : ''}
<h2>Sign-in requests</h2>
${signInList}
<form method="get" action="${escapeHtml(base)}">
<label for="connect">Connect URI (farcaster://connect?…)</label>
<input id="connect" name="connect" autocomplete="off">
<div class="actions"><button type="submit">Scan</button></div>
</form>
<h2>Signer requests</h2>
${signerList}`;
  return page('Farcaster', FARCASTER_LABEL, body);
}
