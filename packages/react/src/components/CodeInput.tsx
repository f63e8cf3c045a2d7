import { codeDigits } from '@latch/core';
import { LIMIT } from '@latch/protocol';
import { type ClipboardEvent, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { format } from '../strings/format.js';

/**
 * Six single-digit boxes (SPEC §2, §5): digits only, one per box, a paste (or an autofilled code)
 * spreads across the boxes, and the code is submitted as soon as every box is filled. Remount it
 * (change its key) to clear the boxes.
 */
export function CodeInput(props: {
  onComplete(code: string): void;
  onNonDigit(): void;
  disabled?: boolean;
  state?: 'error' | 'success';
  digitLabel: string;
  labelledBy?: string;
}): ReactNode {
  const [digits, setDigits] = useState<string[]>(() => Array(LIMIT.codeLength).fill(''));
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  const fill = (start: number, incoming: string[]) => {
    const next = [...digits];
    incoming.forEach((digit, offset) => {
      if (start + offset < LIMIT.codeLength) next[start + offset] = digit;
    });
    setDigits(next);
    const focusAt = Math.min(start + incoming.length, LIMIT.codeLength - 1);
    boxes.current[focusAt]?.focus();
    if (next.every((d) => d !== '')) props.onComplete(next.join(''));
  };

  const onInput = (index: number, value: string) => {
    if (value === '') {
      const next = [...digits];
      next[index] = '';
      setDigits(next);
      return;
    }
    const incoming = codeDigits(value.replace(digits[index] ?? '', ''));
    if (incoming.length === 0) {
      props.onNonDigit();
      return;
    }
    fill(index, incoming);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) boxes.current[index - 1]?.focus();
    if (event.key === 'ArrowLeft' && index > 0) boxes.current[index - 1]?.focus();
    if (event.key === 'ArrowRight' && index < LIMIT.codeLength - 1) boxes.current[index + 1]?.focus();
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const incoming = codeDigits(event.clipboardData.getData('text'));
    if (incoming.length === 0) props.onNonDigit();
    else fill(index, incoming);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would add a border and legend the design does not have.
    <div className="latch-code" role="group" aria-labelledby={props.labelledBy} data-state={props.state}>
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={digit}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={format(props.digitLabel, { n: index + 1, total: LIMIT.codeLength })}
          disabled={props.disabled}
          // biome-ignore lint/a11y/noAutofocus: the code screen exists to take the code.
          autoFocus={index === 0}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
