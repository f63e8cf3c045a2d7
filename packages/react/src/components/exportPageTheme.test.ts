import { describe, expect, it } from 'vitest';
import { computedColourToHex } from './exportPageTheme.js';

describe('computedColourToHex', () => {
  it('turns an opaque computed colour into #rrggbb and refuses what the export page cannot take', () => {
    expect(computedColourToHex('rgb(24, 24, 27)')).toBe('#18181b');
    expect(computedColourToHex('rgb(255, 255, 255)')).toBe('#ffffff');
    expect(computedColourToHex('rgba(0, 0, 0, 1)')).toBe('#000000');
    expect(computedColourToHex('rgba(0, 0, 0, 0.5)')).toBeUndefined();
    expect(computedColourToHex('light-dark(#ffffff, #18181b)')).toBeUndefined();
    expect(computedColourToHex('color(srgb 1 0 0)')).toBeUndefined();
    expect(computedColourToHex('rgb(300, 0, 0)')).toBeUndefined();
  });
});
