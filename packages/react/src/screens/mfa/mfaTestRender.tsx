import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { LatchContext, type LatchContextValue } from '../../LatchContext.js';
import { en, type StringCatalogue } from '../../strings/en.js';

/**
 * Test helper: the visible text of an MFA screen rendered as a server renders it, inside a context with
 * `en` and the host's `overrides` merged over it (as LatchProvider does). ScreenFrame reads only the
 * strings and the embed count; the SMS step's PhoneForm reads the (idle) login flow and the client's config
 * (the host's default phone country; none here).
 */
export function renderMfaText(node: ReactNode, overrides: Partial<StringCatalogue> = {}): string {
  return renderMfaHtml(node, overrides)
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&')
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]*aria-label="([^"]*)"[^>]*>/g, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

/** The raw HTML of an MFA screen in the same context (for attributes: disabled inputs, the QR code). */
export function renderMfaHtml(node: ReactNode, overrides: Partial<StringCatalogue> = {}): string {
  const idleLogin = { otp: { status: 'idle' } };
  const runner = { subscribe: () => () => undefined, getState: () => idleLogin, dispatch: () => undefined };
  const client = { subscribe: () => () => undefined, getState: () => ({ config: null }) };
  const context = {
    strings: { ...en, ...overrides },
    embeds: { current: 0 },
    runner,
    client,
  } as unknown as LatchContextValue;
  return renderToString(<LatchContext.Provider value={context}>{node}</LatchContext.Provider>);
}
