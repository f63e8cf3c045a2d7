// The export page's script: reads the server-rendered config and its own query, then boots.
import type { BootWindow, FrameConfig } from './bootFrame.js';
import { bootExportPage, exportParamsFrom } from './export/exportPage.js';
import { exportThemeFrom } from './export/exportTheme.js';
import { renderExportView } from './export/exportView.js';
import { EXPORT_PAGE_TEXT } from './frameTexts.js';

function readConfig(): FrameConfig | null {
  const text = document.getElementById('latch-frame-config')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FrameConfig;
  } catch {
    return null;
  }
}

const config = readConfig();
const params = exportParamsFrom(location.search);
if (config && params) {
  const query = new URLSearchParams(location.search);
  const view = renderExportView(
    document,
    exportThemeFrom((name) => query.get(name)),
    params.width,
  );
  // A refusal leaves the page silent: no listener, no ready announcement, no key.
  void bootExportPage(window as unknown as BootWindow, config, params, view).then((started) => {
    if (typeof started === 'string') view.showError(EXPORT_PAGE_TEXT.error);
  });
}
