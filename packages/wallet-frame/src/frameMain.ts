// The wallet frame page's script: reads the config the server rendered as JSON data and boots.
import { type BootWindow, bootFrame, type FrameConfig } from './bootFrame.js';

/** The id of the `<script type="application/json">` element holding the FrameConfig. */
export const FRAME_CONFIG_ELEMENT_ID = 'latch-frame-config';

function readConfig(): FrameConfig | null {
  const text = document.getElementById(FRAME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FrameConfig;
  } catch {
    return null;
  }
}

const config = readConfig();
if (config) {
  // A refusal leaves the frame silent: no listener, no ready announcement.
  void bootFrame(window as unknown as BootWindow, config);
}
