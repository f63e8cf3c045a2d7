import { IDENTITY_API } from '@latch/protocol';
import { devBuild } from './devBuild.js';

/** The console text naming the origin to add and the CLI command that adds it. */
export function missingOriginMessage(origin: string, appId: string): string {
  return (
    `Latch: this page's origin ${origin} is not an allowed origin of app ${appId}, so the browser blocks ` +
    `every call to the Latch server (client_network_error). Add it on the server:\n` +
    `  latch-server apps update ${appId} --origin ${origin}\n` +
    `(--origin is repeatable and replaces the list: repeat it for every origin the app keeps; \`latch-server apps list\` shows them.)`
  );
}

/**
 * After the app config could not be fetched (dev builds only): asks again with a simple GET (no custom
 * headers, so no preflight, no credentials). The server answers a refused origin there with a readable
 * 403 `invalid_origin` that carries nothing of the app; when that is the answer, one console.error says
 * which origin to add and how. Any other outcome (server down, another error) prints nothing here.
 */
export async function diagnoseOrigin(
  apiUrl: string,
  appId: string,
  origin: string | undefined,
  doFetch: typeof fetch = globalThis.fetch,
): Promise<boolean> {
  if (!devBuild() || !origin || origin === 'null') return false;
  try {
    const response = await doFetch(`${apiUrl.replace(/\/+$/, '')}${IDENTITY_API.appConfig(appId)}`, {
      credentials: 'omit',
    });
    if (response.status !== 403) return false;
    const body = (await response.json()) as { error?: unknown };
    if (body.error !== 'invalid_origin') return false;
  } catch {
    return false;
  }
  console.error(missingOriginMessage(origin, appId));
  return true;
}
