import { describe, expect, it } from 'vitest';
import { classifyTransaction } from './classifyTransaction.js';

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('classifyTransaction (SPEC §5)', () => {
  it('is a contract call when to and data are set, with or without value', () => {
    expect(classifyTransaction({ to: TO, data: '0xa9059cbb' })).toBe('contractCall');
    expect(classifyTransaction({ to: TO, data: '0xa9059cbb', value: 1n })).toBe('contractCall');
  });

  it('is a send when to and value are set (empty data counts as none)', () => {
    expect(classifyTransaction({ to: TO, value: 1n })).toBe('send');
    expect(classifyTransaction({ to: TO, value: 0n, data: '0x' })).toBe('send');
  });

  it('is unknown otherwise', () => {
    expect(classifyTransaction({ to: TO })).toBe('unknown');
    expect(classifyTransaction({ data: '0x6000' })).toBe('unknown');
    expect(classifyTransaction({ value: 1n })).toBe('unknown');
  });
});
