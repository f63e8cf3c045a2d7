import { type RefObject, useEffect, useId, useRef } from 'react';
import { useRootAttributes } from '../components/useRootAttributes.js';
import { injectStyles } from '../styles/injectStyles.js';

/** What a native modal <dialog> of the widget needs: its ref, its title id and the theme attributes. */
interface ModalDialog {
  ref: RefObject<HTMLDialogElement | null>;
  titleId: string;
  root: ReturnType<typeof useRootAttributes>;
}

/**
 * Opens a widget <dialog> with showModal() on mount (page inert, focus trapped) and closes it on unmount;
 * Escape calls `onCancel` instead of letting the browser close it, so the flow decides. With
 * `focusInput`, focus starts in the first text field rather than on the close button.
 */
export function useModalDialog(
  onCancel: () => void,
  options: { focusInput?: boolean; modal?: boolean } = {},
): ModalDialog {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const root = useRootAttributes();
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  const focusInput = options.focusInput ?? false;
  const modal = options.modal ?? true;

  useEffect(() => injectStyles(), []);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) {
      // Non-modal (the sign and send dialogs): the wallet frame placed over them must not be inert (FrameSlot.tsx).
      if (modal) dialog.showModal();
      else dialog.show();
      if (focusInput) dialog.querySelector<HTMLElement>('input:not([type=checkbox])')?.focus();
    }
    const onCancelEvent = (event: Event) => {
      event.preventDefault();
      cancel.current();
    };
    // A non-modal dialog gets no 'cancel' on Escape: the key itself closes it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !modal) onCancelEvent(event);
    };
    dialog.addEventListener('cancel', onCancelEvent);
    dialog.addEventListener('keydown', onKey);
    return () => {
      dialog.removeEventListener('cancel', onCancelEvent);
      dialog.removeEventListener('keydown', onKey);
      if (dialog.open) dialog.close();
    };
  }, [focusInput, modal]);

  return { ref, titleId, root };
}
