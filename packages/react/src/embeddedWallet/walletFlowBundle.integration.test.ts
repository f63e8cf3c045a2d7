import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** What bench/bundle.mjs's measurePage returns (a plain .mjs file, so typed here). */
interface PageFigures {
  initialInputs: string[];
  allInputs: string[];
}

const root = fileURLToPath(new URL('../../../../', import.meta.url));

// The bundle budget (README): the password and recovery flows, their screens and zxcvbn load only
// when a wallet flow first shows a screen. Builds the benchmark's host page as bench/bundle.mjs does.
describe('bundle budget: the wallet password and recovery flows are not in the initial JavaScript', () => {
  it('keeps the machines, screens, strings and zxcvbn in lazy chunks', async () => {
    const bundle = (await import(new URL('bench/bundle.mjs', `file://${root}`).href)) as {
      measurePage(entry: string, root: string): Promise<PageFigures>;
    };
    const page = await bundle.measurePage(join(root, 'bench/pages/latch.tsx'), root);
    const lazy = [
      /node_modules\/@zxcvbn-ts\/core\//,
      /node_modules\/@zxcvbn-ts\/language-common\//,
      /packages\/core\/src\/embeddedWallet\/(passwordFlow|passwordRules|walletFlow|walletFlowRunner|walletFlowSession|passwordStrengthEstimate)\.ts$/,
      /packages\/react\/src\/strings\/walletFlowStrings\.ts$/,
      /packages\/react\/src\/dialogs\/WalletFlowDialogBody\.tsx$/,
      /packages\/react\/src\/screens\/embeddedWallet\/password\/PasswordSteps\.tsx$/,
      /packages\/react\/src\/screens\/embeddedWallet\/EmbeddedWalletPasswordRecoveryScreen\.tsx$/,
    ];
    for (const pattern of lazy) {
      expect(page.allInputs.some((input) => pattern.test(input))).toBe(true);
      expect(page.initialInputs.filter((input) => pattern.test(input))).toEqual([]);
    }
  });
});
