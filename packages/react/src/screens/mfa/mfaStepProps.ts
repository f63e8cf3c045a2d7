/** What every MFA step receives: the title id that labels the dialog and the dialog's close. */
export interface MfaStepProps {
  titleId: string;
  /** Closes the dialog ('Not now' / ×); absent while the step must not be left. */
  onClose?: () => void;
  /** Goes one step back; absent on a first step. */
  onBack?: () => void;
}

/** Inline (CSSOM) styles shared by the MFA steps: allowed under a strict host style-src. */
export const MFA_STYLE = {
  stack: { display: 'flex', flexDirection: 'column', gap: 10 },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: 10,
    padding: '10px 12px',
    border: '1px solid var(--latch-border)',
    borderRadius: 'var(--latch-radius)',
  },
  rowLabel: { flex: 1, display: 'flex', flexDirection: 'column', gap: 2, textAlign: 'left' },
  rowDetail: { fontSize: 13, color: 'var(--latch-muted)' },
  tag: {
    fontSize: 12,
    padding: '2px 8px',
    borderRadius: 999,
    background: 'var(--latch-accent-soft)',
    // The text colour, not the accent: accent text on the soft accent fails WCAG contrast at 12 px (axe).
    color: 'var(--latch-fg)',
    fontWeight: 600,
    whiteSpace: 'nowrap',
  },
  mutedTag: {
    fontSize: 12,
    padding: '2px 8px',
    borderRadius: 999,
    background: 'var(--latch-surface)',
    color: 'var(--latch-muted)',
    whiteSpace: 'nowrap',
  },
  secret: {
    margin: 0,
    padding: '8px 12px',
    borderRadius: 8,
    background: 'var(--latch-surface)',
    fontFamily: 'ui-monospace, monospace',
    fontSize: 13,
    letterSpacing: 1,
    overflowWrap: 'anywhere',
    textAlign: 'center',
  },
  methodButton: { justifyContent: 'flex-start', textAlign: 'left' },
} as const;
