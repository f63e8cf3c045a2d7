import { systemClock } from '@latch/core';
import { useEffect, useState } from 'react';
import { useLatchContext } from '../LatchContext.js';
import { watchIdentityToken } from './watchIdentityToken.js';

/**
 * The identity token to send to your backend (`@latch/node` verifyIdentityToken: the user and linked accounts,
 * no call to Latch); null while signed out or loading. Kept fresh: a new one after login, a link or unlink, and
 * before it expires.
 */
export function useIdentityToken(): { identityToken: string | null } {
  const { latch } = useLatchContext();
  const [identityToken, setIdentityToken] = useState<string | null>(null);
  useEffect(() => {
    setIdentityToken(null);
    return watchIdentityToken(latch, setIdentityToken, systemClock);
  }, [latch]);
  return { identityToken };
}
