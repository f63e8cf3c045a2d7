// The placement of the wallet frame over a screen: loaded with the sign and send dialogs only.
import type { ApprovalDisplay } from '@latch/protocol/schemas';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLatchContext } from '../LatchContext.js';
import { adoptStyles } from '../styles/adoptStyles.js';
import { exportPageTheme } from './exportPageTheme.js';

// core's HIDDEN_FRAME_STYLE: a 0×0 viewport, where the frame shows nothing and so approves nothing.
const HIDDEN = 'position:absolute;left:0;top:0;width:0;height:0;border:0;visibility:hidden';

// The sign and send dialogs open non-modally while the frame is placed: a modal <dialog> makes everything
// outside it inert, the frame included, and moving the frame into the dialog would reload it (its keys gone).
const APPROVAL_DIALOG_CSS =
  'dialog[data-latch-root][data-latch-approval]{position:fixed;inset:0;z-index:2147483646;' +
  'box-shadow:0 0 0 100vmax rgba(15,17,23,.45),0 20px 50px rgba(0,0,0,.25)}';

/** Adds the non-modal approval dialog's style once. */
export function adoptApprovalDialogStyles(): void {
  adoptStyles('approval', APPROVAL_DIALOG_CSS);
}

/** The display hints of the frame's confirmation: the widget's locale and colours, and what the screen knows of the chain. */
export function useApprovalDisplay(
  element: () => Element | null,
  chain: Omit<ApprovalDisplay, 'locale' | 'theme'> = {},
): () => ApprovalDisplay {
  const { locale } = useLatchContext();
  return () => {
    const root = element();
    return { ...chain, locale, theme: root ? exportPageTheme(root) : undefined };
  };
}

/**
 * A region of the screen where the wallet frame is shown: the frame (in its place at the end of the page) is
 * fixed over this box on every animation frame while it is mounted, and hidden again after. `onPlaced` runs
 * once the frame covers the box, so the request the frame confirms is posted to a frame that can show it.
 */
export function FrameSlot(props: { height: number; onPlaced(): void }): ReactNode {
  const slot = useRef<HTMLDivElement>(null);
  const placed = useRef(props.onPlaced);
  placed.current = props.onPlaced;
  useEffect(() => {
    let frame: HTMLIFrameElement | null = null;
    let told = false;
    let tick = 0;
    let last = '';
    const place = () => {
      tick = requestAnimationFrame(place);
      // The frame the runtime mounted (core's WALLET_FRAME_TITLE), found without a runtime call (bundle budget).
      frame = document.querySelector<HTMLIFrameElement>('iframe[title="Latch embedded wallet"]');
      const box = slot.current?.getBoundingClientRect();
      if (!frame || !box || box.width === 0) return;
      const style = `position:fixed;left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px;border:0;margin:0;padding:0;z-index:2147483647;visibility:visible;display:block`;
      if (style !== last) frame.style.cssText = last = style;
      frame.removeAttribute('aria-hidden');
      frame.tabIndex = 0;
      if (!told) {
        told = true;
        placed.current();
      }
    };
    place();
    return () => {
      cancelAnimationFrame(tick);
      if (!frame) return;
      frame.style.cssText = HIDDEN;
      last = '';
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
    };
  }, []);
  return <div ref={slot} data-latch-frame-slot="" style={{ height: props.height, flex: 'none' }} />;
}
