import { isAppId, LatchError, type ServerAppConfig } from '@latch/protocol';
import { sql } from 'kysely';
import type { Clock } from '../../kernel/clock.js';
import { newAppId, newClientId } from '../../kernel/ids.js';
import type { Db } from '../../kernel/store/db.js';
import { TtlCache } from '../../kernel/ttlCache.js';
import type { SigningKeys } from '../keys/signingKeys.js';
import {
  assertValidHostConfig,
  DEFAULT_HOST_CONFIG,
  type HostAppConfig,
  type HostAppConfigPatch,
  mergeHostConfig,
  parseHostConfigPatch,
  SERVER_ONLY_CONFIG_KEYS,
} from './appConfigSchema.js';
import { type AppInput, checkAppInput, normaliseAllowlistEntry, normaliseOrigin } from './appInput.js';
import { cookieSiteOf } from './cookieSite.js';
import { assertCustomAuthKey } from './customAuthConfig.js';

/** An app as the services use it. */
export interface AppRecord {
  id: string;
  name: string;
  config: HostAppConfig;
  allowedOrigins: string[];
  clientIds: string[];
  /** null: no allowlist. */
  allowlist: string[] | null;
  maxUsers: number | null;
  accessTokenTtlSeconds: number;
  /** Absolute lifetime of a session family: no refresh after this long since the login (docs/server.md). */
  sessionLifetimeSeconds: number;
  createdAt: Date;
  updatedAt: Date;
}

/** App reads are cached this long; updates by this process clear the entry, other processes' within this time. */
const APP_CACHE_TTL_MS = 5_000;

/** The served config of each app record, with the public key it was built with (AppStore.serverConfig). */
const servedConfigs = new WeakMap<AppRecord, { publicPem: string; config: ServerAppConfig }>();

/** Reads and writes apps (and their client ids and first signing key). */
export class AppStore {
  private readonly cache: TtlCache<AppRecord>;
  private readonly originCache: TtlCache<boolean>;

  constructor(
    private readonly db: Db,
    private readonly keys: SigningKeys,
    private readonly clock: Clock,
    /** Dev mode allows plain-http origins on any host (a phone on the LAN, a VM). */
    private readonly options: { dev: boolean } = { dev: false },
  ) {
    this.cache = new TtlCache(APP_CACHE_TTL_MS, clock);
    this.originCache = new TtlCache(APP_CACHE_TTL_MS, clock);
  }

  /** Creates an app with one client id and a signing key; `id` may be given (25 characters). */
  async create(input: AppInput & { id?: string }): Promise<AppRecord> {
    checkAppInput(input);
    const id = input.id ?? newAppId();
    if (!isAppId(id)) throw new LatchError('invalid_app_id');
    const config = mergeHostConfig(DEFAULT_HOST_CONFIG, parseHostConfigPatch(input.config ?? {}));
    assertValidHostConfig(config, { requireSmsCountries: !this.options.dev, publicUrlsOnly: !this.options.dev });
    await assertCustomAuthKey(config.custom_auth_config);
    const allowedOrigins = (input.allowedOrigins ?? []).map((o) => normaliseOrigin(o, this.options));
    if (config.custom_api_url) cookieSiteOf(config.custom_api_url, allowedOrigins, this.options);
    const now = this.clock.now();
    const ttl = input.accessTokenTtlSeconds ?? 3600;
    const clientId = newClientId();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('apps')
        .values({
          id,
          name: input.name?.trim() || 'My app',
          config: JSON.stringify(config),
          allowed_origins: JSON.stringify(allowedOrigins),
          allowlist: JSON.stringify(input.allowlist ? input.allowlist.map(normaliseAllowlistEntry) : null),
          max_users: input.maxUsers ?? null,
          access_token_ttl_seconds: ttl,
          ...(input.sessionLifetimeSeconds === undefined
            ? {}
            : { session_lifetime_seconds: input.sessionLifetimeSeconds }),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx.insertInto('app_clients').values({ id: clientId, app_id: id, created_at: now }).execute();
    });
    await this.keys.rotate(id, ttl);
    this.originCache.clear();
    return (await this.get(id))!;
  }

  /** Updates an app; the merged config must still follow SPEC §5. */
  async update(id: string, input: AppInput): Promise<AppRecord> {
    checkAppInput(input);
    const app = await this.require(id, { fresh: true });
    const config =
      input.config === undefined ? app.config : mergeHostConfig(app.config, parseHostConfigPatch(input.config));
    assertValidHostConfig(config, { requireSmsCountries: !this.options.dev, publicUrlsOnly: !this.options.dev });
    await assertCustomAuthKey(config.custom_auth_config);
    // Only origins given now are checked: an update of other fields keeps the stored list as it is.
    const allowedOrigins = input.allowedOrigins
      ? input.allowedOrigins.map((o) => normaliseOrigin(o, this.options))
      : app.allowedOrigins;
    // Cookie mode's site must stay one of the allowed origins' (a change of either is checked).
    if (config.custom_api_url) cookieSiteOf(config.custom_api_url, allowedOrigins, this.options);
    await this.db
      .updateTable('apps')
      .set({
        name: input.name?.trim() ?? app.name,
        config: JSON.stringify(config),
        allowed_origins: JSON.stringify(allowedOrigins),
        allowlist: JSON.stringify(
          input.allowlist === undefined
            ? app.allowlist
            : input.allowlist === null
              ? null
              : input.allowlist.map(normaliseAllowlistEntry),
        ),
        max_users: input.maxUsers === undefined ? app.maxUsers : input.maxUsers,
        access_token_ttl_seconds: input.accessTokenTtlSeconds ?? app.accessTokenTtlSeconds,
        session_lifetime_seconds: input.sessionLifetimeSeconds ?? app.sessionLifetimeSeconds,
        updated_at: this.clock.now(),
      })
      .where('id', '=', id)
      .execute();
    this.cache.delete(id);
    this.originCache.clear();
    return (await this.get(id))!;
  }

  /** Adds another client id to an app (e.g. one per host environment) and returns it. */
  async addClient(appId: string): Promise<string> {
    const app = await this.require(appId, { fresh: true });
    const clientId = newClientId();
    await this.db
      .insertInto('app_clients')
      .values({ id: clientId, app_id: app.id, created_at: this.clock.now() })
      .execute();
    this.cache.delete(app.id);
    return clientId;
  }

  /** The app, or undefined. Malformed ids are the caller's to refuse. */
  async get(id: string, options: { fresh?: boolean } = {}): Promise<AppRecord | undefined> {
    if (!options.fresh) {
      const cached = this.cache.get(id);
      if (cached) return cached;
    }
    const row = await this.db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const clients = await this.db
      .selectFrom('app_clients')
      .select('id')
      .where('app_id', '=', id)
      .orderBy('created_at')
      .execute();
    const app: AppRecord = {
      id: row.id,
      name: row.name,
      // Stored configs are completed with today's defaults, so new fields need no data migration.
      config: mergeHostConfig(DEFAULT_HOST_CONFIG, row.config as HostAppConfigPatch),
      allowedOrigins: row.allowed_origins,
      clientIds: clients.map((c) => c.id),
      allowlist: row.allowlist,
      maxUsers: row.max_users,
      accessTokenTtlSeconds: row.access_token_ttl_seconds,
      sessionLifetimeSeconds: row.session_lifetime_seconds,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
    this.cache.set(id, app);
    return app;
  }

  /** The app; `invalid_app_id` for a malformed id, `app_not_found` for an unknown one. */
  async require(id: string | undefined, options: { fresh?: boolean } = {}): Promise<AppRecord> {
    if (!isAppId(id)) throw new LatchError('invalid_app_id');
    const app = await this.get(id, options);
    if (!app) throw new LatchError('app_not_found');
    return app;
  }

  /** Every app, oldest first. */
  async list(): Promise<AppRecord[]> {
    const rows = await this.db.selectFrom('apps').select('id').orderBy('created_at').execute();
    const apps = await Promise.all(rows.map((r) => this.get(r.id, { fresh: true })));
    return apps.filter((a): a is AppRecord => a !== undefined);
  }

  /** The oldest app with this exact name. */
  async findByName(name: string): Promise<AppRecord | undefined> {
    const row = await this.db
      .selectFrom('apps')
      .select('id')
      .where('name', '=', name)
      .orderBy('created_at')
      .executeTakeFirst();
    return row ? this.get(row.id, { fresh: true }) : undefined;
  }

  /** True when any app allows this origin (CORS preflights carry no app id). */
  async anyAppAllowsOrigin(origin: string): Promise<boolean> {
    const cached = this.originCache.get(origin);
    if (cached !== undefined) return cached;
    const row = await this.db
      .selectFrom('apps')
      .select('id')
      .where(sql<boolean>`allowed_origins @> ${JSON.stringify([origin])}::jsonb`)
      .executeTakeFirst();
    this.originCache.set(origin, row !== undefined);
    return row !== undefined;
  }

  /**
   * The SPEC §3 server config of an app, built once per app record and signing key (a record lives
   * APP_CACHE_TTL_MS; an update or a rotation makes a new one): copying the config and dropping its
   * server-only keys was a tenth of a config read's CPU. Frozen, since every reader shares it.
   */
  async serverConfig(app: AppRecord): Promise<ServerAppConfig> {
    const { publicPem } = await this.keys.activeKey(app.id);
    const served = servedConfigs.get(app);
    if (served?.publicPem === publicPem) return served.config;
    const config: Record<string, unknown> = { ...app.config };
    for (const key of SERVER_ONLY_CONFIG_KEYS) delete config[key];
    const built = Object.freeze({
      ...(config as Omit<HostAppConfig, (typeof SERVER_ONLY_CONFIG_KEYS)[number]>),
      id: app.id,
      name: app.name,
      verification_key: publicPem,
      created_at: Math.floor(app.createdAt.getTime() / 1000),
      updated_at: Math.floor(app.updatedAt.getTime() / 1000),
    });
    servedConfigs.set(app, { publicPem, config: built });
    return built;
  }
}
