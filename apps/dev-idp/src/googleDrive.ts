import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http.js';

/** The Drive stand-in as its clients see it (docs/cloud-backup.md: LATCH_GOOGLE_DRIVE_API_URL). */
export interface DevGoogleDrive {
  /** Stands in for https://www.googleapis.com: `/drive/v3/files…` and `/upload/drive/v3/files`. */
  apiUrl: string;
  /** Deletes every appDataFolder file of the Google account with this email (a user who deleted the backup), or all. */
  deleteFiles(email?: string): void;
  /** The names of the appDataFolder files of the Google account with this email. */
  fileNames(email: string): string[];
}

/** What an access token of the Google stand-in grants (its `AccessToken.find`), or null when it is not valid. */
export type GoogleTokenLookup = (token: string) => Promise<{ accountId: string; scopes: string[] } | null>;

interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  createdTime: string;
  content: Buffer;
}

const APPDATA_SCOPE = 'https://www.googleapis.com/auth/drive.appdata';
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
};
const NOT_REAL = 'Latch dev stand-in for the Google Drive v3 API (appDataFolder only). This is not Google Drive.';

/** Drive's error body (developers.google.com/drive/api/guides/handle-errors). */
function driveError(res: ServerResponse, code: number, reason: string, message: string): void {
  sendJson(res, code, { error: { code, message, errors: [{ domain: 'global', reason, message }] } }, CORS);
}

// `name = '…'` with an optional `and trashed = false`: the only queries the backup makes.
const NAME_QUERY = /^name\s*=\s*'((?:[^'\\]|\\.)*)'(?:\s+and\s+trashed\s*=\s*false)?$/;

/**
 * A loopback stand-in for the Google Drive v3 endpoints a cloud backup uses, in the hidden appDataFolder
 * (developers.google.com/drive/api/guides/appdata): files.list (`spaces=appDataFolder`, `q=name = '…'`), files.get
 * (metadata, or `alt=media`), files.create (`uploadType=multipart`, multipart/related) and files.delete, each
 * authorised by an access token of the Google OAuth stand-in with the `drive.appdata` scope. Not Google Drive.
 */
export class GoogleDriveStandIn implements DevGoogleDrive {
  readonly apiUrl: string;
  private readonly accounts = new Map<string, Map<string, DriveFile>>();

  constructor(
    baseUrl: string,
    private readonly lookup: GoogleTokenLookup,
    private readonly subjectFor: (email: string) => string,
  ) {
    this.apiUrl = `${baseUrl}/googleapis`;
  }

  deleteFiles(email?: string): void {
    if (email === undefined) this.accounts.clear();
    else this.accounts.delete(this.subjectFor(email));
  }

  fileNames(email: string): string[] {
    return [...(this.accounts.get(this.subjectFor(email))?.values() ?? [])].map((f) => f.name);
  }

  /** Handles `/googleapis/…` (`path` without the prefix). */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, search: URLSearchParams): Promise<void> {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      return void res.end();
    }
    if (path === '/') return sendJson(res, 200, { service: NOT_REAL }, CORS);
    // The tests' way to lose a backup (as a user deleting the app's data in Drive's settings would).
    if (path === '/standin/delete' && req.method === 'POST') {
      const email = new URLSearchParams(await readBody(req)).get('email');
      this.deleteFiles(email ?? undefined);
      return sendJson(res, 200, { deleted: true, note: NOT_REAL }, CORS);
    }
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const grant = bearer ? await this.lookup(bearer) : null;
    if (!grant) return driveError(res, 401, 'authError', 'Request had invalid authentication credentials.');
    if (!grant.scopes.includes(APPDATA_SCOPE)) {
      return driveError(res, 403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');
    }
    const files = this.accounts.get(grant.accountId) ?? new Map<string, DriveFile>();
    this.accounts.set(grant.accountId, files);
    if (path === '/upload/drive/v3/files' && req.method === 'POST') return this.create(req, res, files, search);
    if (path === '/drive/v3/files' && req.method === 'GET') return this.list(res, files, search);
    const id = /^\/drive\/v3\/files\/([^/]+)$/.exec(path)?.[1];
    const file = id ? files.get(decodeURIComponent(id)) : undefined;
    if (!id) return driveError(res, 404, 'notFound', 'Not found.');
    if (!file) return driveError(res, 404, 'notFound', `File not found: ${decodeURIComponent(id)}.`);
    if (req.method === 'DELETE') {
      files.delete(file.id);
      res.writeHead(204, CORS);
      return void res.end();
    }
    if (req.method !== 'GET') return driveError(res, 405, 'methodNotAllowed', 'Method not allowed.');
    if (search.get('alt') === 'media') {
      res.writeHead(200, { ...CORS, 'content-type': file.mimeType, 'content-length': file.content.length });
      return void res.end(file.content);
    }
    return sendJson(res, 200, metadata(file), CORS);
  }

  private list(res: ServerResponse, files: Map<string, DriveFile>, search: URLSearchParams) {
    if (search.get('spaces') !== 'appDataFolder') {
      return driveError(res, 403, 'insufficientPermissions', 'The granted scopes give access to appDataFolder only.');
    }
    const q = search.get('q')?.trim();
    const match = q ? NAME_QUERY.exec(q) : null;
    if (q && !match) return driveError(res, 400, 'invalid', 'Invalid Value (the stand-in knows name = only).');
    const name = match?.[1]?.replace(/\\(.)/g, '$1');
    const found = [...files.values()].filter((f) => name === undefined || f.name === name);
    const desc = search.get('orderBy')?.trim() === 'createdTime desc';
    found.sort(
      (a, b) => (desc ? -1 : 1) * (a.createdTime < b.createdTime ? -1 : a.createdTime > b.createdTime ? 1 : 0),
    );
    sendJson(res, 200, { kind: 'drive#fileList', incompleteSearch: false, files: found.map(metadata) }, CORS);
  }

  private async create(
    req: IncomingMessage,
    res: ServerResponse,
    files: Map<string, DriveFile>,
    search: URLSearchParams,
  ): Promise<void> {
    const boundary = /boundary="?([^";]+)"?/.exec(req.headers['content-type'] ?? '')?.[1];
    if (search.get('uploadType') !== 'multipart' || !req.headers['content-type']?.startsWith('multipart/related')) {
      return driveError(res, 400, 'badContent', 'The stand-in takes uploadType=multipart (multipart/related) only.');
    }
    const parts = boundary ? multipart(await readBody(req), boundary) : [];
    let meta: { name?: unknown; parents?: unknown; mimeType?: unknown } = {};
    try {
      meta = JSON.parse(parts[0]?.body ?? '');
    } catch {
      return driveError(res, 400, 'parseError', 'The first part must be the file metadata as JSON.');
    }
    if (parts.length !== 2 || typeof meta.name !== 'string') {
      return driveError(res, 400, 'badContent', 'Expected metadata and media parts.');
    }
    if (!Array.isArray(meta.parents) || meta.parents.length !== 1 || meta.parents[0] !== 'appDataFolder') {
      return driveError(res, 403, 'insufficientPermissions', 'The granted scopes give access to appDataFolder only.');
    }
    // Distinct creation times keep `orderBy=createdTime desc` stable within a millisecond.
    const last = [...files.values()].reduce((t, f) => (f.createdTime > t ? f.createdTime : t), '');
    const now = new Date(Math.max(Date.now(), last ? Date.parse(last) + 1 : 0)).toISOString();
    const file: DriveFile = {
      id: randomBytes(24).toString('base64url'),
      name: meta.name,
      mimeType: typeof meta.mimeType === 'string' ? meta.mimeType : (parts[1]?.type ?? 'application/octet-stream'),
      createdTime: now,
      content: Buffer.from(parts[1]?.body ?? '', 'utf8'),
    };
    files.set(file.id, file);
    sendJson(res, 200, metadata(file), CORS);
  }
}

function metadata(file: DriveFile) {
  return { kind: 'drive#file', id: file.id, name: file.name, mimeType: file.mimeType, createdTime: file.createdTime };
}

/** The parts of a multipart/related body: each part's Content-Type and body. */
function multipart(body: string, boundary: string): Array<{ type: string | undefined; body: string }> {
  const out: Array<{ type: string | undefined; body: string }> = [];
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const at = chunk.indexOf('\r\n\r\n');
    if (at < 0) continue;
    const headers = chunk.slice(0, at);
    const type = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim();
    out.push({ type, body: chunk.slice(at + 4).replace(/\r\n$/, '') });
  }
  return out;
}
