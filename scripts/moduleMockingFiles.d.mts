/** The unit test files that call vi.mock: each runs in the `unit-isolated` project with a fresh module graph. */
export declare const MODULE_MOCKING_FILES: string[];
