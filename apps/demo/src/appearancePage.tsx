// A minimal host page whose provider is docs/theming.md's "Theme, logo element, phone country" snippet, line for
// line (e2e/appearance.spec.ts runs it); only the app comes from the query (?appId=&clientId=&apiUrl=).
import { LatchProvider, useLatch } from '@latch/react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

const query = new URLSearchParams(window.location.search);

/** The host's own button: opens the login once Latch is ready. */
function LogIn(): ReactNode {
  const latch = useLatch();
  return (
    <button type="button" disabled={!latch.ready} onClick={() => latch.login()}>
      Log in
    </button>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider
    appId={query.get('appId') ?? ''}
    clientId={query.get('clientId') ?? ''}
    apiUrl={query.get('apiUrl') ?? undefined}
    appearance={{
      theme: '#13152F', // a background colour: the widget derives its palette from it (or 'light' | 'dark' | 'system')
      logo: (
        <svg viewBox="0 0 120 32" width="120" height="32" role="img" aria-label="Acme">
          <rect width="32" height="32" rx="8" fill="#F5B700" />
          <text x="42" y="23" fill="currentColor" fontSize="20" fontWeight="700">
            Acme
          </text>
        </svg>
      ),
    }}
    intl={{ defaultCountry: 'ES' }} // the phone input's first country (ISO 3166-1 alpha-2)
  >
    <LogIn />
  </LatchProvider>,
);
