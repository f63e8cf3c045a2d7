/** What the mail sink shows of one email. */
interface ReadableMail {
  subject: string;
  /** The text/plain part, decoded; empty when the email has none. */
  text: string;
}

type Headers = Map<string, string>;

/** The header block and the body of a MIME entity; header names lower-cased, folded lines unfolded. */
function splitEntity(raw: string): { headers: Headers; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: Headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A parameter of a structured header (`charset`, `boundary`), quoted or not. */
function headerParam(value: string | undefined, name: string): string | undefined {
  const match = value?.match(new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i'));
  return match?.[1];
}

const decoderFor = (charset: string | undefined) => {
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
};

/** Quoted-printable (RFC 2045 §6.7) to bytes: soft line breaks dropped, `=XX` to the byte. */
function quotedPrintableBytes(text: string): Uint8Array {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
  }
  return Uint8Array.from(bytes);
}

/** A body in its Content-Transfer-Encoding, as text in its charset. */
function decodeBody(body: string, encoding: string | undefined, charset: string | undefined): string {
  const kind = encoding?.toLowerCase();
  if (kind === 'base64') return decoderFor(charset).decode(Buffer.from(body.replace(/\s+/g, ''), 'base64'));
  if (kind === 'quoted-printable') return decoderFor(charset).decode(quotedPrintableBytes(body));
  return body;
}

/** A header with RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded; blanks between words dropped. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? decoderFor(charset).decode(Buffer.from(data, 'base64'))
        : decoderFor(charset).decode(quotedPrintableBytes(data.replace(/_/g, ' '))),
    );
}

/** The first text/plain part of an entity, decoded, or undefined. */
function plainText(raw: string, depth = 0): string | undefined {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = headerParam(type, 'boundary');
  if (/^multipart\//i.test(type) && boundary && depth < 5) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const text = plainText(part.replace(/^\r?\n/, ''), depth + 1);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (!/^text\/plain/i.test(type)) return undefined;
  return decodeBody(body, headers.get('content-transfer-encoding'), headerParam(type, 'charset'));
}

/** The subject and plain text of a raw RFC 5322 message, as nodemailer and most mailers write them. */
export function readMail(raw: string): ReadableMail {
  const { headers } = splitEntity(raw);
  return {
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text: (plainText(raw) ?? '').replace(/\r\n/g, '\n').trimEnd(),
  };
}
