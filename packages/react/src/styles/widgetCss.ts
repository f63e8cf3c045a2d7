import css from './widget.css';

/**
 * The widget's one stylesheet (widget.css, bundled as text). Every selector sits under
 * [data-latch-root]; colours come from custom properties (theme.ts sets the accent ones from the app
 * config). A string, not a <link>: injectStyles adopts it as a constructable sheet, which a strict CSP
 * style-src allows, and a server render needs no stylesheet request (see docs/widget.md).
 */
export const WIDGET_CSS: string = css;
