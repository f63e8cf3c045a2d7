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

/** The browser FrameHost: a hidden, inert-to-layout iframe appended to `document.body`. */
export function browserFrameHost(): FrameHost {
  return {
    mountFrame(src) {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'Latch embedded wallet';
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      frame.style.cssText = 'display:none;position:absolute;width:0;height:0;border:0';
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
