/** The 0x-hex of a string's UTF-8 bytes: how personal_sign carries a text message. */
export function utf8ToHex(text: string): `0x${string}` {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex as `0x${string}`;
}
