import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

// Issue #14's widget part: the providers' marks, the social screens and their texts load with the social chunk
// (preloaded when an app enables a provider), never with the host page (the bundle budget has ~1 kB left).
describe('the social login stays out of the initial JavaScript', () => {
  it('the marks, the landing buttons, the three screens, their texts and styles are only in lazy chunks', async () => {
    const bundle = (await import(new URL('bench/bundle.mjs', `file://${root}`).href)) as {
      measurePage(entry: string, root: string): Promise<{ initialInputs: string[]; allInputs: string[] }>;
    };
    const page = await bundle.measurePage(`${root}bench/pages/latch.tsx`, root);
    const lazyOnly = (input: string) =>
      /packages\/react\/src\/(components\/(SocialMark|SocialLoginButton)\.tsx|screens\/auth\/(AwaitingOAuthScreen|TelegramAuthScreen|InAppBrowserLoginNotPossibleScreen)\.tsx|strings\/(socialStrings|socialText)\.ts|styles\/social\.css)$/.test(
        input,
      );
    expect(page.allInputs.filter(lazyOnly)).toHaveLength(8);
    expect(page.initialInputs.filter(lazyOnly)).toEqual([]);
  });
});
