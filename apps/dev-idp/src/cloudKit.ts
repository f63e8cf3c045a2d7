import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, readBody, sendHtml, sendJson } from './http.js';
import { page } from './pages.js';

/** The CloudKit stand-in as its clients see it (docs/cloud-backup.md: LATCH_CLOUDKIT_*). */
export interface DevCloudKit {
  /** Stands in for https://api.apple-cloudkit.com: LATCH_CLOUDKIT_API_URL. */
  apiUrl: string;
  container: string;
  environment: 'development';
  /** The container's API token (`ckAPIToken`): LATCH_CLOUDKIT_API_TOKEN. */
  apiToken: string;
  /** The sign-in callback ("URL Redirect" in CloudKit's dashboard): Latch's recovery OAuth callback. */
  setSignInCallback(url: string): void;
  /** The `userRecordName` the stand-in gives an Apple ID email. */
  userRecordNameFor(email: string): string;
  /** Deletes every record of a user's private database (a user who deleted the backup), or of everyone. */
  deleteRecords(userRecordName?: string): void;
  /** A web auth token for `email`, as the sign-in page would issue (tests that drive the API from Node). */
  signIn(email: string): string;
}

interface CkRecord {
  recordName: string;
  recordType: string;
  fields: Record<string, { value: unknown; type?: string }>;
  recordChangeTag: string;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
};

/**
 * A loopback stand-in for CloudKit web services (developer.apple.com/library/archive/documentation/DataManagement/
 * Conceptual/CloudKitWebServicesReference): `users/caller` (421 with a sign-in `redirectURL`, then the user), the
 * sign-in page (redirects to the configured callback with `ckWebAuthToken`), and the private database's
 * `records/modify` and `records/lookup`. Its pages say it is not iCloud.
 */
export class CloudKitStandIn implements DevCloudKit {
  readonly apiUrl: string;
  readonly container = 'iCloud.dev.latch.standin';
  readonly environment = 'development' as const;
  readonly apiToken = randomBytes(24).toString('hex');
  private callback: string;
  private readonly tokens = new Map<string, string>();
  private readonly databases = new Map<string, Map<string, CkRecord>>();

  constructor(baseUrl: string, callback: string) {
    this.apiUrl = `${baseUrl}/cloudkit`;
    this.callback = callback;
  }

  setSignInCallback(url: string): void {
    this.callback = url;
  }

  userRecordNameFor(email: string): string {
    return `_${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
  }

  deleteRecords(userRecordName?: string): void {
    if (userRecordName) this.databases.delete(userRecordName);
    else this.databases.clear();
  }

  signIn(email: string): string {
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, this.userRecordNameFor(email));
    return token;
  }

  /** Handles `/cloudkit/…` (`path` without the prefix). */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, search: URLSearchParams): Promise<void> {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      return void res.end();
    }
    if (path === '/signin') return this.signInPage(req, res);
    // The tests' way to lose a backup (a user deleting the app's iCloud data): the records of the Apple ID given.
    if (path === '/standin/delete' && req.method === 'POST') {
      const email = new URLSearchParams(await readBody(req)).get('email');
      this.deleteRecords(email ? this.userRecordNameFor(email) : undefined);
      return sendJson(res, 200, { deleted: true, note: 'Latch dev stand-in for CloudKit. This is not iCloud.' }, CORS);
    }
    const prefix = `/database/1/${this.container}/${this.environment}/`;
    if (!path.startsWith(prefix)) return sendJson(res, 404, { serverErrorCode: 'NOT_FOUND' }, CORS);
    if (search.get('ckAPIToken') !== this.apiToken) {
      return sendJson(res, 401, { serverErrorCode: 'AUTHENTICATION_FAILED', reason: 'Unknown API token' }, CORS);
    }
    const user = this.tokens.get(search.get('ckWebAuthToken') ?? '');
    if (!user) {
      const redirectURL = `${this.apiUrl}/signin`;
      return sendJson(
        res,
        421,
        { serverErrorCode: 'AUTHENTICATION_REQUIRED', reason: 'request needs authorization', redirectURL },
        CORS,
      );
    }
    const op = path.slice(prefix.length);
    if (op === 'public/users/caller' && req.method === 'GET') return sendJson(res, 200, { userRecordName: user }, CORS);
    if (req.method !== 'POST') return sendJson(res, 405, { serverErrorCode: 'BAD_REQUEST' }, CORS);
    let body: { operations?: unknown; records?: unknown };
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return sendJson(res, 400, { serverErrorCode: 'BAD_REQUEST', reason: 'Invalid JSON' }, CORS);
    }
    const db = this.databases.get(user) ?? new Map<string, CkRecord>();
    this.databases.set(user, db);
    if (op === 'private/records/modify') return sendJson(res, 200, { records: modify(db, body.operations) }, CORS);
    if (op === 'private/records/lookup') return sendJson(res, 200, { records: lookup(db, body.records) }, CORS);
    return sendJson(res, 404, { serverErrorCode: 'NOT_FOUND' }, CORS);
  }

  private async signInPage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const target = new URL(this.callback);
      if (form.get('action') === 'cancel') target.searchParams.set('error', 'access_denied');
      else target.searchParams.set('ckWebAuthToken', this.signIn(form.get('email') ?? ''));
      res.writeHead(302, { location: target.href, 'cache-control': 'no-store' });
      return void res.end();
    }
    const body = `<p>Sign in to store data in this app's iCloud container <code>${escapeHtml(this.container)}</code>.</p>
<form method="post" action="/cloudkit/signin">
<label for="email">Apple ID</label>
<input id="email" name="email" type="email" autocomplete="email" required value="ada.lovelace@icloud.com">
<div class="actions">
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`;
    sendHtml(res, 200, page('Sign in with Apple ID (iCloud)', 'iCloud (CloudKit)', body));
  }
}

type Operation = { operationType?: unknown; record?: { recordName?: unknown; recordType?: unknown; fields?: unknown } };

function modify(db: Map<string, CkRecord>, operations: unknown): object[] {
  if (!Array.isArray(operations)) return [{ serverErrorCode: 'BAD_REQUEST', reason: 'operations must be a list' }];
  return (operations as Operation[]).map((op) => {
    const name = op.record?.recordName;
    if (typeof name !== 'string' || name.length === 0) return { serverErrorCode: 'BAD_REQUEST', reason: 'recordName' };
    if (op.operationType === 'delete' || op.operationType === 'forceDelete') {
      const had = db.delete(name);
      return had ? { recordName: name, deleted: true } : { recordName: name, serverErrorCode: 'NOT_FOUND' };
    }
    const record: CkRecord = {
      recordName: name,
      recordType: String(op.record?.recordType ?? ''),
      fields: (op.record?.fields ?? {}) as CkRecord['fields'],
      recordChangeTag: randomBytes(4).toString('hex'),
    };
    db.set(name, record);
    return record;
  });
}

function lookup(db: Map<string, CkRecord>, records: unknown): object[] {
  if (!Array.isArray(records)) return [{ serverErrorCode: 'BAD_REQUEST', reason: 'records must be a list' }];
  return (records as Array<{ recordName?: unknown }>).map((r) => {
    const name = String(r.recordName ?? '');
    return db.get(name) ?? { recordName: name, reason: 'Record not found', serverErrorCode: 'NOT_FOUND' };
  });
}
