// The wallet frame page's script: reads the config the server rendered as JSON data and boots.
import { readFrameConfig } from '@latch/protocol/frame';
import { documentSurface } from './approval/confirmationView.js';
import { type BootWindow, bootFrame } from './bootFrame.js';
import { documentImportSurface } from './import/importView.js';

const config = readFrameConfig(document);
if (config) {
  // A refusal leaves the frame silent: no listener, no ready announcement.
  void bootFrame(window as unknown as BootWindow, config, documentSurface(window), documentImportSurface(window));
}
