// What the demo's pages without React (vanilla.html, libraries.html) share: reading and writing their
// elements, and the email login form both pages log in with.
import type { Latch } from '@latch/core';

/** The page's element with `id`. */
export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Writes `text` into the element with `id`. */
export const show = (id: string, text: string) => {
  $(id).textContent = text;
};

/** Logs in through #email-form and #code-form: core's login flow, the same machine the React modal renders. */
export function wireEmailLogin(latch: Latch): void {
  $('email-form').addEventListener('submit', (event) => {
    event.preventDefault();
    // Open the flow first when it is closed, then submit the email.
    if (latch.auth.getState().phase === 'closed') latch.login();
    latch.auth.dispatch({ type: 'submitEmail', email: $<HTMLInputElement>('email').value });
  });
  $('code-form').addEventListener('submit', (event) => {
    event.preventDefault();
    latch.auth.dispatch({ type: 'submitCode', code: $<HTMLInputElement>('code').value });
  });
}
