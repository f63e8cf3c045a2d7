import { readFileSync } from 'node:fs';
import { UsageError } from './usageError.js';

/**
 * A secret a command takes (a bot token, a client secret): never typed on the command line (shell history,
 * `ps`), but read by the CLI process from a file (`--<name>-file PATH`) or an environment variable, and
 * handed on as `--<name> <value>`: to the command run here, or in the JSON body sent to the running server
 * over the admin channel (which never reads a file a forwarded command names).
 */
interface SecretOption {
  /** The option that carries the value once read, e.g. 'bot-token'; `--<name>-file` names the file. */
  name: string;
  /** The environment variable read when no file is given. */
  env: string;
  /** The positionals of the command that takes it, e.g. ['apps', 'telegram', 'set']. */
  command: readonly string[];
}

/** Every secret option of the CLI. */
const SECRET_OPTIONS: SecretOption[] = [
  { name: 'bot-token', env: 'LATCH_TELEGRAM_BOT_TOKEN', command: ['apps', 'telegram', 'set'] },
  { name: 'client-secret', env: 'LATCH_OAUTH_CLIENT_SECRET', command: ['apps', 'oauth', 'set'] },
  // Apple's Sign in with Apple key (.p8 PEM), its client secret's signing key.
  { name: 'private-key', env: 'LATCH_OAUTH_PRIVATE_KEY', command: ['apps', 'oauth', 'set'] },
  // The fiat on-ramp provider's secret key (docs/onramp.md), which signs the widget URLs.
  { name: 'secret-key', env: 'LATCH_ONRAMP_SECRET_KEY', command: ['apps', 'onramp', 'set'] },
  // The app's Cloudflare Turnstile secret key (docs/captcha.md), sent to siteverify.
  { name: 'turnstile-secret', env: 'LATCH_TURNSTILE_SECRET_KEY', command: ['apps', 'captcha', 'set'] },
];

/** The option names of `argv` (`--x`, `--x=value`), without the dashes. */
const optionNames = (argv: string[]) =>
  argv.filter((arg) => arg.startsWith('--')).map((arg) => arg.slice(2).split('=')[0] as string);

/**
 * Replaces each `--<name>-file PATH` by `--<name> <the file's content>` (trimmed), and adds `--<name> <value>`
 * from the environment variable for a command that takes it and named no file. Refuses a secret typed on the
 * command line. Never puts a secret in an error message.
 */
export function inlineSecrets(argv: string[], env: NodeJS.ProcessEnv): string[] {
  const names = optionNames(argv);
  let out = [...argv];
  for (const secret of SECRET_OPTIONS) {
    const fileFlag = `${secret.name}-file`;
    if (names.includes(secret.name)) {
      throw new UsageError(
        `--${secret.name} is never given on the command line (shell history, ps): use --${fileFlag} PATH or ${secret.env}.`,
      );
    }
    const next: string[] = [];
    let fromFile = false;
    for (let i = 0; i < out.length; i++) {
      const arg = out[i] as string;
      const path =
        arg === `--${fileFlag}`
          ? out[++i]
          : arg.startsWith(`--${fileFlag}=`)
            ? arg.slice(fileFlag.length + 3)
            : undefined;
      if (path === undefined && arg !== `--${fileFlag}`) {
        next.push(arg);
        continue;
      }
      if (!path) throw new UsageError(`--${fileFlag} needs a path.`);
      // One argument (`--name=value`): a PEM starts with dashes, which parseArgs would take for an option.
      next.push(`--${secret.name}=${readSecretFile(path, fileFlag)}`);
      fromFile = true;
    }
    out = next;
    const takesIt = secret.command.every((word, index) => argv[index] === word);
    const fromEnv = env[secret.env]?.trim();
    if (takesIt && !fromFile && fromEnv) out.push(`--${secret.name}=${fromEnv}`);
  }
  return out;
}

function readSecretFile(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    // The error names the path and why (ENOENT, EACCES); it holds nothing of the file.
    throw new UsageError(`--${flag}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
}
