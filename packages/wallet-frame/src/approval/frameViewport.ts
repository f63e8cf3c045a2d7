import { APPROVAL, LatchError } from '@latch/protocol';

/** Timers and clock of the gate and the import prompt (injected in tests). */
export interface GateClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The frame page's viewport, as the confirmation and the import form see it. */
export interface FrameViewport {
  viewport(): { width: number; height: number };
  /** Calls `listener` on every resize of the frame's viewport; returns the unsubscribe. */
  onResize(listener: () => void): () => void;
}

/** The browser's clock. */
export const systemClock: GateClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Whether the frame is big enough to show a confirmation or the import form (the widget's hidden frame is 0×0). */
export function viewportShows(surface: FrameViewport): boolean {
  const { width, height } = surface.viewport();
  return width >= APPROVAL.minViewport.width && height >= APPROVAL.minViewport.height;
}

/**
 * Resolves once the frame is big enough; `approval_not_visible` after APPROVAL.viewportWaitMs. The widget places
 * the frame, then posts: the new size may reach the frame's process a moment later.
 */
export function whenViewportShows(surface: FrameViewport, clock: GateClock): Promise<void> {
  if (viewportShows(surface)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const stop = surface.onResize(() => {
      if (!viewportShows(surface)) return;
      stop();
      clock.clearTimeout(timer);
      resolve();
    });
    const timer = clock.setTimeout(() => {
      stop();
      reject(new LatchError('approval_not_visible'));
    }, APPROVAL.viewportWaitMs);
  });
}
