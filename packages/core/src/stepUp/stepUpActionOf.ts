import type { StepUpAction } from '@latch/protocol';

/** A code's purpose (passwordless init) and the action its step-up is for. */
const BY_PURPOSE: Record<string, StepUpAction> = {
  link: 'link',
  update: 'update_login',
  'update-old': 'update_login',
  unlink: 'unlink',
};

/**
 * The step-up action a host-side call that answered `step_up_required` needs, from its path (and a code
 * send's purpose); null for a call that is not a gated one (then the error stands). The frame's gated
 * calls (MFA enrolment, export) name their action themselves.
 */
export function stepUpActionOf(path: string, body?: unknown): StepUpAction | null {
  if (/\/unlink$/.test(path)) return 'unlink';
  if (/\/update$/.test(path)) return 'update_login';
  // Linking: the link calls, a passkey's link init, an OAuth init with the bearer token (a link's).
  if (/\/link(\/init)?$|\/oauth\/init$/.test(path)) return 'link';
  if (/\/init$/.test(path) && body && typeof body === 'object') {
    return BY_PURPOSE[String((body as { purpose?: unknown }).purpose)] ?? null;
  }
  return null;
}
