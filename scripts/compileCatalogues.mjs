// Writes packages/react/src/strings/locales/compiledMessages.ts: the Lingui-compiled forms of the ICU catalogues' messages
// that need more than filling `{name}` (plurals, selects, numbers). Run: npm run i18n:compile (node --import tsx).
import { writeFileSync } from 'node:fs';

const { compiledMessagesModule } = await import('../packages/react/src/strings/locales/compileCatalogues.ts');
const target = new URL('../packages/react/src/strings/locales/compiledMessages.ts', import.meta.url);
writeFileSync(target, compiledMessagesModule());
console.log(`wrote ${target.pathname}`);
