import { LatchError } from '@latch/protocol';
import type { ColumnType } from 'kysely';
import type { Clock } from '../../kernel/clock.js';
import type { Sealer } from '../../kernel/crypto/masterKey.js';
import type { Db } from '../../kernel/store/db.js';
import { assertProviderUrl } from './onRampProviderUrl.js';
import { MOONPAY_URLS } from './onRampUrl.js';

/** The provider's two modes: real money, or its sandbox (test cards, test networks). */
export type OnRampMode = 'live' | 'sandbox';
/** Both modes. */
export const ON_RAMP_MODES: readonly OnRampMode[] = ['live', 'sandbox'];

/** app_on_ramp_credentials (migration 026). */
interface OnRampCredentialsTable {
  app_id: string;
  mode: string;
  publishable_key: string;
  widget_url: string;
  api_url: string;
  secret_sealed: string;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../../kernel/store/schema.js' {
  interface Database {
    app_on_ramp_credentials: OnRampCredentialsTable;
  }
}

/** The public part of one mode's settings: what the CLI prints (never the secret key). */
export interface OnRampPublicSettings {
  mode: OnRampMode;
  publishableKey: string;
  widgetUrl: string;
  apiUrl: string;
  updatedAt: Date;
}

/** One mode's settings with the secret key opened (in memory only, to sign a URL). */
export interface OnRampCredentials extends OnRampPublicSettings {
  secretKey: string;
}

/** What `set` stores: the keys, and the provider URLs when not MoonPay's own. */
export interface OnRampSettingsInput {
  publishableKey: string;
  secretKey: string;
  widgetUrl?: string;
  apiUrl?: string;
}

/** The associated data the secret key is sealed with: its app and mode, so it opens nowhere else. */
export const onRampSecretAad = (appId: string, mode: string) => `on-ramp-secret:${appId}:${mode}`;

const PRINTABLE = /^[\x21-\x7e]+$/;

function assertKey(value: string, name: string, max: number): void {
  // The message names the field only: a secret key never reaches an error or a log.
  if (value.length === 0 || value.length > max || !PRINTABLE.test(value))
    throw new LatchError('invalid_data', `The on-ramp ${name} must be 1 to ${max} printable characters, no spaces.`);
}

/**
 * An app's fiat on-ramp provider settings, per mode (docs/onramp.md). The secret key is sealed under the
 * master key bound to the app and mode, and opened only in memory to sign a widget URL.
 */
export class OnRampSettings {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly clock: Clock,
    /** Dev mode: http provider URLs to a loopback host are allowed (the dev stand-in). */
    private readonly dev: boolean,
  ) {}

  /** The mode's settings with the secret key opened, or null when none are set. */
  async get(appId: string, mode: OnRampMode): Promise<OnRampCredentials | null> {
    const row = await this.db
      .selectFrom('app_on_ramp_credentials')
      .selectAll()
      .where('app_id', '=', appId)
      .where('mode', '=', mode)
      .executeTakeFirst();
    if (!row) return null;
    return { ...toPublic(row), secretKey: this.sealer.open(row.secret_sealed, onRampSecretAad(appId, mode)) };
  }

  /** The public settings of every mode the app has (never a secret). */
  async list(appId: string): Promise<OnRampPublicSettings[]> {
    const rows = await this.db
      .selectFrom('app_on_ramp_credentials')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('mode')
      .execute();
    return rows.map(toPublic);
  }

  /** Checks and stores (or replaces) the mode's settings; MoonPay's own URLs when none are given. */
  async set(appId: string, mode: OnRampMode, input: OnRampSettingsInput): Promise<OnRampPublicSettings> {
    assertKey(input.publishableKey, 'publishable key', 256);
    assertKey(input.secretKey, 'secret key', 1024);
    const widgetUrl = assertProviderUrl(input.widgetUrl ?? MOONPAY_URLS[mode].widgetUrl, 'widget URL', this.dev);
    const apiUrl = assertProviderUrl(input.apiUrl ?? MOONPAY_URLS[mode].apiUrl, 'API URL', this.dev);
    const values = {
      app_id: appId,
      mode,
      publishable_key: input.publishableKey,
      widget_url: widgetUrl,
      api_url: apiUrl,
      secret_sealed: this.sealer.seal(input.secretKey, onRampSecretAad(appId, mode)),
      updated_at: this.clock.now(),
    };
    const { app_id: _app, mode: _mode, ...changes } = values;
    await this.db
      .insertInto('app_on_ramp_credentials')
      .values(values)
      .onConflict((oc) => oc.columns(['app_id', 'mode']).doUpdateSet(changes))
      .execute();
    return toPublic(values);
  }

  /** Removes the mode's settings; true when there were some. */
  async clear(appId: string, mode: OnRampMode): Promise<boolean> {
    const result = await this.db
      .deleteFrom('app_on_ramp_credentials')
      .where('app_id', '=', appId)
      .where('mode', '=', mode)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

function toPublic(row: Omit<OnRampCredentialsTable, 'secret_sealed' | 'updated_at'> & { updated_at: Date | string }) {
  return {
    mode: row.mode as OnRampMode,
    publishableKey: row.publishable_key,
    widgetUrl: row.widget_url,
    apiUrl: row.api_url,
    updatedAt: new Date(row.updated_at),
  };
}
