/** Where the bridge posts requests: the frame's window. */
export interface FrameTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** A message as the host window receives it. */
export interface HostMessage {
  data: unknown;
  origin: string;
  source: unknown;
}

/** The host page's side of the frame: mounting it and hearing its messages (a fake in tests). */
export interface FrameHost {
  /** Adds the hidden frame loading `src`; returns its window and a way to remove it. */
  mountFrame(src: string): { target: FrameTarget; remove(): void };
  /** Listens to the host window's `message` events; returns the unsubscribe function. */
  listen(listener: (message: HostMessage) => void): () => void;
}

/**
 * The hidden frame's style: a 0×0 viewport, so the frame shows no confirmation and refuses what needs one
 * (approval_not_visible); the widget places it over its screen while the user decides (docs/custody.md).
 */
const HIDDEN_FRAME_STYLE = 'position:absolute;left:0;top:0;width:0;height:0;border:0;visibility:hidden';

/** The wallet frame's title: how the widget (and a host without it) finds the frame to place it (docs/custody.md). */
const WALLET_FRAME_TITLE = 'Latch embedded wallet';

/** The browser FrameHost: a hidden, inert-to-layout iframe appended to `document.body`. */
export function browserFrameHost(): FrameHost {
  return {
    mountFrame(src) {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = WALLET_FRAME_TITLE;
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      frame.style.cssText = HIDDEN_FRAME_STYLE;
      document.body.appendChild(frame);
      const target = frame.contentWindow;
      if (!target) throw new Error('The wallet frame has no window.');
      return { target, remove: () => frame.remove() };
    },
    listen(listener) {
      const handler = (event: MessageEvent) => listener(event);
      window.addEventListener('message', handler);
      return () => window.removeEventListener('message', handler);
    },
  };
}
