import { type HostConfig, type LatchLocale, LatchProvider } from '@latch/react';
import { type ReactNode, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DemoApp } from './DemoApp.js';
import { demoChains } from './demoChains.js';
import { readDemoSettings } from './demoSettings.js';
import { devChainRpcUrl } from './devChain.js';
import { HostOptionsPanel } from './HostOptionsPanel.js';

const settings = readDemoSettings(window.location.search, import.meta.env as Record<string, string | undefined>);
const root = createRoot(document.getElementById('root') as HTMLElement);

if (!settings.appId) {
  root.render(
    <main>
      <h1>Latch demo</h1>
      <p>No app id: open this page with ?appId=…&amp;clientId=… or set VITE_LATCH_APP_ID (npm start does).</p>
    </main>,
  );
} else {
  // StrictMode, as most hosts run it in development: mounts twice, and the widget must not care.
  root.render(
    <StrictMode>
      <DemoRoot />
    </StrictMode>,
  );
}

/** The provider with the query's host config and locale, which the appearance panel and the language switch change live. */
function DemoRoot(): ReactNode {
  const [host, setHost] = useState<HostConfig>(settings.host);
  const [locale, setLocale] = useState<LatchLocale>(settings.locale);
  return (
    <LatchProvider
      appId={settings.appId}
      clientId={settings.clientId}
      apiUrl={settings.apiUrl}
      {...host}
      locale={locale}
      testDelayScale={settings.delayScale}
      embeddedWallets={{ ...host.embeddedWallets, noPromptOnSignature: settings.noPromptOnSignature }}
      mfa={{ noPromptOnMfaRequired: settings.noPromptOnMfaRequired }}
      // The dev stand-in's sandbox keys (apps/dev-idp): the on-ramp pays on the local chain.
      fiatOnRamp={{ useSandbox: true }}
      chains={demoChains(import.meta.env.DEV ? devChainRpcUrl(import.meta.env) : null)}
      onLoginComplete={({ intent, user, isNewUser }) =>
        console.info(`[demo] ${intent} complete for ${user.id}${isNewUser ? ' (new user)' : ''}`)
      }
      onError={(error) => console.info(`[demo] ${error}`)}
    >
      <label className="demo-language">
        Language{' '}
        <select value={locale} onChange={(event) => setLocale(event.target.value as LatchLocale)}>
          <option value="en">English</option>
          <option value="es">Español</option>
        </select>
      </label>
      <DemoApp embed={settings.embed} hostMfaPrompt={settings.noPromptOnMfaRequired} devIdpUrl={settings.devIdpUrl} />
      <HostOptionsPanel host={host} onChange={setHost} />
    </LatchProvider>
  );
}
