import { LatchError } from '@latch/protocol';
import type { ApprovalDisplay } from '@latch/protocol/schemas';
import { type GateClock, systemClock, whenViewportShows } from '../approval/frameViewport.js';
import type { ImportText } from '../frameTexts.js';

/** What the import form shows: its texts and the widget's colours (`#rrggbb` display hints). */
export interface ImportFormContent {
  text: ImportText;
  theme?: ApprovalDisplay['theme'];
}

/** The form on screen: `error` shows a text under the field (and enables it again); `remove` takes it away. */
export interface ShownImportForm {
  error(text: string): void;
  remove(): void;
}

/** The frame page's side of the import form: its viewport and its document (a fake in unit tests). */
export interface ImportSurface {
  viewport(): { width: number; height: number };
  /** Calls `listener` on every resize of the frame's viewport; returns the unsubscribe. */
  onResize(listener: () => void): () => void;
  /** Shows the form; `submit` gets the typed text (never sent anywhere by the surface), `cancel` the Cancel button. */
  showImport(content: ImportFormContent, submit: (typed: string) => void, cancel: () => void): ShownImportForm;
}

/** The frame's import prompt: `ask` resolves with what `accept` returned for a typed key it took. */
export interface ImportPrompt {
  /**
   * Shows the form (once the widget placed the frame) and calls `accept(typed)` on each submit: a text it
   * resolves to is shown and the form stays; a value ends the prompt with it; a throw ends it with the error.
   */
  ask<T>(content: ImportFormContent, accept: (typed: string) => Promise<{ value: T } | { retry: string }>): Promise<T>;
  /** Rejects an open prompt (latch:wallet:clear). */
  clear(): void;
}

/**
 * Creates the prompt over `surface`, with the confirmation's visibility rules (approvalGate.ts): a frame too small
 * to show the form (the widget's hidden 0×0 frame: a host script posting to it) is refused with
 * `approval_not_visible` after APPROVAL.viewportWaitMs; a frame emptied to 0×0 while the form is open (the widget
 * closed its screen), Cancel and a newer prompt reject with `approval_rejected`.
 */
export function createImportPrompt(surface: ImportSurface, clock: GateClock = systemClock): ImportPrompt {
  let open: { reject(error: unknown): void } | null = null;
  const whenBigEnough = () => whenViewportShows(surface, clock);

  return {
    async ask(content, accept) {
      await whenBigEnough();
      open?.reject(new LatchError('approval_rejected'));
      return new Promise((resolve, reject) => {
        let busy = false;
        const finish = (outcome: () => void) => {
          if (open !== entry) return;
          open = null;
          stopResize();
          form.remove();
          outcome();
        };
        const entry = { reject: (error: unknown) => finish(() => reject(error)) };
        open = entry;
        const stopResize = surface.onResize(() => {
          const { width, height } = surface.viewport();
          if (width === 0 || height === 0) entry.reject(new LatchError('approval_rejected'));
        });
        const form = surface.showImport(
          content,
          (typed) => {
            if (busy || open !== entry) return;
            busy = true;
            accept(typed).then(
              (answer) => {
                busy = false;
                if ('retry' in answer) form.error(answer.retry);
                else finish(() => resolve(answer.value));
              },
              (error: unknown) => finish(() => reject(error)),
            );
          },
          () => entry.reject(new LatchError('approval_rejected')),
        );
      });
    },
    clear() {
      open?.reject(new LatchError('approval_rejected'));
    },
  };
}
