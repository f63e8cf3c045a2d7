import { afterEach, describe, expect, it, vi } from 'vitest';
import { refuseInProduction } from './productionChecks.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("createLatch's production refusals", () => {
  it('a production build refuses a missing apiUrl (unless a client is given) and a testDelayScale', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => refuseInProduction({})).toThrow('Latch: apiUrl is required in production.');
    expect(() => refuseInProduction({ client: {} })).not.toThrow();
    expect(() => refuseInProduction({ apiUrl: 'https://auth.example' })).not.toThrow();
    expect(() => refuseInProduction({ apiUrl: 'https://auth.example', testDelayScale: 0.05 })).toThrow(
      'Latch: testDelayScale is for tests, not production builds.',
    );
  });

  it('a development build allows both', () => {
    vi.stubEnv('NODE_ENV', 'development');
    expect(() => refuseInProduction({ testDelayScale: 0.05 })).not.toThrow();
  });
});
