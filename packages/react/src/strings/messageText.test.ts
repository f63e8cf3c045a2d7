import { describe, expect, it } from 'vitest';
import { flowMessageStrings } from './flowMessageStrings.js';
import { messageText } from './messageText.js';

describe('messageText', () => {
  it("shows a code's text, and a server message (SPEC §8 'Code submit') in the active locale", async () => {
    const { es } = await import('./locales/es.js');
    const linkMore = {
      code: 'cannot_link_more_of_type',
      message: 'The user already has an account of this type.',
    } as const;
    expect(messageText(flowMessageStrings, 'invalid_credentials')).toBe('Invalid or expired verification code');
    expect(messageText(flowMessageStrings, linkMore)).toBe('The user already has an account of this type.');
    expect(messageText(es, linkMore)).toBe('Ya tienes una cuenta de este tipo.');
    expect(messageText(flowMessageStrings, null)).toBe('');
  });
});
