import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineSecrets } from './secretOptions.js';

const dir = mkdtempSync(join(tmpdir(), 'latch-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const TOKEN = '123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const file = join(dir, 'bot-token');
writeFileSync(file, `${TOKEN}\n`);

const set = ['apps', 'telegram', 'set', 'app', '--bot-id', '123456', '--bot-name', 'AcmeBot'];

describe('inlineSecrets', () => {
  it('reads --bot-token-file in this process and hands the content on as --bot-token', () => {
    expect(inlineSecrets([...set, '--bot-token-file', file], {})).toEqual([...set, `--bot-token=${TOKEN}`]);
    expect(inlineSecrets([...set, `--bot-token-file=${file}`], {})).toEqual([...set, `--bot-token=${TOKEN}`]);
  });

  it('takes LATCH_TELEGRAM_BOT_TOKEN when no file is named, for the command that takes it only', () => {
    expect(inlineSecrets(set, { LATCH_TELEGRAM_BOT_TOKEN: TOKEN })).toEqual([...set, `--bot-token=${TOKEN}`]);
    // The file wins over the environment.
    expect(inlineSecrets([...set, '--bot-token-file', file], { LATCH_TELEGRAM_BOT_TOKEN: 'other' })).toEqual([
      ...set,
      `--bot-token=${TOKEN}`,
    ]);
    expect(inlineSecrets(['apps', 'list'], { LATCH_TELEGRAM_BOT_TOKEN: TOKEN })).toEqual(['apps', 'list']);
  });

  it('refuses a secret typed on the command line, and an unreadable file, without echoing a secret', () => {
    expect(() => inlineSecrets([...set, '--bot-token', TOKEN], {})).toThrow(/never given on the command line/);
    expect(() => inlineSecrets([...set, `--bot-token=${TOKEN}`], {})).toThrow(/never given/);
    let message = '';
    try {
      inlineSecrets([...set, '--bot-token-file', join(dir, 'missing')], {});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/cannot read .*missing \(ENOENT\)/);
    expect(() => inlineSecrets([...set, '--bot-token-file'], {})).toThrow(/needs a path/);
  });
});
