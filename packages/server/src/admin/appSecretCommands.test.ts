import { describe, expect, it } from 'vitest';
import { assertAppSecretRunnable } from './appSecretCommands.js';
import { assertRunnable, parseCommand } from './commands.js';

const APP = 'a'.repeat(25);

describe('apps secret command lines', () => {
  it('accepts create and rotate with an app id, and rotate with --grace seconds', () => {
    expect(() => assertRunnable(parseCommand(['apps', 'secret', 'create', APP]))).not.toThrow();
    expect(() => assertRunnable(parseCommand(['apps', 'secret', 'rotate', APP, '--grace', '0']))).not.toThrow();
    expect(() => assertRunnable(parseCommand(['apps', 'secret', 'rotate', APP, '--grace', '3600']))).not.toThrow();
  });

  it('names the problem of a wrong line before any database is opened', () => {
    const cases: Array<[string[], RegExp]> = [
      [['apps', 'secret', 'show', APP], /Unknown apps secret command "show"/],
      [['apps', 'secret', 'create'], /needs the app id/],
      [['apps', 'secret', 'create', 'short'], /exactly 25 characters/],
      [['apps', 'secret', 'rotate', APP, '--grace=-1'], /--grace must be a whole number/],
      [['apps', 'secret', 'rotate', APP, '--grace', '99999999'], /--grace must be a whole number/],
      [['apps', 'secret', 'create', APP, '--grace', '10'], /--grace is an option of rotate/],
    ];
    for (const [argv, message] of cases) expect(() => assertRunnable(parseCommand(argv))).toThrow(message);
    expect(() => assertAppSecretRunnable({ action: 'rotate', appId: APP, values: { grace: '1.5' } })).toThrow(
      /--grace/,
    );
  });
});
