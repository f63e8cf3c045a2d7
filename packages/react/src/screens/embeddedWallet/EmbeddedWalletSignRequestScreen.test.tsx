import type { SignRequest } from '@latch/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LatchContext, type LatchContextValue } from '../../LatchContext.js';
import type { StringCatalogue } from '../../strings/en.js';
import { catalogues } from '../../strings/locales/catalogues.js';
import { EmbeddedWalletSignRequestScreen } from './EmbeddedWalletSignRequestScreen.js';

// EMBEDDED_WALLET_SIGN_REQUEST_SCREEN (SPEC §2): SPEC's title, description and button text, or the host's for the call.
const HOST_TEXTS = { title: 'Log in to Acme', description: 'Proves you own this wallet.', buttonText: 'Sign in' };

const request = (patch: Partial<SignRequest> = {}): SignRequest => ({
  id: 1,
  kind: 'message',
  payload: 'gm',
  uiOptions: {},
  status: 'error',
  error: 'wallet_error',
  failure: null,
  ...patch,
});

const render = (signRequest: SignRequest, strings: StringCatalogue = catalogues.en) =>
  renderToString(
    <LatchContext.Provider value={{ strings, embeds: { current: 0 } } as unknown as LatchContextValue}>
      <EmbeddedWalletSignRequestScreen titleId="t" request={signRequest} onSign={() => {}} onClose={() => {}} />
    </LatchContext.Provider>,
  );

describe('EMBEDDED_WALLET_SIGN_REQUEST_SCREEN', () => {
  it("shows SPEC's texts when the host gives none", () => {
    const html = render(request());
    expect(html).toContain('Sign message');
    expect(html).toContain('Signing this message will not cost you any fees.');
    expect(html).toContain('Sign and continue');
    expect(html).toContain('gm');
  });

  it("shows the host's title, description and button text for this call in their place", () => {
    const html = render(request({ uiOptions: HOST_TEXTS }));
    for (const text of Object.values(HOST_TEXTS)) expect(html).toContain(text);
    expect(html).not.toContain('Sign message');
    expect(html).not.toContain('Signing this message will not cost you any fees.');
    expect(html).not.toContain('Sign and continue');
    // While the frame asks, the screen's heading names the dialog with the host's title, for screen readers only
    // (the frame shows its own: a second visible title would stand above it).
    expect(render(request({ uiOptions: HOST_TEXTS, status: 'pending', error: null }))).toContain(
      '<h2 id="t" class="latch-sr-only">Log in to Acme</h2>',
    );
  });

  it("a host text is shown as given in Spanish too; what the host left out is the catalogue's", () => {
    const html = render(request({ uiOptions: { title: HOST_TEXTS.title } }), catalogues.es);
    expect(html).toContain('Log in to Acme');
    expect(html).toContain('Firmar este mensaje no te costará ninguna comisión.');
    expect(html).toContain('Firmar y continuar');
    expect(html).not.toContain('Firmar mensaje');
  });
});
