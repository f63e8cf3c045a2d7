/** The browser executable for tests: CHROMIUM_PATH, else Debian's headless shell when installed, else its chromium. */
export function testChromiumPath(): string;
