import { lazy, type ReactNode, Suspense } from 'react';
import { useEmbeddedWalletState } from '../hooks/index.js';

// The sign request screen loads only when a signature first waits for the user (bundle budget).
const SignRequestDialogBody = lazy(() =>
  import('./SignRequestDialogBody.js').then((m) => ({ default: m.SignRequestDialogBody })),
);

/** The sign request as a native modal <dialog>, open while a signature waits for the user. */
export function SignRequestDialog(): ReactNode {
  const { signRequest } = useEmbeddedWalletState();
  if (!signRequest) return null;
  return (
    <Suspense fallback={null}>
      <SignRequestDialogBody />
    </Suspense>
  );
}
