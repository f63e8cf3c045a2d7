/**
 * The widget's one stylesheet. Every selector sits under [data-latch-root]; colours come from
 * custom properties (theme.ts sets the accent ones from the app config). Kept as a string so any
 * bundler ships it without a CSS loader (see docs/widget.md).
 */
export const WIDGET_CSS = `
[data-latch-root]{--latch-bg:#ffffff;--latch-fg:#111827;--latch-muted:#5b6170;--latch-border:#e2e4e9;--latch-surface:#f3f4f6;--latch-error:#c81e1e;--latch-success:#13804a;--latch-radius:12px;--latch-font:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color-scheme:light;box-sizing:border-box;font-family:var(--latch-font);font-size:15px;line-height:1.4;color:var(--latch-fg);background:var(--latch-bg);text-align:left}
[data-latch-root][data-latch-theme=dark]{--latch-bg:#18181b;--latch-fg:#f4f4f5;--latch-muted:#a1a1aa;--latch-border:#3f3f46;--latch-surface:#27272a;--latch-error:#f87171;--latch-success:#4ade80;color-scheme:dark}
[data-latch-root] *,[data-latch-root] *::before,[data-latch-root] *::after{box-sizing:border-box}
dialog[data-latch-root]{border:none;padding:0;margin:auto;width:360px;max-width:calc(100vw - 32px);max-height:calc(100dvh - 32px);border-radius:16px;box-shadow:0 20px 50px rgba(0,0,0,.25);overflow:auto}
dialog[data-latch-root]:focus{outline:none}
dialog[data-latch-root]::backdrop{background:rgba(15,17,23,.45)}
@media (max-width:439.98px){dialog[data-latch-root]{width:100vw;max-width:100vw;margin:auto 0 0;border-radius:16px 16px 0 0;max-height:100dvh}}
[data-latch-root].latch-embed{width:100%;max-width:360px;border:1px solid var(--latch-border);border-radius:16px}
[data-latch-root] .latch-screen{display:flex;flex-direction:column;gap:12px;padding:12px 20px 20px;min-height:200px}
[data-latch-root] .latch-topbar{display:flex;justify-content:space-between;align-items:center;min-height:36px;margin:0 -8px}
[data-latch-root] .latch-icon-button{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border:none;border-radius:8px;background:transparent;color:var(--latch-fg);cursor:pointer;font:inherit;font-size:20px;line-height:1}
[data-latch-root] .latch-icon-button:hover{background:var(--latch-surface)}
[data-latch-root] .latch-logo{display:block;max-height:64px;max-width:180px;margin:0 auto;object-fit:contain}
[data-latch-root] .latch-title{margin:0;font-size:18px;font-weight:600;text-align:center}
[data-latch-root] .latch-text{margin:0;color:var(--latch-muted);text-align:center}
[data-latch-root] .latch-text strong{color:var(--latch-fg);font-weight:600;overflow-wrap:anywhere}
[data-latch-root] .latch-list{display:flex;flex-direction:column;gap:10px;max-height:400px;overflow-y:auto;padding:2px}
[data-latch-root] .latch-button{display:flex;align-items:center;justify-content:center;gap:8px;width:100%;min-height:48px;padding:10px 16px;border-radius:var(--latch-radius);border:1px solid var(--latch-border);background:var(--latch-bg);color:var(--latch-fg);font:inherit;font-weight:500;cursor:pointer;text-decoration:none}
[data-latch-root] .latch-button:hover:not(:disabled){background:var(--latch-surface)}
[data-latch-root] .latch-button[data-variant=primary]{background:var(--latch-accent-fill);border-color:var(--latch-accent-fill);color:var(--latch-accent-contrast)}
[data-latch-root] .latch-button[data-variant=primary]:hover:not(:disabled){filter:brightness(1.08);background:var(--latch-accent-fill)}
[data-latch-root] .latch-button:disabled{cursor:not-allowed;opacity:.6}
[data-latch-root] .latch-button[data-variant=primary]:disabled{opacity:1;background:var(--latch-surface);border-color:var(--latch-border);color:var(--latch-muted)}
[data-latch-root] .latch-button .latch-soon{margin-left:auto;font-size:12px;color:var(--latch-muted);font-weight:400}
[data-latch-root] .latch-link{border:none;background:none;padding:0;font:inherit;color:var(--latch-accent-text);text-decoration:underline;cursor:pointer}
[data-latch-root] .latch-field{display:flex;gap:6px;align-items:stretch;border:1px solid var(--latch-border);border-radius:var(--latch-radius);padding:4px 4px 4px 10px;background:var(--latch-bg)}
[data-latch-root] .latch-field:focus-within{border-color:var(--latch-accent);box-shadow:0 0 0 3px var(--latch-accent-soft)}
[data-latch-root] .latch-field input,[data-latch-root] .latch-field select{flex:1;min-width:0;border:none;outline:none;background:transparent;color:var(--latch-fg);font:inherit}
[data-latch-root] .latch-field select{flex:0 0 auto;width:72px;padding-right:2px;border-right:1px solid var(--latch-border)}
[data-latch-root] .latch-field select+label+input{padding-left:8px}
[data-latch-root] .latch-field .latch-button{width:auto;min-height:38px;padding:6px 12px}
[data-latch-root] .latch-code{display:flex;justify-content:center;gap:8px}
[data-latch-root] .latch-code input{width:44px;height:52px;border:1px solid var(--latch-border);border-radius:10px;text-align:center;font:inherit;font-size:22px;font-weight:600;background:var(--latch-bg);color:var(--latch-fg)}
[data-latch-root] .latch-code input:focus{outline:none;border-color:var(--latch-accent);box-shadow:0 0 0 3px var(--latch-accent-soft)}
[data-latch-root] .latch-code[data-state=error] input{border-color:var(--latch-error)}
[data-latch-root] .latch-code[data-state=success] input{border-color:var(--latch-success)}
[data-latch-root] .latch-status{min-height:20px;margin:0;text-align:center;font-size:14px;color:var(--latch-muted)}
[data-latch-root] .latch-status[data-tone=error]{color:var(--latch-error)}
[data-latch-root] .latch-status[data-tone=success]{color:var(--latch-success);font-weight:600}
[data-latch-root] .latch-consent{margin:4px 0 0;font-size:13px;color:var(--latch-muted);text-align:center}
[data-latch-root] .latch-consent a,[data-latch-root] .latch-text a{color:var(--latch-accent-text)}
[data-latch-root] .latch-actions{display:flex;gap:10px}
[data-latch-root] .latch-actions>*{flex:1}
[data-latch-root] .latch-spinner{width:40px;height:40px;margin:24px auto;border:4px solid var(--latch-accent-soft);border-top-color:var(--latch-accent);border-radius:50%;animation:latch-spin .8s linear infinite}
[data-latch-root] .latch-center{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;flex:1}
[data-latch-root] .latch-badge{display:flex;align-items:center;justify-content:center;width:56px;height:56px;margin:0 auto;border-radius:50%;background:var(--latch-accent-soft);color:var(--latch-accent-text);font-size:26px;font-weight:700}
[data-latch-root] .latch-badge[data-tone=error]{background:rgba(220,38,38,.12);color:var(--latch-error)}
[data-latch-root] .latch-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
[data-latch-root] :focus-visible{outline:2px solid var(--latch-accent);outline-offset:2px}
@keyframes latch-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){[data-latch-root] .latch-spinner{animation-duration:2.4s}}
`;
