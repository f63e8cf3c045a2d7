// The social login's styles: they load with the social chunk (the landing's provider buttons and screens), not the page.
import SOCIAL_CSS from '../styles/social.css';
import { adoptStyles } from './adoptStyles.js';

/** Adds the social login styles to the document once (CSP-safe constructable sheet, like injectStyles). */
export function injectSocialStyles(doc: Document | undefined = globalThis.document): void {
  adoptStyles('social', SOCIAL_CSS, doc);
}
