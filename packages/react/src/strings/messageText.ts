import type { FlowMessage, FlowMessageCode } from '@latch/core';
import { format } from './en.js';
import type { FlowMessageStrings } from './flowMessageStrings.js';

/** The text of a flow message (a code, or a code with the server's message), or '' for none. */
export function messageText(
  strings: FlowMessageStrings,
  message: FlowMessageCode | FlowMessage | null | undefined,
  values: Record<string, string | number> = {},
): string {
  if (!message) return '';
  const { code, message: server } = typeof message === 'string' ? { code: message, message: undefined } : message;
  return format(strings[code], { ...values, message: server ?? '' });
}
