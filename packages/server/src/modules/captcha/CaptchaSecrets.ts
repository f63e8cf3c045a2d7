import { LatchError } from '@latch/protocol';
import type { ColumnType } from 'kysely';
import type { Clock } from '../../kernel/clock.js';
import type { Sealer } from '../../kernel/crypto/masterKey.js';
import type { ModuleSealing } from '../../kernel/crypto/sealedColumn.js';
import type { Db } from '../../kernel/store/db.js';

/** app_captcha_secrets (migration 027). */
interface CaptchaSecretsTable {
  app_id: string;
  secret_sealed: string;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../../kernel/store/schema.js' {
  interface Database {
    app_captcha_secrets: CaptchaSecretsTable;
  }
}

/** The associated data the secret is sealed with: its app, so it opens nowhere else. */
export const captchaSecretAad = (appId: string) => `captcha-secret:${appId}`;

/** What the captcha module seals, for `keys rotate`: each app's Turnstile secret key. */
export const captchaSealing: ModuleSealing = {
  columns: [
    {
      report: 'captcha_secrets',
      table: 'app_captcha_secrets',
      key: ['app_id'],
      values: [{ column: 'secret_sealed', aad: (row) => captchaSecretAad(row('app_id')) }],
    },
  ],
};

/** An app's Turnstile secret key (docs/captcha.md), sealed under the master key bound to the app. */
export class CaptchaSecrets {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly clock: Clock,
  ) {}

  /** The app's secret, opened (in memory only, for one siteverify call), or null when none is set. */
  async get(appId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('app_captcha_secrets')
      .select('secret_sealed')
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return row ? this.sealer.open(row.secret_sealed, captchaSecretAad(appId)) : null;
  }

  /** When the app's secret was set, or null when it has none (never the secret). */
  async updatedAt(appId: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom('app_captcha_secrets')
      .select('updated_at')
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return row ? new Date(row.updated_at) : null;
  }

  /** Checks and stores (or replaces) the app's secret. */
  async set(appId: string, secret: string): Promise<void> {
    // The message names the field only: a secret never reaches an error or a log.
    if (secret.length === 0 || secret.length > 256 || !/^[\x21-\x7e]+$/.test(secret))
      throw new LatchError(
        'invalid_data',
        'The Turnstile secret key must be 1 to 256 printable characters, no spaces.',
      );
    const values = {
      app_id: appId,
      secret_sealed: this.sealer.seal(secret, captchaSecretAad(appId)),
      updated_at: this.clock.now(),
    };
    await this.db
      .insertInto('app_captcha_secrets')
      .values(values)
      .onConflict((oc) =>
        oc.column('app_id').doUpdateSet({ secret_sealed: values.secret_sealed, updated_at: values.updated_at }),
      )
      .execute();
  }

  /** Removes the app's secret; true when there was one. */
  async clear(appId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('app_captcha_secrets').where('app_id', '=', appId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
