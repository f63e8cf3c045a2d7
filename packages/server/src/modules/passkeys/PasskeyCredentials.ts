import { LatchError } from '@latch/protocol';
import { sql } from 'kysely';
import type { Db } from '../../kernel/store/db.js';
import { isUniqueViolation } from '../../kernel/store/db.js';

/** A verified new credential, as the registration ceremony yields it. */
export interface NewCredential {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  aaguid: string;
}

/** A linked credential: what an assertion is verified against, and whose it is. */
export interface StoredCredential {
  credentialId: string;
  userId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  enrolledInMfa: boolean;
}

/** A credential descriptor for allow / exclude lists. */
export interface CredentialDescriptor {
  id: string;
  transports: string[];
}

/**
 * The passkey_credentials table (migration 015) and the MFA flag on the passkey's linked account. A
 * sign-up or link first *claims* the credential id (a row with no user: unique per app, so a credential
 * is never registered twice, even by racing requests), then binds it to the linked account it made.
 */
export class PasskeyCredentials {
  private readonly db: Db;

  constructor(db: Db) {
    // The app's database includes migration 015's table; widen the view to it.
    this.db = db;
  }

  /** Claims a new credential id in `appId`; one already stored (any user's, or claimed) → `linked_to_another_user`. */
  async claim(appId: string, credential: NewCredential, now: Date): Promise<void> {
    try {
      await this.db
        .insertInto('passkey_credentials')
        .values({
          app_id: appId,
          credential_id: credential.credentialId,
          user_id: null,
          public_key: credential.publicKey,
          counter: credential.counter,
          transports: JSON.stringify(credential.transports),
          device_type: credential.deviceType,
          backed_up: credential.backedUp,
          aaguid: credential.aaguid,
          created_at: now,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new LatchError('linked_to_another_user');
      throw error;
    }
  }

  /** Binds a claimed credential to the passkey linked account of the same id (made by the sign-up or link). */
  async bind(appId: string, credentialId: string): Promise<void> {
    await sql`update passkey_credentials pc set user_id = la.user_id, linked_account_id = la.id
      from linked_accounts la
      where pc.app_id = ${appId} and pc.credential_id = ${credentialId} and pc.user_id is null
        and la.app_id = pc.app_id and la.type = 'passkey' and la.account_key = pc.credential_id`.execute(this.db);
  }

  /** Drops a claim whose sign-up or link was refused (a bound credential is left alone). */
  async release(appId: string, credentialId: string): Promise<void> {
    await this.db
      .deleteFrom('passkey_credentials')
      .where('app_id', '=', appId)
      .where('credential_id', '=', credentialId)
      .where('user_id', 'is', null)
      .execute();
  }

  // The passkey's linked account by its key (unique per app and type), not by the bound id: a sign-up
  // whose bind never ran (a crash right after the login) still logs in with its passkey.
  private linkedCredentials() {
    return this.db
      .selectFrom('passkey_credentials as pc')
      .innerJoin('linked_accounts as la', (join) =>
        join
          .onRef('la.app_id', '=', 'pc.app_id')
          .on('la.type', '=', 'passkey')
          .onRef('la.account_key', '=', 'pc.credential_id'),
      );
  }

  /** The linked credential `credentialId` of `appId`, or undefined (unknown, another app's, or only claimed). */
  async find(appId: string, credentialId: string): Promise<StoredCredential | undefined> {
    const row = await this.linkedCredentials()
      .select(['pc.credential_id', 'la.user_id', 'pc.public_key', 'pc.counter', 'pc.transports', 'la.details'])
      .where('pc.app_id', '=', appId)
      .where('pc.credential_id', '=', credentialId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      credentialId: row.credential_id,
      userId: row.user_id,
      publicKey: new Uint8Array(row.public_key),
      counter: Number(row.counter),
      transports: row.transports,
      enrolledInMfa: (row.details as { enrolled_in_mfa?: unknown }).enrolled_in_mfa === true,
    };
  }

  /**
   * Records a verified use: the new counter, the backup state and the time. Compare-and-set on the
   * counter it was verified against: of two assertions verified against the same stored counter, only
   * the first is recorded (false for the other; the caller refuses it).
   */
  async recordUse(
    appId: string,
    credential: StoredCredential,
    use: { counter: number; backedUp: boolean; at: Date },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('passkey_credentials')
      .set({ counter: use.counter, backed_up: use.backedUp, last_used_at: use.at })
      .where('app_id', '=', appId)
      .where('credential_id', '=', credential.credentialId)
      .where('counter', '=', String(credential.counter))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The user's linked credentials (oldest first); only the MFA-enrolled ones with `mfaOnly`. */
  async ofUser(appId: string, userId: string, mfaOnly = false): Promise<CredentialDescriptor[]> {
    let query = this.linkedCredentials()
      .select(['pc.credential_id', 'pc.transports'])
      .where('pc.app_id', '=', appId)
      .where('la.user_id', '=', userId)
      .orderBy('la.id');
    if (mfaOnly) query = query.where(sql<boolean>`(la.details->>'enrolled_in_mfa') = 'true'`);
    const rows = await query.execute();
    return rows.map((row) => ({ id: row.credential_id, transports: row.transports }));
  }

  /**
   * Sets the MFA flag of the user's passkeys `ids` ('all': every one). An id that is not one of the
   * user's linked passkeys → `account_not_linked`, and nothing changes.
   */
  async setEnrolledInMfa(
    appId: string,
    userId: string,
    ids: string[] | 'all',
    enrolled: boolean,
    at: Date,
  ): Promise<void> {
    const own = new Set((await this.ofUser(appId, userId)).map((c) => c.id));
    const targets = ids === 'all' ? [...own] : ids;
    if (targets.some((id) => !own.has(id))) throw new LatchError('account_not_linked');
    if (targets.length === 0) return;
    await this.db
      .updateTable('linked_accounts')
      // `mfa_enrolled_at` (the wire user's passkey MFA `verified_at`): set once when enrolled, kept on a
      // repeated enrolment, dropped on removal.
      .set({
        details: enrolled
          ? sql`details || jsonb_build_object('enrolled_in_mfa', true, 'mfa_enrolled_at', coalesce(details->'mfa_enrolled_at', to_jsonb(${at.toISOString()}::text)))`
          : sql`(details - 'mfa_enrolled_at') || '{"enrolled_in_mfa": false}'::jsonb`,
      })
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('type', '=', 'passkey')
      .where('account_key', 'in', targets)
      .execute();
  }
}
