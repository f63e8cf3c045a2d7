/** What the frame can learn about who embeds it. */
export interface ParentClues {
  /** The app's allowed origins, as the server rendered them into the page. */
  allowedOrigins: readonly string[];
  /** `document.referrer` (the embedding page, or at least its origin). */
  referrer: string;
  /** `location.ancestorOrigins` where the browser has it (Chromium, Safari). */
  ancestorOrigins?: ArrayLike<string>;
}

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The exact parent origin the frame will answer, or null (then the frame answers no one). The
 * browser-reported ancestor wins over the referrer; either way it must be one of the app's allowed
 * origins — `frame-ancestors` already enforces this, this is the in-code second check (DESIGN §4).
 */
export function resolveParentOrigin(clues: ParentClues): string | null {
  const allowed = new Set(clues.allowedOrigins.map(originOf).filter((o): o is string => o !== null));
  const ancestor = clues.ancestorOrigins && clues.ancestorOrigins.length > 0 ? clues.ancestorOrigins[0] : undefined;
  const candidate = ancestor !== undefined ? originOf(ancestor) : originOf(clues.referrer);
  return candidate && allowed.has(candidate) ? candidate : null;
}
