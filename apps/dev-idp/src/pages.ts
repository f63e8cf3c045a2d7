import { escapeHtml } from './http.js';

/** The stand-in pages' stylesheet (served from the stand-in itself: no external assets). */
export const STYLESHEET = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; display: flex; min-height: 100vh; align-items: center; justify-content: center; background: Canvas; }
main { width: min(24rem, 100% - 2rem); padding: 1.5rem; border: 1px solid #8884; border-radius: 12px; }
h1 { font-size: 1.2rem; margin: 0 0 .5rem; }
.notice { margin: 0 0 1rem; padding: .5rem .75rem; border-radius: 8px; background: #f5b40033; font-size: .9rem; }
label { display: block; margin: .75rem 0 .25rem; font-size: .9rem; }
input { box-sizing: border-box; width: 100%; padding: .5rem; font: inherit; }
.actions { display: flex; gap: .5rem; margin-top: 1.25rem; }
button { flex: 1; padding: .6rem; font: inherit; border-radius: 8px; border: 1px solid #8888; cursor: pointer; }
button[value="continue"] { background: #2563eb; color: #fff; border-color: #2563eb; }
.error { color: #c62828; font-size: .9rem; }
.standin { font-weight: 600; }
dl.order { display: grid; grid-template-columns: auto 1fr; gap: .35rem .75rem; margin: 1rem 0; font-size: .95rem; }
dl.order dt { font-weight: 600; }
dl.order dd { margin: 0; overflow-wrap: anywhere; }
.outcomes { display: grid; gap: .5rem; margin-top: .5rem; }
button.primary { background: #2563eb; color: #fff; border-color: #2563eb; }
`;

/** The shell of every page: the notice that this is not the real provider comes first. */
export function page(title: string, label: string, body: string, script?: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/assets/dev-idp.css">
${script ? `<script src="${escapeHtml(script)}" defer></script>` : ''}
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="notice" role="note">Development stand-in for ${escapeHtml(label)} — not the real ${escapeHtml(label)}. For local development and tests only.</p>
${body}
</main>
</body>
</html>`;
}

/** The OAuth stand-ins' login page: email and name, Continue or Cancel (consent is implied). */
export function loginPage(options: {
  label: string;
  action: string;
  email: string;
  name: string;
  clientId: string;
  error?: string;
}): string {
  const { label, action, email, name, clientId, error } = options;
  return page(
    `Sign in with ${label}`,
    label,
    `<p>Continue to the app <code>${escapeHtml(clientId)}</code> as:</p>
<form method="post" action="${escapeHtml(action)}">
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(name)}">
<div class="actions">
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

/** A plain error page of the stand-in. */
export function errorPage(label: string, message: string): string {
  return page(`${label}: request refused`, label, `<p class="error" role="alert">${escapeHtml(message)}</p>`);
}
