// The label/value list of the send and on-ramp screens (a <dl> of rows). Inline (CSSOM) styles: allowed under a
// strict host style-src, unlike a new stylesheet rule; every layout property is set so that a host page's own
// dl/dt/dd rules cannot reach into the widget.

/** The list's box. */
export const DETAILS_STYLE = {
  display: 'block',
  margin: 0,
  padding: '8px 12px',
  borderRadius: 8,
  background: 'var(--latch-surface)',
} as const;

/** One row: label left, value right. */
export const ROW_STYLE = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: 12,
  padding: '4px 0',
  fontSize: 14,
} as const;

/** A row's label. */
export const LABEL_STYLE = { margin: 0, color: 'var(--latch-muted)', whiteSpace: 'nowrap' } as const;

/** An address as a row shows it: `0x6c46…1c7a`. */
export const shortAddress = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;
