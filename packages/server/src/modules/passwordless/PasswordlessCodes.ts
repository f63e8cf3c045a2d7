import { LatchError } from '@latch/protocol';
import type { LoginProof } from '../../identity/sessions/loginOrSignUp.js';
import type { ServerContext } from '../../kernel/context.js';
import type { Delivery } from '../../kernel/ports.js';
import { type SendLimits, SendThrottle } from '../../kernel/throttle/SendThrottle.js';
import { sendLimitsFromEnv } from '../../kernel/throttle/sendLimitsFromEnv.js';
import { createCodeStore } from './createCodeStore.js';
import { KnownSenders } from './KnownSenders.js';
import { type CodeChannel, type CodePurpose, OneTimeCodes } from './OneTimeCodes.js';
import { emailPurposeMessage, smsPurposeMessage } from './purposeMessages.js';

/** The app a code is for, as the messages name it. */
interface CodeApp {
  id: string;
  name: string;
}

/** Sending and checking login codes: throttle, issue, deliver; verify. */
export class PasswordlessCodes {
  constructor(
    private readonly codes: OneTimeCodes,
    private readonly throttle: SendThrottle,
    private readonly delivery: Delivery,
    private readonly known?: KnownSenders,
  ) {}

  /**
   * Sends a fresh code for `purpose` to `target` (normalised) for `app`, unless `ip`, `target` or the
   * two together asked too often. Earlier codes stay valid (the last few, until they expire).
   */
  async send(app: CodeApp, channel: CodeChannel, target: string, ip: string, purpose: CodePurpose = 'login') {
    const scope = { appId: app.id, channel, target, purpose };
    const counted = `${channel}:${target}`;
    // The send is counted in the same step as the code is stored (one statement on PostgreSQL/PGlite,
    // which also reads there whether `ip` is a known sender; elsewhere that is a read of its own first).
    const knownMarker = this.codes.readsKnownMarker ? this.known?.marker(counted, ip) : undefined;
    const known = knownMarker === undefined && (await this.known?.isKnown(counted, ip)) === true;
    const send = { throttle: this.throttle, target: counted, ip, known, knownMarker };
    const code = await this.codes.issue(scope, ip, send);
    if (channel === 'email') await this.delivery.sendEmail(emailPurposeMessage(app.name, target, code, purpose));
    else await this.delivery.sendSms(smsPurposeMessage(app.name, target, code, purpose));
  }

  /** The check of a login code sent to `target` tried from `ip`, for `logIn` to run with the login (same rules as `verify`). */
  check(appId: string, channel: CodeChannel, target: string, code: string, ip = ''): LoginProof {
    // A client that logged in with a code to the target is known to it from now on (KnownSenders): in
    // the login's own statement when the store runs one (the marker goes with it), else right after.
    const marker = this.known?.markerRow(`${channel}:${target}`, ip);
    const proof = this.codes.check({ appId, channel, target, purpose: 'login' }, code, ip, marker);
    const remember = async () => this.known?.remember(`${channel}:${target}`, ip);
    return {
      verify: async () => {
        await proof.verify();
        await remember();
      },
      logInInOneStatement: proof.logInInOneStatement,
    };
  }

  /**
   * Consumes the code sent to `target` for `purpose`; 422 `invalid_credentials` when wrong, used,
   * expired, spent or sent for another purpose; 429 `too_many_requests` while the target's backoff runs
   * (the codes `ip` asked for itself are still tried) or `ip` is locked out of the target.
   */
  verify(
    appId: string,
    channel: CodeChannel,
    target: string,
    code: string,
    purpose: CodePurpose,
    ip = '',
  ): Promise<void> {
    return this.codes.verify({ appId, channel, target, purpose }, code, ip);
  }
}

/** Options for `createPasswordlessCodes`. */
interface PasswordlessCodesOptions {
  limits?: SendLimits;
}

/**
 * Builds the code service of a server: codes beside its short-lived store's counters (createCodeStore),
 * keyed by `hmacKey` (derived from the master key), throttled on the backend the store picks; send limits from the settings unless given.
 */
export function createPasswordlessCodes(
  ctx: Pick<ServerContext, 'settings' | 'db' | 'shortLived' | 'clock' | 'delivery' | 'logger'>,
  hmacKey: Buffer,
  options: PasswordlessCodesOptions = {},
): PasswordlessCodes {
  let limits = options.limits;
  if (!limits) {
    const fromEnv = sendLimitsFromEnv(ctx.settings.sendLimits ?? {});
    if (fromEnv.invalid.length > 0) {
      ctx.logger.warn({ variables: fromEnv.invalid }, 'ignoring malformed send limits (expected points/seconds)');
    }
    limits = fromEnv.limits;
  }
  const now = () => ctx.clock.now().getTime();
  const store = createCodeStore(ctx.shortLived.throttleBackend, ctx.db, now);
  const codes = new OneTimeCodes({ store, hmacKey, now });
  const throttle = new SendThrottle(ctx.shortLived.throttleBackend, limits);
  return new PasswordlessCodes(codes, throttle, ctx.delivery, new KnownSenders(ctx.shortLived));
}

/** Throws `disallowed_login_method` unless the app enables the method (checked before any code is spent). */
export function assertMethodEnabled(
  config: { email_auth?: boolean; sms_auth?: boolean },
  flag: 'email_auth' | 'sms_auth',
): void {
  if (!config[flag]) throw new LatchError('disallowed_login_method');
}
