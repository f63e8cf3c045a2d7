import { qrCodeMatrix, qrSvgPath } from '@latch/core/qr';
import { DISPLAY } from '@latch/protocol';
import { type ReactNode, useMemo } from 'react';

/** Light modules around the code (in modules), so scanners find its edge on any page colour. */
const QUIET_ZONE = 2;

/**
 * A QR code as SPEC §9 draws it: error correction high, 160 px by default, and when `logo` is given a
 * centred logo about 15% of the code's side over modules left light for it. Always dark on white.
 */
export function QrCode(props: { value: string; label: string; size?: number; logo?: ReactNode }): ReactNode {
  const { value, label, size = DISPLAY.qrSize, logo } = props;
  const withLogo = logo !== undefined && logo !== null;
  const matrix = useMemo(
    () => qrCodeMatrix(value, { logoRatio: withLogo ? DISPLAY.qrLogoRatio : 0 }),
    [value, withLogo],
  );
  const path = useMemo(() => qrSvgPath(matrix), [matrix]);
  const side = matrix.size + QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      data-latch-qr={matrix.size}
      width={size}
      height={size}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
      shapeRendering="crispEdges"
      style={{ display: 'block', margin: '0 auto', background: '#ffffff', borderRadius: 12 }}
    >
      <path d={path} fill="#000000" />
      {withLogo && matrix.logo ? (
        // The logo draws in a 1 x 1 box, placed over the cleared square with half a module of margin.
        <g
          transform={`translate(${matrix.logo.start + 0.5} ${matrix.logo.start + 0.5}) scale(${matrix.logo.span - 1})`}
          shapeRendering="geometricPrecision"
        >
          {logo}
        </g>
      ) : null}
    </svg>
  );
}
