import type { SocialMethod } from '@latch/core';
import type { ReactNode } from 'react';
import { injectSocialStyles } from '../styles/socialCss.js';

// Each provider's mark, drawn small for this widget (24×24, a few shapes each) in the provider's colour;
// black-and-white marks (Apple, Twitter, GitHub, TikTok) use the text colour so they follow the theme.
// They are decorative: the button or screen around them names the provider.
const MARKS: Record<SocialMethod, ReactNode> = {
  google: (
    <g fill="none" strokeWidth="4">
      <path d="M19.8 10.2A8 8 0 0 0 6.3 6.4" stroke="#EA4335" />
      <path d="M6.3 6.4a8 8 0 0 0 0 11.2" stroke="#FBBC05" />
      <path d="M6.3 17.6a8 8 0 0 0 11.9-.6" stroke="#34A853" />
      <path d="M18.2 17a8 8 0 0 0 1.8-5H12" stroke="#4285F4" />
    </g>
  ),
  apple: (
    <g fill="currentColor">
      <path d="M12 7.4c-1.6-1-4.1-1-5.6.9-1.6 2-1.2 6 .9 9.3 1.1 1.7 2.3 2.8 3.6 2.2.7-.3 1.5-.3 2.2 0 1.3.6 2.5-.5 3.6-2.2.5-.8.9-1.6 1.2-2.3-2-1-2.4-4.1-.3-5.6-1.6-2.2-4-2.4-5.6-2.3z" />
      <path d="M12.1 6.3c0-1.8 1.3-3.3 3-3.5.2 1.8-1.3 3.4-3 3.5z" />
    </g>
  ),
  twitter: (
    <g stroke="currentColor" strokeLinecap="round">
      <path d="M5 4h3.5L19 20h-3.5z" fill="currentColor" strokeWidth="1" strokeLinejoin="round" />
      <path d="M19 4l-5.8 6.8M10.8 13.2 5 20" strokeWidth="1.8" />
    </g>
  ),
  discord: (
    <g>
      <path
        d="M7 5.5c1.4-.7 2.8-1 4-1.1l.5 1a12 12 0 0 1 1 0l.5-1c1.2.1 2.6.4 4 1.1 2.2 3.3 3 6.7 2.8 10.1-1.6 1.3-3.3 2-4.8 2.4l-1-1.6c.6-.2 1.2-.5 1.7-.8-3 1.4-6.4 1.4-9.4 0 .5.3 1.1.6 1.7.8l-1 1.6c-1.5-.4-3.2-1.1-4.8-2.4-.2-3.4.6-6.8 2.8-10.1z"
        fill="#5865F2"
      />
      <ellipse cx="9.4" cy="12.2" rx="1.5" ry="1.7" fill="#fff" />
      <ellipse cx="14.6" cy="12.2" rx="1.5" ry="1.7" fill="#fff" />
    </g>
  ),
  github: (
    <path
      fill="currentColor"
      d="M12 2.5a9.5 9.5 0 0 0-3 18.5c.5.1.7-.2.7-.5v-1.7c-2.7.6-3.2-1.2-3.2-1.2-.5-1.1-1.1-1.4-1.1-1.4-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.3 1.1 2.9.8.1-.6.3-1.1.6-1.3-2.1-.2-4.3-1-4.3-4.7 0-1 .4-1.9 1-2.6-.1-.2-.4-1.2.1-2.5 0 0 .8-.3 2.6 1a9 9 0 0 1 4.8 0c1.8-1.3 2.6-1 2.6-1 .5 1.3.2 2.3.1 2.5.6.7 1 1.6 1 2.6 0 3.7-2.2 4.5-4.3 4.7.3.3.6.8.6 1.6v2.4c0 .3.2.6.7.5A9.5 9.5 0 0 0 12 2.5z"
    />
  ),
  spotify: (
    <g>
      <circle cx="12" cy="12" r="10" fill="#1DB954" />
      <g fill="none" stroke="#000" strokeLinecap="round">
        <path d="M6.5 9.3c3.6-1.1 7.8-.8 11 1" strokeWidth="1.9" />
        <path d="M7.2 12.5c3-.9 6.3-.6 9 .9" strokeWidth="1.6" />
        <path d="M7.8 15.5c2.4-.6 4.9-.4 7 .7" strokeWidth="1.3" />
      </g>
    </g>
  ),
  instagram: (
    <g fill="none" stroke="#E4405F" strokeWidth="2">
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r=".6" fill="#E4405F" stroke="none" />
    </g>
  ),
  tiktok: (
    <g fill="none" strokeWidth="2.6" strokeLinecap="round">
      <path
        d="M13.2 3.5v11.7a3.2 3.2 0 1 1-3.2-3.2M13.2 3.5c.4 2.4 2 4 4.6 4.2"
        stroke="#25F4EE"
        transform="translate(-.8 -.6)"
      />
      <path
        d="M13.2 3.5v11.7a3.2 3.2 0 1 1-3.2-3.2M13.2 3.5c.4 2.4 2 4 4.6 4.2"
        stroke="#FE2C55"
        transform="translate(.8 .6)"
      />
      <path d="M13.2 3.5v11.7a3.2 3.2 0 1 1-3.2-3.2M13.2 3.5c.4 2.4 2 4 4.6 4.2" stroke="currentColor" />
    </g>
  ),
  linkedin: (
    <g>
      <rect x="2.5" y="2.5" width="19" height="19" rx="3" fill="#0A66C2" />
      <g fill="#fff">
        <rect x="6" y="10" width="2.6" height="8" />
        <circle cx="7.3" cy="7" r="1.5" />
        <path d="M10.6 10h2.5v1.1c.5-.8 1.4-1.3 2.6-1.3 2 0 3 1.2 3 3.6V18h-2.6v-4.2c0-1.1-.4-1.7-1.3-1.7s-1.6.6-1.6 1.7V18h-2.6z" />
      </g>
    </g>
  ),
  telegram: (
    <g>
      <circle cx="12" cy="12" r="10" fill="#26A5E4" />
      <path
        d="M6.2 11.8l10-4c.5-.2.9.1.8.8l-1.7 8c-.1.6-.5.7-1 .4l-2.6-1.9-1.3 1.2c-.1.2-.3.3-.6.3l.2-2.7 4.9-4.4c.2-.2 0-.3-.3-.1l-6 3.8-2.6-.8c-.6-.2-.6-.6.2-.6z"
        fill="#fff"
      />
    </g>
  ),
  // Farcaster's arch on its purple tile.
  farcaster: (
    <g>
      <rect x="2" y="2" width="20" height="20" rx="5" fill="#855DCD" />
      <path d="M7 6.5h10v11h-1.8v-5a3.2 3.2 0 0 0-6.4 0v5H7z" fill="#fff" />
      <path d="M5.8 8.3h12.4M5.8 17.5h2.8M15.4 17.5h2.8" stroke="#fff" strokeWidth="1.2" strokeLinecap="round" />
    </g>
  ),
};

/** A provider's mark (decorative: `aria-hidden`), `size` pixels square. */
export function SocialMark({ method, size = 20 }: { method: SocialMethod; size?: number }): ReactNode {
  // Every social button and screen draws a mark: their styles are adopted here too (once), since a host build that
  // honours the package's `sideEffects: false` drops the social chunk's top-level call (the screens came unstyled).
  injectSocialStyles();
  return (
    <svg
      className="latch-social-mark"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      {MARKS[method]}
    </svg>
  );
}
