import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { StringCatalogue } from './en.js';
import { needsCompiling, registerCompiledMessages } from './format.js';

/**
 * Compiles the host's override texts that use plural, select or number (this module loads only when a host
 * passes one): the catalogues ship compiled, a host's own ICU text is compiled once, in the browser.
 */
export function compileOverrides(strings: Partial<StringCatalogue>): void {
  const table: Record<string, ReturnType<typeof compileMessageOrThrow>> = {};
  for (const [key, text] of Object.entries(strings)) {
    if (!text || !needsCompiling(text)) continue;
    try {
      table[text] = compileMessageOrThrow(text);
    } catch (error) {
      throw new Error(`Latch: strings.${key} is not a valid ICU message (${(error as Error).message}).`);
    }
  }
  registerCompiledMessages(table);
}
