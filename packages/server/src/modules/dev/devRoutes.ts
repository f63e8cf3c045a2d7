import { DEV_API } from '@latch/protocol';
import * as v from 'valibot';
import type { AppInput } from '../../identity/apps/appInput.js';
import { assertConfiguredMethods } from '../../identity/credentials/methodCredentialsCheck.js';
import { namedApp } from '../../identity/http/resolveApp.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import type { OutboxMessage } from '../../kernel/ports.js';
import { assertCaptchaConfigured } from '../captcha/captchaConfigCheck.js';
import { assertOnRampConfigured } from '../onRamp/onRampConfigCheck.js';

/** Body of the dev app endpoints; `config` is checked in depth by the app store. */
const DevAppBody = v.strictObject({
  name: v.optional(v.pipe(v.string(), v.maxLength(200))),
  allowed_origins: v.optional(v.array(v.pipe(v.string(), v.maxLength(300)))),
  config: v.optional(v.record(v.string(), v.unknown())),
  allowlist: v.optional(v.nullable(v.array(v.pipe(v.string(), v.maxLength(320))))),
  max_users: v.optional(v.nullable(v.number())),
  access_token_ttl_seconds: v.optional(v.number()),
});

function toAppInput(body: v.InferOutput<typeof DevAppBody>): AppInput {
  return {
    name: body.name,
    config: body.config,
    allowedOrigins: body.allowed_origins,
    allowlist: body.allowlist,
    maxUsers: body.max_users,
    accessTokenTtlSeconds: body.access_token_ttl_seconds,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

function outboxPage(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (m) => `<article><header><strong>${m.channel === 'email' ? 'Email' : 'SMS'}</strong> to ${escapeHtml(m.recipient)}
<time datetime="${escapeHtml(m.sent_at)}">${escapeHtml(m.sent_at)}</time></header>
${m.code ? `<p class="code">Code: <b>${escapeHtml(m.code)}</b></p>` : ''}${m.subject ? `<p>Subject: ${escapeHtml(m.subject)}</p>` : ''}
<pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="refresh" content="5"><title>Latch dev outbox</title><style>
body{font:16px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}header{display:flex;gap:.5rem;flex-wrap:wrap}
time{color:#666;margin-left:auto}.code b{font-size:1.4rem;letter-spacing:.2em}pre{white-space:pre-wrap;background:#f6f6f6;padding:.75rem;border-radius:6px}
</style></head><body><h1>Dev outbox</h1><p>Messages the server "sent" in dev mode, newest first. This page refreshes every 5 seconds.</p>
${rows || '<p>No messages yet.</p>'}</body></html>`;
}

/** Dev-mode endpoints: the outbox and app setup for tests. Absent (404) outside dev mode. */
export const devRoutes: RouteDef[] = [
  {
    method: 'get',
    path: DEV_API.outbox,
    devOnly: true,
    handler: async (c) => c.json(await c.get('ctx').outbox.list()),
  },
  {
    method: 'get',
    path: DEV_API.outboxPage,
    devOnly: true,
    handler: async (c) => c.html(outboxPage(await c.get('ctx').outbox.list())),
  },
  {
    method: 'post',
    path: DEV_API.apps,
    devOnly: true,
    handler: async (c) => {
      const ctx = c.get('ctx');
      const input = toAppInput(await parseBody(c, DevAppBody));
      await assertConfiguredMethods(ctx.loginCredentials, undefined, input.config);
      await assertOnRampConfigured(ctx.onRampSettings, undefined, input.config);
      await assertCaptchaConfigured(ctx.captcha, undefined, input.config);
      const app = await ctx.apps.create(input);
      return c.json({ app_id: app.id, client_id: app.clientIds[0] }, 201);
    },
  },
  {
    method: 'patch',
    path: DEV_API.app.pattern,
    devOnly: true,
    handler: async (c) => {
      const ctx = c.get('ctx');
      const body = await parseBody(c, DevAppBody);
      const app = await ctx.apps.require(namedApp(c).id, { fresh: true });
      const input = toAppInput(body);
      await assertConfiguredMethods(ctx.loginCredentials, app, input.config);
      await assertOnRampConfigured(ctx.onRampSettings, app, input.config);
      await assertCaptchaConfigured(ctx.captcha, app, input.config);
      const updated = await ctx.apps.update(app.id, input);
      return c.json({ app_id: updated.id, client_id: updated.clientIds[0] });
    },
  },
];
