import controls from './controls.css';
import layout from './layout.css';
import theme from './theme.css';

/**
 * The widget's stylesheet, bundled as text from three files read in this order (no comments in them: the text
 * ships in the page's first chunk, as is or, in the built package, without its layout whitespace):
 * - theme.css: the documented custom properties (docs/theming.md); each colour is a light-dark() value, picked by
 *   the root's color-scheme (light, dark, or both for 'system': the device decides, live);
 * - layout.css: the reset against the host's styles (docs/theming.md), the root and its colour scheme, the modal
 *   and the embed, and the screen's layout (top bar, logo, title, text, list);
 * - controls.css: buttons, links, fields, the code input, status lines, spinner, badges, accessibility utilities.
 * Every selector sits under [data-latch-root]; colours come from custom properties (theme.ts sets the accent ones
 * from the app config). A string, not a <link>: injectStyles adopts it as a constructable sheet, which a strict CSP
 * style-src allows, and a server render needs no stylesheet request (see docs/widget.md).
 */
export const WIDGET_CSS: string = `${theme}\n${layout}\n${controls}`;
