import type { UserRef } from '../../identity/users/userRef.js';
import type { Clock } from '../../kernel/clock.js';
import type { Db } from '../../kernel/store/db.js';
import type { DevicePublicJwk } from './deviceProof.js';

/** The registered device keys of each user (migration 012): which frames may make custody calls. */
export class DeviceKeys {
  private readonly db: Db;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    // The app's database includes migration 012's table; narrow the view to the wallet tables.
    this.db = db;
  }

  /**
   * Registers `deviceId` for the owner (after a device grant was redeemed). Idempotent: the same key
   * registered again is un-revoked and touched.
   */
  async register(owner: UserRef, deviceId: string, jwk: DevicePublicJwk, sessionId: string): Promise<void> {
    const now = this.clock.now();
    await this.db
      .insertInto('device_keys')
      .values({
        app_id: owner.appId,
        user_id: owner.userId,
        id: deviceId,
        public_jwk: JSON.stringify(jwk),
        session_id: sessionId,
        created_at: now,
        last_used_at: now,
        revoked_at: null,
      })
      .onConflict((oc) =>
        oc
          .columns(['app_id', 'user_id', 'id'])
          .doUpdateSet({ revoked_at: null, last_used_at: now, session_id: sessionId }),
      )
      .execute();
  }

  /** True when `deviceId` is registered for the owner and not revoked. */
  async isActive(owner: UserRef, deviceId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('device_keys')
      .select('id')
      .where('app_id', '=', owner.appId)
      .where('user_id', '=', owner.userId)
      .where('id', '=', deviceId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Revokes the owner's device key (its custody calls then get 403 until a fresh login registers it again). */
  async revoke(owner: UserRef, deviceId: string): Promise<void> {
    await this.db
      .updateTable('device_keys')
      .set({ revoked_at: this.clock.now() })
      .where('app_id', '=', owner.appId)
      .where('user_id', '=', owner.userId)
      .where('id', '=', deviceId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
