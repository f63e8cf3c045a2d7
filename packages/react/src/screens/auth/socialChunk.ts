import { screenGroup } from '../screenGroup.js';

/**
 * The social login chunk (socialScreens.ts): the landing's OAuth and Telegram buttons and the three social screens
 * share one loader, so that the chunk LoginDialog preloads renders at once on both.
 */
export const social = screenGroup(() => import('./socialScreens.js'));
