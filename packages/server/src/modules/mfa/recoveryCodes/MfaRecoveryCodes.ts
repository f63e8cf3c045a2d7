import { createHash, randomInt } from 'node:crypto';
import { MFA_LIMIT, normaliseRecoveryCode, RECOVERY_CODE_ALPHABET } from '@latch/protocol/mfa';
import type { UserRef } from '../../../identity/users/userRef.js';
import type { Clock } from '../../../kernel/clock.js';
import type { ServerContext } from '../../../kernel/context.js';
import type { Db } from '../../../kernel/store/db.js';

/**
 * The stored form of a code: SHA-256 over the app, the user and the normalised code. A code carries 80
 * random bits, so a hash is as good as the code is hard to guess; binding the user makes one user's
 * code fit no other account.
 */
function codeHash(owner: UserRef, code: string): string {
  return createHash('sha256')
    .update(['latch/mfa-recovery-code/v1', owner.appId, owner.userId, normaliseRecoveryCode(code)].join('\n'))
    .digest('hex');
}

/** A fresh code from a CSPRNG, in groups of 4: `k3vq-8dnp-2xhw-m7ra`. */
function newCode(): string {
  const chars = Array.from(
    { length: MFA_LIMIT.recoveryCodeLength },
    () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
  ).join('');
  return chars.match(/.{1,4}/g)!.join('-');
}

/**
 * MFA recovery codes (MFA-06, docs/mfa.md "Recovery codes"): a set of single-use codes a user can type
 * in place of a TOTP or SMS code, stored only as hashes. Every write is one statement.
 */
export class MfaRecoveryCodes {
  private readonly db: Db;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.db = db;
  }

  /** Replaces the user's codes with MFA_LIMIT.recoveryCodes fresh ones and returns them (to show once). */
  async generate(owner: UserRef): Promise<string[]> {
    const codes = Array.from({ length: MFA_LIMIT.recoveryCodes }, newCode);
    const createdAt = this.clock.now();
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('mfa_recovery_codes').where('user_id', '=', owner.userId).execute();
      await tx
        .insertInto('mfa_recovery_codes')
        .values(
          codes.map((code) => ({
            user_id: owner.userId,
            app_id: owner.appId,
            code_hash: codeHash(owner, code),
            created_at: createdAt,
          })),
        )
        .execute();
    });
    return codes;
  }

  /** Spends `code` when it is one of the user's unused codes: true once (of concurrent takers one wins). */
  async take(owner: UserRef, code: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('mfa_recovery_codes')
      .where('user_id', '=', owner.userId)
      .where('app_id', '=', owner.appId)
      .where('code_hash', '=', codeHash(owner, code))
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** How many unused codes the user has. */
  async remaining(owner: UserRef): Promise<number> {
    const row = await this.db
      .selectFrom('mfa_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', owner.userId)
      .where('app_id', '=', owner.appId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Deletes the user's codes (their last MFA method is gone, or an operator reset it). */
  async clear(owner: UserRef): Promise<void> {
    await this.db
      .deleteFrom('mfa_recovery_codes')
      .where('user_id', '=', owner.userId)
      .where('app_id', '=', owner.appId)
      .execute();
  }
}

/** The recovery codes over the server's database (stateless: built where needed). */
export const recoveryCodesOf = (ctx: Pick<ServerContext, 'db' | 'clock'>) => new MfaRecoveryCodes(ctx.db, ctx.clock);
