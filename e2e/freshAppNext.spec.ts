import { describe } from 'vitest';
import { freshAppsFixture } from './freshAppFixture.js';
import { nextAppTests } from './nextApp.js';

// Issue #25's "Done when", the Next.js half of the fresh-app e2e (the Vite half: freshAppVite.spec.ts, in its own
// worker): the run's one pack installed with docs/install.md's lines into a create-next-app App Router app, with no
// host-side shim: the provider sits in Next's server layout. A user logs in by email, reloads, signs through wagmi
// with no connect call, and a plain Node backend verifies the identity token with @latch/node. It fails when an
// entry lacks 'use client' (Next: "createContext is not a function") or a render reads a random value (Next's
// prerender refuses it).

describe('fresh apps installing the packed packages with the documented lines', () => {
  const fresh = freshAppsFixture('next');

  describe('a fresh Next.js App Router app (create-next-app)', () => {
    nextAppTests(fresh);
  });
});
