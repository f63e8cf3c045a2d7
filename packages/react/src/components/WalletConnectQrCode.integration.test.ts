import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** What bench/bundle.mjs's measurePage returns (a plain .mjs file, so typed here). */
interface PageFigures {
  initial: number;
  initialInputs: string[];
  allInputs: string[];
}

const root = fileURLToPath(new URL('../../../../', import.meta.url));

// The bundle budget (SPEC §9 / README): WalletConnect and the QR code load only when chosen. This builds the
// benchmark's minimal host page the way bench/bundle.mjs does and reads which source modules land where.
describe('bundle budget: WalletConnect and the QR code are not in the initial JavaScript', () => {
  it('keeps them in lazily loaded chunks', async () => {
    const bundle = (await import(new URL('bench/bundle.mjs', `file://${root}`).href)) as {
      measurePage(entry: string, root: string): Promise<PageFigures>;
    };
    const page = await bundle.measurePage(join(root, 'bench/pages/latch.tsx'), root);
    const heavy = [
      /node_modules\/@walletconnect\//,
      /node_modules\/uqr\//,
      /packages\/core\/src\/(wallet|externalWallets)\/qrCode\.ts$/,
      /packages\/core\/src\/(wallet|externalWallets)\/walletConnectConnector\.ts$/,
      /packages\/react\/src\/components\/(WalletConnectQrCode|QrCode)\.tsx$/,
    ];
    for (const pattern of heavy) {
      // Each is in the build (reachable from the page) ...
      expect(page.allInputs.some((input) => pattern.test(input))).toBe(true);
      // ... and none of it in what the page loads before first paint.
      expect(page.initialInputs.filter((input) => pattern.test(input))).toEqual([]);
    }
  });
});
