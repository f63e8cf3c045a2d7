import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LatchContext, type LatchContextValue } from '../../LatchContext.js';
import { en } from '../../strings/en.js';
import { exportWalletStrings } from '../../strings/exportWalletStrings.js';
import { EmbeddedWalletKeyExportScreen, EXPORT_FRAME_HEIGHT } from './EmbeddedWalletKeyExportScreen.js';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const SRC = `https://auth.example/apps/${'a'.repeat(25)}/embedded-wallets/export?address=${ADDRESS}`;

// ScreenFrame reads only the strings and the embed count here.
const context = { strings: en, embeds: { current: 0 } } as unknown as LatchContextValue;

const render = (frameSrc: string | null) =>
  renderToString(
    <LatchContext.Provider value={context}>
      <EmbeddedWalletKeyExportScreen
        titleId="t"
        address={ADDRESS}
        frameSrc={frameSrc}
        frameRef={{ current: null }}
        onFrameLoad={() => undefined}
        errorText={null}
        onClose={() => undefined}
      />
    </LatchContext.Provider>,
  );

describe('EMBEDDED_WALLET_KEY_EXPORT_SCREEN (custody v2 export)', () => {
  it("keeps SPEC's title and warning, and gives the export frame room for its code field and the masked key", () => {
    const html = render(SRC);
    expect(html).toContain('Transfer Wallet');
    expect(html).toContain('Never share your private key with anyone! It controls your account.');
    expect(html).toContain(exportWalletStrings.stepCopy);
    // SPEC §2: a two-step instruction.
    expect(html.match(/<li[ >]/g)).toHaveLength(2);
    // Prompt, code field, error line and Verify (about 210 px), then label, masked key and two buttons.
    expect(EXPORT_FRAME_HEIGHT).toBeGreaterThanOrEqual(220);
    expect(html).toContain(`height:${EXPORT_FRAME_HEIGHT}px`);
    // The frame's address is the page and the wallet address only: no token, code or key rides in it.
    const src = /<iframe[^>]*src="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(src).toBe(SRC);
  });

  it('renders no frame before the page address is known', () => {
    expect(render(null)).not.toContain('<iframe');
  });
});
