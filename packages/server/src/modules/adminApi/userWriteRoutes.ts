import { ADMIN_API, type AdminImportResult, type AdminUserPage, LatchError } from '@latch/protocol';
import * as v from 'valibot';
import type { AppRecord } from '../../identity/apps/appStore.js';
import { getUser, toWireUser } from '../../identity/users/userRecords.js';
import type { LatchContext, RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { AdminCreateUser, CustomMetadataSchema, toAccountInputs } from './adminAccountInput.js';
import { authenticateAdmin } from './adminAuth.js';
import { noUser, pathUserId } from './adminRoutes.js';
import { createUserWithAccounts } from './createUsers.js';
import { setCustomMetadata } from './customMetadata.js';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT, searchUsers } from './searchUsers.js';

/** Most users one import may carry (its body stays well under the 64 KiB body limit). */
const MAX_IMPORT_USERS = 100;

const ImportBody = v.object({
  users: v.pipe(v.array(v.unknown()), v.minLength(1), v.maxLength(MAX_IMPORT_USERS)),
});
const SearchBody = v.object({
  search_term: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(320)),
  cursor: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9]{25}$/, 'not a cursor of this API'))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_SEARCH_LIMIT)), DEFAULT_SEARCH_LIMIT),
});
const MetadataBody = v.object({ custom_metadata: CustomMetadataSchema });

/** The catalogue error of one import entry's invalid body, naming the field as parseBody does. */
function invalidEntry(issues: v.GenericIssue[]): LatchError {
  const issue = issues[0] as v.GenericIssue;
  const field = issue.path?.map((p) => String(p.key)).join('.');
  return new LatchError('invalid_data', field ? `Invalid value for ${field}: ${issue.message}` : issue.message);
}

/** Imports one user of an import body; every failure becomes its result, never the whole call's. */
async function importOne(c: LatchContext, app: AppRecord, raw: unknown, index: number): Promise<AdminImportResult> {
  try {
    const parsed = v.safeParse(AdminCreateUser, raw);
    if (!parsed.success) throw invalidEntry(parsed.issues);
    const accounts = await toAccountInputs(parsed.output);
    const { status, user } = await createUserWithAccounts(
      c.get('ctx'),
      app,
      { accounts, customMetadata: parsed.output.custom_metadata },
      true,
    );
    return { index, status, user: toWireUser(user) };
  } catch (error) {
    if (!(error instanceof LatchError)) throw error;
    return { index, status: 'failed', error: error.code, message: error.message };
  }
}

/**
 * The admin API's user writes (docs/node-sdk.md): create a user with linked accounts, import users (one
 * result each, rerunnable), search users, set a user's custom metadata. App-secret auth as every admin route.
 */
export const adminUserWriteRoutes: RouteDef[] = [
  {
    method: 'post',
    path: ADMIN_API.users,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const body = await parseBody(c, AdminCreateUser);
      const accounts = await toAccountInputs(body);
      const { user } = await createUserWithAccounts(
        c.get('ctx'),
        app,
        { accounts, customMetadata: body.custom_metadata },
        false,
      );
      c.get('ctx').logger.info({ appId: app.id, userId: user.user.id }, 'admin API created a user');
      return c.json(toWireUser(user), 201);
    },
  },
  {
    method: 'post',
    path: ADMIN_API.usersImport,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const { users } = await parseBody(c, ImportBody);
      const results: AdminImportResult[] = [];
      // One after another: two entries sharing an account get one `created` and one answer about it.
      for (const [index, raw] of users.entries()) results.push(await importOne(c, app, raw, index));
      c.get('ctx').logger.info({ appId: app.id, users: users.length }, 'admin API imported users');
      return c.json({ results });
    },
  },
  {
    method: 'post',
    path: ADMIN_API.usersSearch,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const body = await parseBody(c, SearchBody);
      const { users, nextCursor } = await searchUsers(c.get('ctx'), app.id, {
        term: body.search_term,
        cursor: body.cursor,
        limit: body.limit,
      });
      const page: AdminUserPage = { data: users.map(toWireUser), next_cursor: nextCursor };
      return c.json(page);
    },
  },
  {
    method: 'post',
    path: ADMIN_API.userCustomMetadata.pattern,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const userId = pathUserId(c);
      const { custom_metadata } = await parseBody(c, MetadataBody);
      if (!(await setCustomMetadata(c.get('ctx').db, app.id, userId, custom_metadata))) throw noUser();
      const user = await getUser(c.get('ctx'), app.id, userId);
      if (!user) throw noUser();
      return c.json(toWireUser(user));
    },
  },
];
