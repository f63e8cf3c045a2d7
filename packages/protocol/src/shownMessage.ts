/**
 * A personal_sign message as the widget's sign request screen and the frame's confirmation both show it: hex
 * that is readable UTF-8 text is shown as that text (as wallets do), anything else as given.
 */
export function shownMessage(message: string): string {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(message)) return message;
  const bytes = new Uint8Array(message.length / 2 - 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(message.slice(2 + i * 2, 4 + i * 2), 16);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // Control characters other than whitespace mean binary data: keep the hex.
    const binary = [...text].some((c) => {
      const code = c.charCodeAt(0);
      return code < 0x09 || (code > 0x0d && code < 0x20) || code === 0x7f;
    });
    return binary ? message : text;
  } catch {
    return message;
  }
}
