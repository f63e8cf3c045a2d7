import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { format as fill } from './en.js';
import { isSimpleMessage } from './isSimpleMessage.js';
import { compiledMessages } from './locales/compiledMessages.js';

/** A message in Lingui's compiled form (what @lingui/message-utils' compileMessage returns). */
type CompiledMessage = Messages[string];

// Keyed by the ICU source text itself: a catalogue text and a host override that reads the same share one entry.
const compiled: Messages = { ...compiledMessages };
const runtimes = new Map<string, I18n>();

/** Adds compiled forms (the host's overrides, compiled when the provider mounts) to the table format() reads. */
export function registerCompiledMessages(table: Record<string, CompiledMessage>): void {
  Object.assign(compiled, table);
  // Lingui copies what it loads: drop the runtimes so the next call loads the new entries.
  runtimes.clear();
}

/** True when a message needs a compiled form that is not in the table yet. */
export function needsCompiling(text: string): boolean {
  return !isSimpleMessage(text) && !(text in compiled);
}

/**
 * Formats an ICU message: simple `{name}` texts by filling them in; plurals, selects and numbers with Lingui's
 * runtime, from the compiled form generated from the catalogues (scripts/compileCatalogues.mjs).
 */
export function format(text: string, values: Record<string, string | number>, locale = 'en'): string {
  if (isSimpleMessage(text)) return fill(text, values);
  let runtime = runtimes.get(locale);
  if (!runtime) {
    runtime = setupI18n({ locale, messages: { [locale]: compiled } });
    runtimes.set(locale, runtime);
  }
  return runtime._(text, values);
}
