import { DISPLAY } from '@latch/protocol';
import { encode } from 'uqr';

/** SPEC §9: QR codes use error correction level high (about 30% of the code can be lost). */
export const QR_ERROR_CORRECTION = 'H';

/** The modules of a QR code and the centre square left light for the logo. */
export interface QrMatrix {
  /** Modules per side (no quiet zone). */
  size: number;
  /** `rows[y][x]` is true for a dark module. */
  rows: readonly (readonly boolean[])[];
  /** The cleared centre square for the logo, in modules, or null without a logo. */
  logo: { start: number; span: number } | null;
}

/**
 * Encodes `text` with error correction high and, when `logoRatio` > 0, clears a centred square about
 * that share of the side for a logo (SPEC §9: about 15%); level H recovers the cleared modules.
 */
export function qrCodeMatrix(text: string, options: { logoRatio?: number } = {}): QrMatrix {
  const { size, data } = encode(text, { ecc: QR_ERROR_CORRECTION, border: 0 });
  const ratio = Math.min(Math.max(options.logoRatio ?? DISPLAY.qrLogoRatio, 0), 0.2);
  let span = Math.round(size * ratio);
  // Same parity as the (odd) side, so the square sits exactly in the middle.
  if (span > 0 && span % 2 === 0) span += 1;
  const logo = span > 0 ? { start: (size - span) / 2, span } : null;
  const inLogo = (x: number, y: number) =>
    logo !== null && x >= logo.start && x < logo.start + span && y >= logo.start && y < logo.start + span;
  const rows = data.map((row, y) => row.map((dark, x) => dark && !inLogo(x, y)));
  return { size, rows, logo };
}

/** The dark modules as one SVG path in module units (`viewBox="0 0 size size"`), one square per module. */
export function qrSvgPath(matrix: QrMatrix): string {
  let path = '';
  matrix.rows.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      // Runs of dark modules on a row become one rectangle.
      let end = x;
      while (row[end + 1]) end++;
      path += `M${x} ${y}h${end - x + 1}v1h${-(end - x + 1)}z`;
      x = end + 1;
    }
  });
  return path;
}
