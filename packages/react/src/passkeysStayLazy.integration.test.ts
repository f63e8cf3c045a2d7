import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

// Item 6 of #13's client part: the passkey code loads when a passkey is used, never with the host page.
describe('passkeys stay out of the initial JavaScript', () => {
  it('@simplewebauthn/browser, the passkey actions, flow and screens are only in lazy chunks', async () => {
    const bundle = (await import(new URL('bench/bundle.mjs', `file://${root}`).href)) as {
      measurePage(entry: string, root: string): Promise<{ initialInputs: string[]; allInputs: string[] }>;
    };
    const page = await bundle.measurePage(`${root}bench/pages/latch.tsx`, root);
    const lazyOnly = (input: string) =>
      input.includes('node_modules/@simplewebauthn/browser/') ||
      /packages\/core\/src\/passkeys\/(passkeyActions|passkeyCeremony|passkeyFlow|passkeyDisplayName)\.ts$/.test(
        input,
      ) ||
      /packages\/react\/src\/(screens\/auth\/(AwaitingPasskeySystemDialogueScreen|LinkPasskeyScreen)\.tsx|strings\/passkeyStrings\.ts)$/.test(
        input,
      );
    expect(page.allInputs.filter(lazyOnly).length).toBeGreaterThanOrEqual(7);
    expect(page.initialInputs.filter(lazyOnly)).toEqual([]);
  });
});
