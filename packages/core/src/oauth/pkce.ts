/** RFC 4648 §5 base64url without padding (RFC 7636 Appendix A). */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes in base64url (43 characters): a PKCE code verifier or an OAuth state code. */
export function randomCode(): string {
  return base64url(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/** RFC 7636 §4.2 S256: BASE64URL(SHA-256(ASCII(code_verifier))), with WebCrypto. */
export async function codeChallengeOf(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** A fresh PKCE pair: the verifier the browser keeps and the challenge `init` sends. */
export async function createPkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomCode();
  return { verifier, challenge: await codeChallengeOf(verifier) };
}
