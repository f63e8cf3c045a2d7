/** The OAuth popup's window name: the page it returns to hands the result to its opener only under this name. */
export const OAUTH_POPUP_NAME = 'latch-oauth';
