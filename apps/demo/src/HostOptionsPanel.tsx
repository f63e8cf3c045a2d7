import type { HostConfig, ThemeSetting } from '@latch/react';
import type { ReactNode } from 'react';

/** The provider's appearance, changed live: the widget re-renders with the new host config (docs/theming.md). */
export function HostOptionsPanel({
  host,
  onChange,
}: {
  host: HostConfig;
  onChange(next: HostConfig): void;
}): ReactNode {
  const appearance = host.appearance ?? {};
  const set = (patch: NonNullable<HostConfig['appearance']>) =>
    onChange({ ...host, appearance: { ...appearance, ...patch } });
  return (
    <div className="column">
      <section className="card" aria-label="Appearance">
        <h2>Appearance (host options)</h2>
        <p>LatchProvider's appearance props; the widget re-renders with them.</p>
        <label>
          Theme{' '}
          <select
            value={appearance.theme ?? ''}
            onChange={(event) => set({ theme: (event.target.value || undefined) as ThemeSetting | undefined })}
          >
            <option value="">server's</option>
            <option value="light">light</option>
            <option value="dark">dark</option>
            <option value="system">system</option>
          </select>
        </label>{' '}
        <label>
          Accent{' '}
          <input
            type="color"
            value={appearance.accentColor ?? '#676fff'}
            onChange={(event) => set({ accentColor: event.target.value })}
          />
        </label>
      </section>
    </div>
  );
}
