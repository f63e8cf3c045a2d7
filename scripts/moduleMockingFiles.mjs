// The unit test files that replace a module with vi.mock: they run in the `unit-isolated` vitest project, each
// with a fresh module graph, while the rest of the unit files share one (vitest.config.ts).
// scripts/moduleMockingFiles.test.ts keeps the list complete.
export const MODULE_MOCKING_FILES = [
  'packages/core/src/actions/mfaActions.test.ts',
  'packages/core/src/passkeys/passkeyActions.test.ts',
  'packages/core/src/passkeys/passkeyRace.test.ts',
];
