import { describe, expect, it } from 'vitest';
import { DEFAULT_ID_REGISTRY, DEFAULT_OPTIMISM_RPC_URL, parseFarcasterSettings } from './farcasterSettings.js';

describe('Farcaster settings', () => {
  it("defaults to OP Mainnet's public node, Farcaster's IdRegistry and API, no relay key", () => {
    expect(parseFarcasterSettings({})).toEqual({
      rpcUrl: DEFAULT_OPTIMISM_RPC_URL,
      idRegistry: DEFAULT_ID_REGISTRY,
      relayKey: undefined,
      apiUrl: 'https://api.farcaster.xyz',
    });
  });

  it('takes a dev chain on loopback over http, and drops trailing slashes', () => {
    const settings = parseFarcasterSettings({
      LATCH_FARCASTER_RPC_URL: 'http://127.0.0.1:8545/',
      LATCH_FARCASTER_ID_REGISTRY: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      LATCH_FARCASTER_API_URL: 'http://127.0.0.1:8790/farcaster/api',
      LATCH_FARCASTER_RELAY_KEY: 'a-relay-key-of-some-length',
    });
    expect(settings).toMatchObject({ rpcUrl: 'http://127.0.0.1:8545', relayKey: 'a-relay-key-of-some-length' });
  });

  it('refuses http off loopback, a malformed registry address and a short relay key, without echoing URLs', () => {
    expect(() => parseFarcasterSettings({ LATCH_FARCASTER_RPC_URL: 'http://node.example/key123' })).toThrow(
      'LATCH_FARCASTER_RPC_URL must be an absolute https URL (http only on a loopback host).',
    );
    expect(() => parseFarcasterSettings({ LATCH_FARCASTER_ID_REGISTRY: '0x1234' })).toThrow(
      'LATCH_FARCASTER_ID_REGISTRY must be a 0x-prefixed 20-byte address, got "0x1234".',
    );
    expect(() => parseFarcasterSettings({ LATCH_FARCASTER_RELAY_KEY: 'short' })).toThrow(
      'LATCH_FARCASTER_RELAY_KEY must be at least 16 characters.',
    );
  });
});
