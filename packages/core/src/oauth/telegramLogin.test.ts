import { describe, expect, it } from 'vitest';
import { loadTelegramScript, type ScriptDocument } from './telegramLogin.js';

/** A document that records the scripts added to its head. */
function fakeDocument() {
  const added: Array<{ src: string; attributes: Record<string, string>; onload?: () => void }> = [];
  const doc: ScriptDocument = {
    querySelector: () => null,
    createElement: () => {
      const script = {
        src: '',
        async: false,
        attributes: {} as Record<string, string>,
        setAttribute(name: string, value: string) {
          this.attributes[name] = value;
        },
        remove() {},
        onload: undefined as (() => void) | undefined,
        onerror: undefined as (() => void) | undefined,
      };
      return script as unknown as HTMLScriptElement;
    },
    head: { appendChild: (node) => added.push(node as never) },
  };
  return { doc, added };
}

describe('the Telegram login script (SPEC §7 "Telegram script")', () => {
  it("is loaded once, from Latch's host, with the bot name, write access and English", async () => {
    const { doc, added } = fakeDocument();
    const bot = { botId: '777', botName: 'acme_bot' };
    const first = loadTelegramScript('https://auth.test/', bot, doc);
    const second = loadTelegramScript('https://auth.test/', bot, doc);
    expect(second).toBe(first);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      src: 'https://auth.test/js/telegram-login.js',
      attributes: { 'data-telegram-login': 'acme_bot', 'data-request-access': 'write', 'data-lang': 'en' },
    });
    added[0]?.onload?.();
    await expect(first).resolves.toBeUndefined();
  });
});
