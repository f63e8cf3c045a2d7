import { LatchError, type SecurityEventDetail, type SecurityEventType } from '@latch/protocol';
import type { LatchContext } from '../../kernel/http/env.js';
import { randomId } from '../../kernel/ids.js';
import { enqueueEvent } from '../../kernel/outbox/enqueueEvent.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';
import { type EmailChange, type NoticeChannel, sendSecurityNotice, verifiedChannels } from './securityNotices.js';

/** What happened, as the route that does it says. */
export interface SecurityEventInput {
  type: SecurityEventType;
  /** No secret: a device prefix, an account type, masked identifiers, an MFA method (maskIdentifier.ts). */
  detail: SecurityEventDetail;
  /** Told too, beyond the user's verified channels: the new address of a login email or phone change. */
  alsoNotify?: readonly NoticeChannel[];
  /** A login email change: both addresses get the email-changed notice naming them in full. */
  emailChange?: EmailChange;
}

/** The longest user agent an event keeps. */
const USER_AGENT_MAX = 256;

/**
 * Makes a security event heard (docs/server.md "Security events"), around the `change` that is
 * the event (a release: opening what the answer carries; a change: the write). First the notice goes to
 * EVERY verified channel of the signed-in user (`c.get('user')`: their linked emails and phones, as they are
 * before the change) and to `alsoNotify`; if any delivery fails, `change` never runs and the call fails with
 * 503 `notice_delivery_failed` — no notice, no release. Then `change` runs; when it succeeds, the audit row
 * and the `security.<type>` webhook are written in one transaction, and its result is returned. A user with
 * no verified channel (a wallet-only login) gets the row and the webhook: there is nowhere to send a notice.
 */
export async function recordSecurityEvent<T>(
  c: LatchContext,
  event: SecurityEventInput,
  change: () => Promise<T>,
  /** What only the change's result tells (an OAuth link's provider account), added to the row's detail. */
  refine?: (result: T) => SecurityEventDetail,
): Promise<T> {
  const ctx = c.get('ctx');
  const user = c.get('user');
  const seen = new Set<string>();
  const channels = [...verifiedChannels(user.accounts), ...(event.alsoNotify ?? [])].filter((to) => {
    const key = `${to.channel}:${to.to}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const sent = await Promise.allSettled(
    channels.map((to) =>
      sendSecurityNotice(ctx.delivery, to, user.app.name, event.type, event.detail, event.emailChange),
    ),
  );
  const failed = sent.filter((s) => s.status === 'rejected');
  if (failed.length > 0) {
    // The errors' names only: a delivery error's message may quote the address or the notice.
    const names = failed.map((s) => ((s as PromiseRejectedResult).reason as Error)?.name);
    ctx.logger.warn({ type: event.type, failed: failed.length, err: { names } }, 'security notice not delivered');
    throw new LatchError('notice_delivery_failed');
  }
  const result = await change();
  const now = ctx.clock.now();
  const id = `sev_${randomId(24)}`;
  const userId = user.user.id;
  const appId = user.app.id;
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('security_events')
      .values({
        id,
        app_id: appId,
        user_id: userId,
        type: event.type,
        detail: JSON.stringify({ ...event.detail, ...refine?.(result) }),
        ip: clientIp(c),
        user_agent: c.req.header('user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
        created_at: now,
      })
      .execute();
    await enqueueEvent(tx, `security.${event.type}`, { appId, userId, account: null, now, securityEventId: id });
  });
  return result;
}
