import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Words } from './sha256.js';
import { solvePow } from './solvePow.js';

const hex = (words: Uint32Array) => [...words].map((w) => w.toString(16).padStart(8, '0')).join('');
const nodeHex = (text: string) => createHash('sha256').update(text, 'latin1').digest('hex');

describe('sha256Words', () => {
  it('matches Node for every length around the block boundaries', () => {
    for (let length = 0; length < 140; length++) {
      const text = 'abcdefghij'.repeat(14).slice(0, length);
      expect(hex(sha256Words(text, new Uint32Array(8)))).toBe(nodeHex(text));
    }
  });
});

describe('solvePow', () => {
  it("finds ALTCHA's secret number, and null outside the range", () => {
    const salt = 'a1b2c3?app=x&expires=9&';
    const challenge = { challenge: nodeHex(`${salt}4321`), salt, maxnumber: 5000 };
    expect(solvePow(challenge)).toBe(4321);
    expect(solvePow(challenge, 0, 4000)).toBeNull();
    expect(solvePow(challenge, 4000)).toBe(4321);
  });
});
