import type { PasswordStrength } from '@latch/core';
import type { ReactNode } from 'react';
import { useWalletFlowStrings } from '../../../hooks/useWalletFlowStrings.js';

const FILLED: Record<PasswordStrength['label'], number> = { Weak: 1, Medium: 2, Strong: 3 };
const TONE: Record<PasswordStrength['label'], string> = {
  Weak: 'var(--latch-error)',
  Medium: 'var(--latch-accent)',
  Strong: 'var(--latch-success)',
};

/** SPEC §5's strength: three bars and the label Weak, Medium or Strong. */
export function StrengthMeter({ strength }: { strength: PasswordStrength | null }): ReactNode {
  const text = useWalletFlowStrings();
  const label = strength?.label ?? null;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
      <div aria-hidden="true" style={{ display: 'flex', gap: 4, flex: 1 }}>
        {[1, 2, 3].map((bar) => (
          <span
            key={bar}
            style={{
              flex: 1,
              height: 6,
              borderRadius: 3,
              background: label && bar <= FILLED[label] ? TONE[label] : 'var(--latch-border)',
            }}
          />
        ))}
      </div>
      <span aria-live="polite" style={{ fontSize: 13, minWidth: 110, textAlign: 'right', color: 'var(--latch-muted)' }}>
        {label ? `${text.strength}: ${text[`strength${label}`]}` : ''}
      </span>
    </div>
  );
}
