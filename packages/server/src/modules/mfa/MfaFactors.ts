import type { UserRef } from '../../identity/users/userRef.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db } from '../../kernel/store/db.js';
import type { MfaTables } from './mfaTables.js';

/** A user's stored TOTP and SMS factors (passkey MFA lives on the passkeys). */
export interface StoredFactors {
  totp: { sealed: string; lastStep: number; enrolledAt: Date } | null;
  sms: { phone: string; enrolledAt: Date } | null;
}

/** The `user_mfa` row of a user: read, enrol, accept a TOTP step, remove. Every write is one statement. */
export class MfaFactors {
  private readonly db: Db;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.db = db;
  }

  /** The user's TOTP and SMS factors (both null when none). */
  async get(owner: UserRef): Promise<StoredFactors> {
    const row = await this.db
      .selectFrom('user_mfa')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .where('app_id', '=', owner.appId)
      .executeTakeFirst();
    return {
      totp:
        row?.totp_secret_sealed && row.totp_enrolled_at
          ? {
              sealed: row.totp_secret_sealed,
              lastStep: Number(row.totp_last_step ?? 0),
              enrolledAt: row.totp_enrolled_at,
            }
          : null,
      sms: row?.sms_phone && row.sms_enrolled_at ? { phone: row.sms_phone, enrolledAt: row.sms_enrolled_at } : null,
    };
  }

  private async upsert(owner: UserRef, values: Partial<MfaTables['user_mfa']>): Promise<void> {
    await this.db
      .insertInto('user_mfa')
      .values({ user_id: owner.userId, app_id: owner.appId, created_at: this.clock.now(), ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  /** Enrols (or replaces) the authenticator app with its sealed secret; `step` is the confirming code's step, now spent. */
  enrollTotp(owner: UserRef, sealed: string, step: number): Promise<void> {
    return this.upsert(owner, { totp_secret_sealed: sealed, totp_last_step: step, totp_enrolled_at: this.clock.now() });
  }

  /** Enrols (or replaces) the SMS MFA phone (E.164). */
  enrollSms(owner: UserRef, phone: string): Promise<void> {
    return this.upsert(owner, { sms_phone: phone, sms_enrolled_at: this.clock.now() });
  }

  /**
   * Records `step` as the last accepted TOTP step, only if it is later than the stored one: false when
   * a code of this step (or a later one) was already accepted — the replay check, atomic under races.
   */
  async acceptTotpStep(owner: UserRef, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_mfa')
      .set({ totp_last_step: step })
      .where('user_id', '=', owner.userId)
      .where('app_id', '=', owner.appId)
      .where('totp_secret_sealed', 'is not', null)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Removes a TOTP or SMS factor; true when there was one. */
  async remove(owner: UserRef, method: 'totp' | 'sms'): Promise<boolean> {
    const values =
      method === 'totp'
        ? { totp_secret_sealed: null, totp_last_step: null, totp_enrolled_at: null }
        : { sms_phone: null, sms_enrolled_at: null };
    const column = method === 'totp' ? 'totp_enrolled_at' : 'sms_enrolled_at';
    const result = await this.db
      .updateTable('user_mfa')
      .set(values)
      .where('user_id', '=', owner.userId)
      .where('app_id', '=', owner.appId)
      .where(column, 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
