import { LatchError } from '@latch/protocol';
import { DEFAULT_HOST_CONFIG, mergeHostConfig, parseHostConfigPatch } from '../../identity/apps/appConfigSchema.js';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { OnRampSettings } from './OnRampSettings.js';

/**
 * Refuses (`on_ramp_not_configured`, naming the CLI command) a config that turns `fiat_on_ramp_enabled` on
 * for an app without live or sandbox provider keys: an 'Add Funds' button that cannot sign is worse than
 * none. A new app (`app` undefined) has no keys yet. `settings` is undefined on a server without this module.
 */
export async function assertOnRampConfigured(
  settings: OnRampSettings | undefined,
  app: AppRecord | undefined,
  configPatch: unknown,
): Promise<void> {
  if (configPatch === undefined) return;
  const config = mergeHostConfig(app?.config ?? DEFAULT_HOST_CONFIG, parseHostConfigPatch(configPatch));
  if (config.fiat_on_ramp_enabled !== true) return;
  if (settings && app && (await settings.list(app.id)).length > 0) return;
  throw new LatchError(
    'on_ramp_not_configured',
    settings
      ? `fiat_on_ramp_enabled needs the app's on-ramp provider keys first: latch-server apps onramp set ${app?.id ?? '<app-id>'} [--sandbox] --publishable-key KEY --secret-key-file PATH`
      : 'fiat_on_ramp_enabled needs the onRamp module, which this server does not run.',
  );
}

/** Refuses clearing the last provider keys of an app whose on-ramp is on (turn it off first). */
export async function assertOnRampClearable(settings: OnRampSettings, app: AppRecord, mode: string): Promise<void> {
  if (app.config.fiat_on_ramp_enabled !== true) return;
  const others = (await settings.list(app.id)).filter((stored) => stored.mode !== mode);
  if (others.length > 0) return;
  throw new LatchError(
    'invalid_data',
    `fiat_on_ramp_enabled is on: turn it off before clearing the app's last on-ramp keys (${mode}).`,
  );
}
