import type { FlowMessage, FlowMessageCode } from '@latch/core';
import { serverMessage } from './en.js';
import type { FlowMessageStrings } from './flowMessageStrings.js';
import { format } from './format.js';

/** The text of a flow message (a code, or a code with the server's message), or '' for none. */
export function messageText(
  strings: FlowMessageStrings,
  message: FlowMessageCode | FlowMessage | null | undefined,
  values: Record<string, string | number> = {},
  locale?: string,
): string {
  if (!message) return '';
  if (typeof message === 'string') return format(strings[message], values, locale);
  const serverText = serverMessage(strings as Partial<Record<string, string>>, message);
  return format(strings[message.code], { ...values, ...message.values, message: serverText }, locale);
}
