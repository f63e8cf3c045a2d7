import { APPROVAL, LatchError } from '@latch/protocol';
import type { ConfirmationContent } from './confirmationContent.js';
import { type GateClock, systemClock, viewportShows, whenViewportShows } from './frameViewport.js';

export type { GateClock } from './frameViewport.js';

/** A click as the gate judges it: only the browser sets `isTrusted` (a script's dispatched click is false). */
export interface ConfirmationClick {
  isTrusted: boolean;
}

/** A confirmation on screen. */
export interface ShownConfirmation {
  /** IntersectionObserver v2's latest `isVisible` for the confirmation; undefined where the browser lacks v2. */
  visible(): boolean | undefined;
  /** Tells the user a click did not count yet (too early, or the frame was covered). */
  hint(): void;
  remove(): void;
}

/** The frame page's side of the confirmation: its viewport and its document (a fake in unit tests). */
export interface ConfirmationSurface {
  viewport(): { width: number; height: number };
  /** Calls `listener` on every resize of the frame's viewport; returns the unsubscribe. */
  onResize(listener: () => void): () => void;
  show(
    content: ConfirmationContent,
    onClick: (choice: 'confirm' | 'cancel', click: ConfirmationClick) => void,
  ): ShownConfirmation;
}

/** The frame's approval gate: `confirm` resolves once the user approved `content` with a click that counts. */
export interface ApprovalGate {
  /** Shows `content` and waits for the user's click; throws approval_not_visible or approval_rejected. */
  confirm(content: ConfirmationContent): Promise<void>;
  /** Rejects an open confirmation (latch:wallet:clear). */
  clear(): void;
}

const rejected = () => new LatchError('approval_rejected');

/**
 * Creates the gate over `surface`. A click approves only when it is trusted, the confirmation has been on
 * screen for APPROVAL.minVisibleMs, IntersectionObserver v2 (where the browser has it) says it is visible,
 * and the viewport still shows it. A viewport too small to show it (the widget's hidden 0×0 frame) refuses
 * with approval_not_visible; one emptied while it is open (the widget closed its screen) cancels it.
 */
export function createApprovalGate(surface: ConfirmationSurface, clock: GateClock = systemClock): ApprovalGate {
  let open: { reject(error: unknown): void } | null = null;
  const bigEnough = () => viewportShows(surface);
  const whenBigEnough = () => whenViewportShows(surface, clock);

  return {
    async confirm(content) {
      await whenBigEnough();
      // One confirmation at a time: a newer request replaces the open one, whose caller hears a rejection.
      open?.reject(rejected());
      await new Promise<void>((resolve, reject) => {
        let shown: ShownConfirmation | null = null;
        let stopResize: () => void = () => {};
        const finish = (error?: unknown) => {
          if (open !== entry) return;
          open = null;
          stopResize();
          shown?.remove();
          if (error) reject(error);
          else resolve();
        };
        const entry = { reject: (error: unknown) => finish(error) };
        open = entry;
        const shownAt = clock.now();
        // Only the widget's hidden 0×0 frame (its screen closed) cancels: a transient shrink (a window resize,
        // zoom, a full-page capture's relayout) leaves it open, and a click counts only once it is big enough.
        stopResize = surface.onResize(() => {
          const viewport = surface.viewport();
          if (viewport.width === 0 || viewport.height === 0) finish(rejected());
        });
        shown = surface.show(content, (choice, click) => {
          // A script inside this page is the only thing that could dispatch a click; it never counts.
          if (!click.isTrusted || open !== entry) return;
          if (choice === 'cancel') return finish(rejected());
          const seenLongEnough = clock.now() - shownAt >= APPROVAL.minVisibleMs;
          if (seenLongEnough && shown?.visible() !== false && bigEnough()) return finish();
          shown?.hint();
        });
      });
    },
    clear() {
      open?.reject(rejected());
    },
  };
}
