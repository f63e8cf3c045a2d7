import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { type QrMatrix, qrCodeMatrix, qrSvgPath } from './qrCode.js';

const WC_URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn' +
  '&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1705326270';

/** Draws the matrix as an RGBA image (4 px per module, 4-module quiet zone), as a camera would see it. */
function rasterize(rows: readonly (readonly boolean[])[], scale = 4, quiet = 4) {
  const side = (rows.length + quiet * 2) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [y, row] of rows.entries()) {
    for (const [x, dark] of row.entries()) {
      if (!dark) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((y + quiet) * scale + dy) * side + (x + quiet) * scale + dx) * 4;
          data[offset] = data[offset + 1] = data[offset + 2] = 0;
        }
      }
    }
  }
  return { data, side };
}

/** Reads the modules back out of an SVG path made of `M x y h w v1 h -w z` rectangles. */
function modulesOfPath(path: string, size: number): boolean[][] {
  const rows = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const match of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
    const [x, y, w] = [Number(match[1]), Number(match[2]), Number(match[3])];
    expect(Number(match[4])).toBe(w);
    for (let i = 0; i < w; i++) rows[y]![x + i] = true;
  }
  return rows;
}

const decode = (matrix: QrMatrix) => {
  const { data, side } = rasterize(matrix.rows);
  return jsQR(data, side, side)?.data;
};

describe('qrCodeMatrix', () => {
  it('decodes back to the WalletConnect URI with the 15% logo square cleared', () => {
    const matrix = qrCodeMatrix(WC_URI);
    expect(matrix.logo).not.toBeNull();
    const { start, span } = matrix.logo!;
    expect(span / matrix.size).toBeGreaterThan(0.12);
    expect(span / matrix.size).toBeLessThan(0.18);
    expect(start * 2 + span).toBe(matrix.size);
    // Every module under the logo is light.
    for (let y = start; y < start + span; y++) {
      for (let x = start; x < start + span; x++) expect(matrix.rows[y]![x]).toBe(false);
    }
    expect(decode(matrix)).toBe(WC_URI);
  });

  it('uses error correction level H: the smallest version holding the text at level H', () => {
    // Version 1 (21 modules) holds 7 bytes at level H (17 at L, 14 at M, 11 at Q); 8 bytes need version 2.
    expect(qrCodeMatrix('wc:abcd', { logoRatio: 0 }).size).toBe(21);
    expect(qrCodeMatrix('wc:abcde', { logoRatio: 0 }).size).toBe(25);
  });

  it('keeps every module without a logo and decodes', () => {
    const matrix = qrCodeMatrix('https://app.example/?a=1', { logoRatio: 0 });
    expect(matrix.logo).toBeNull();
    expect(decode(matrix)).toBe('https://app.example/?a=1');
  });
});

describe('qrSvgPath', () => {
  it('draws exactly the dark modules', () => {
    const matrix = qrCodeMatrix(WC_URI);
    expect(modulesOfPath(qrSvgPath(matrix), matrix.size)).toEqual(matrix.rows);
  });
});
