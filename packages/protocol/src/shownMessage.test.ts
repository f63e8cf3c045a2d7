import { describe, expect, it } from 'vitest';
import { shownMessage } from './shownMessage.js';

describe('shown personal_sign message', () => {
  it('shows hex that is UTF-8 text as the text, and keeps binary or plain messages as they are', () => {
    expect(shownMessage('0x68656c6c6f')).toBe('hello');
    expect(shownMessage('0x00ff10')).toBe('0x00ff10');
    expect(shownMessage('0x0001')).toBe('0x0001');
    expect(shownMessage('hello')).toBe('hello');
    expect(shownMessage('0xabc')).toBe('0xabc');
  });
});
