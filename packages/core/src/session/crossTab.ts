/** What to do when another tab changes the session. */
interface OtherTabHandlers {
  signedOut(): void;
  signedIn(): void;
}

/**
 * Follows sign-in and sign-out in other tabs through the `storage` event on the token key
 * (it fires only in the other tabs). Returns the function that stops listening; a no-op without `window`.
 */
export function watchOtherTabs(tokenKey: string, handlers: OtherTabHandlers): () => void {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key !== tokenKey && event.key !== null) return;
    if (event.newValue === null) handlers.signedOut();
    else if (event.oldValue === null) handlers.signedIn();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
