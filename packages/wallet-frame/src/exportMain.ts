// The export page's script: reads the server-rendered config and its own query, then boots.
import { readFrameConfig } from '@latch/protocol/frame';
import type { BootWindow } from './bootFrame.js';
import { bootExportPage, exportParamsFrom } from './export/exportPage.js';
import { exportThemeFrom } from './export/exportTheme.js';
import { renderExportView } from './export/exportView.js';
import { EXPORT_PAGE_TEXT_ES, exportPageText } from './frameTexts.js';

const config = readFrameConfig(document);
const params = exportParamsFrom(location.search);
if (config && params) {
  const query = new URLSearchParams(location.search);
  const text = exportPageText(query.get('locale'));
  if (text === EXPORT_PAGE_TEXT_ES) document.documentElement.lang = 'es';
  const view = renderExportView(
    document,
    exportThemeFrom((name) => query.get(name)),
    params.width,
    text,
  );
  // A refusal leaves the page silent: no listener, no ready announcement, no key.
  void bootExportPage(window as unknown as BootWindow, config, params, view).then((started) => {
    if (typeof started === 'string') view.showError(text.error);
  });
}
