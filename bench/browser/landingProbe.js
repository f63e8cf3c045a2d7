// Runs in the page before any of its scripts (Playwright init script). It watches the DOM and
// records, in ms from navigation start (performance.now()):
//   buttonMs  — the animation frame in which the host's "Log in" button is first rendered and enabled;
//             at that frame it clicks the button, as a user who clicks at once would;
//   landingMs — the animation frame in which the modal's email input is rendered, enabled and takes focus.
// The result lands in window.__latchLandingProbe.
(() => {
  const result = {};
  let stage = 'button';
  const rendered = (element) => element && !element.disabled && element.getClientRects().length > 0;
  const loginButton = () =>
    [...document.querySelectorAll('button')].find(
      (button) => button.textContent.trim() === 'Log in' && rendered(button),
    );
  const landingInput = () => {
    const input = document.querySelector('dialog[open] input[type="email"], [role="dialog"] input[type="email"]');
    return rendered(input) ? input : null;
  };
  const observer = new MutationObserver(() => check());
  function check() {
    if (stage === 'button') {
      const button = loginButton();
      if (!button) return;
      stage = 'button-frame';
      requestAnimationFrame(() => {
        result.buttonMs = performance.now();
        // Where the time went: the page's own scripts, then the app-config request.
        result.domContentLoadedMs = performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd;
        const config = performance
          .getEntriesByType('resource')
          .find((entry) => /\/api\/v1\/apps\/[^/]+$/.test(new URL(entry.name).pathname));
        result.configStartMs = config?.startTime;
        result.configEndMs = config?.responseEnd;
        stage = 'landing';
        button.click();
        result.clickedMs = performance.now();
        check();
      });
    } else if (stage === 'landing') {
      const input = landingInput();
      if (!input) return;
      stage = 'landing-frame';
      requestAnimationFrame(() => {
        input.focus();
        result.landingMs = performance.now();
        result.focused = document.activeElement === input;
        stage = 'done';
        observer.disconnect();
        window.__latchLandingProbe = result;
      });
    }
  }
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();
