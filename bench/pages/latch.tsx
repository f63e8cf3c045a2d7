import { LatchProvider, useLatch } from '@latch/react';
import { createRoot } from 'react-dom/client';

// The minimal Latch host page: the provider and a login button.
function LoginButton() {
  const { ready, login } = useLatch();
  return (
    <button type="button" disabled={!ready} onClick={() => login()}>
      Log in
    </button>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <LatchProvider appId="cm0000000000000000000demo" clientId="client-demo" apiUrl="http://localhost:8787">
    <LoginButton />
  </LatchProvider>,
);
