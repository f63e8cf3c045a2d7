import { ADMIN_API, type AdminImportResponse, type AdminUserPage, IDENTITY_API, type WireUser } from '@latch/protocol';
import { expect, it } from 'vitest';
import { forEveryBackend, widgetHeaders } from '../../test/harness.js';
import { uniqueEmail } from '../passwordless/testing/passwordlessTestClient.js';
import { adminRequest, appWithSecret } from './testing/adminRequest.js';

const wallet = (n: number) => `0x${n.toString(16).padStart(40, 'a')}`;

// A store contract (concurrent allowlist writes keep every entry), so on every backend.
forEveryBackend('admin API user writes and allowlist', (server) => {
  it('creates a user with linked accounts and custom metadata; a taken account is linked_to_another_user', async () => {
    const s = server();
    const { auth } = await appWithSecret(s);
    const email = uniqueEmail('created');
    const body = {
      linked_accounts: [
        { type: 'email', address: email.toUpperCase() },
        { type: 'phone', number: '+1 415 555 0100' },
        { type: 'wallet', address: wallet(1).toUpperCase().replace('0X', '0x') },
        { type: 'custom_auth', custom_user_id: 'crm-42' },
      ],
      custom_metadata: { plan: 'pro', seats: 3, beta: true },
    };
    const res = await adminRequest(s, 'POST', ADMIN_API.users, auth, body);
    expect(res.status).toBe(201);
    const user = (await res.json()) as WireUser;
    expect(user.custom_metadata).toEqual({ plan: 'pro', seats: 3, beta: true });
    expect(user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: email }),
      expect.objectContaining({ type: 'phone', phone_number: '+14155550100' }),
      expect.objectContaining({ type: 'wallet', address: wallet(1), connector_type: 'imported' }),
      expect.objectContaining({ type: 'custom_auth', custom_user_id: 'crm-42' }),
    ]);
    // The admin read answers the same user; a second create with one of its accounts is refused, nothing written.
    expect(await (await adminRequest(s, 'GET', ADMIN_API.user(user.id), auth)).json()).toEqual(user);
    const again = await adminRequest(s, 'POST', ADMIN_API.users, auth, {
      linked_accounts: [
        { type: 'email', address: uniqueEmail('other') },
        { type: 'custom_auth', custom_user_id: 'crm-42' },
      ],
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe('linked_to_another_user');
  });

  it('the user logs in to the created account, and its own client reads the custom metadata', async () => {
    const s = server();
    const { appId, clientId, auth } = await appWithSecret(s);
    const email = uniqueEmail('meta');
    const created = (await (
      await adminRequest(s, 'POST', ADMIN_API.users, auth, { linked_accounts: [{ type: 'email', address: email }] })
    ).json()) as WireUser;
    const set = await adminRequest(s, 'POST', ADMIN_API.userCustomMetadata(created.id), auth, {
      custom_metadata: { tier: 'gold' },
    });
    expect(set.status).toBe(200);
    const session = await s.signIn(appId, { type: 'email', address: email });
    expect(session.user.id).toBe(created.id);
    const me = await s.app.request(IDENTITY_API.me, { headers: widgetHeaders(appId, clientId, session.token!) });
    expect(((await me.json()) as { user: WireUser }).user.custom_metadata).toEqual({ tier: 'gold' });
  });

  it('refuses custom metadata that is too large, nested, or for another app’s user (no 500)', async () => {
    const s = server();
    const { auth } = await appWithSecret(s);
    const other = await appWithSecret(s);
    const user = (await (
      await adminRequest(s, 'POST', ADMIN_API.users, auth, {
        linked_accounts: [{ type: 'email', address: uniqueEmail('m') }],
      })
    ).json()) as WireUser;
    const path = ADMIN_API.userCustomMetadata(user.id);
    for (const custom_metadata of [{ big: 'x'.repeat(512), more: 'y'.repeat(512) }, { nested: { a: 1 } }, [1], 'x'])
      expect((await adminRequest(s, 'POST', path, auth, { custom_metadata })).status).toBe(400);
    const cross = await adminRequest(s, 'POST', path, other.auth, { custom_metadata: { a: 1 } });
    expect(cross.status).toBe(404);
    expect(
      (await (await adminRequest(s, 'GET', ADMIN_API.user(user.id), auth)).json()).custom_metadata,
    ).toBeUndefined();
  });

  it('imports users with one result each, and a rerun answers exists without a change', async () => {
    const s = server();
    const { auth } = await appWithSecret(s);
    const taken = uniqueEmail('taken');
    await adminRequest(s, 'POST', ADMIN_API.users, auth, { linked_accounts: [{ type: 'email', address: taken }] });
    const users = [
      {
        linked_accounts: [
          { type: 'email', address: uniqueEmail('imp1') },
          { type: 'wallet', address: wallet(2) },
        ],
      },
      {
        linked_accounts: [
          { type: 'email', address: taken },
          { type: 'wallet', address: wallet(3) },
        ],
      },
      { linked_accounts: [{ type: 'email', address: 'not an email' }] },
      {
        linked_accounts: [
          { type: 'email', address: uniqueEmail('a') },
          { type: 'email', address: uniqueEmail('b') },
        ],
      },
    ];
    const first = (await (
      await adminRequest(s, 'POST', ADMIN_API.usersImport, auth, { users })
    ).json()) as AdminImportResponse;
    expect(first.results.map((r) => [r.index, r.status, 'error' in r ? r.error : undefined])).toEqual([
      [0, 'created', undefined],
      [1, 'failed', 'linked_to_another_user'],
      [2, 'failed', 'invalid_data'],
      [3, 'failed', 'invalid_data'],
    ]);
    const second = (await (
      await adminRequest(s, 'POST', ADMIN_API.usersImport, auth, { users: users.slice(0, 1) })
    ).json()) as AdminImportResponse;
    expect(second.results[0]).toMatchObject({ index: 0, status: 'exists' });
    expect((second.results[0] as { user: WireUser }).user).toEqual((first.results[0] as { user: WireUser }).user);
    for (const bad of [{ users: [] }, { users: 'x' }, {}, '{', { users: Array.from({ length: 101 }, () => ({})) }])
      expect((await adminRequest(s, 'POST', ADMIN_API.usersImport, auth, bad)).status).toBe(400);
  });

  it('searches users by part of an email, phone or wallet, newest first, page by page', async () => {
    const s = server();
    const { auth } = await appWithSecret(s);
    const other = await appWithSecret(s);
    const tag = `srch${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      s.clock.advance(1000);
      const res = await adminRequest(s, 'POST', ADMIN_API.users, auth, {
        linked_accounts: [{ type: 'email', address: `${tag}.${i}@example.com` }],
      });
      ids.push(((await res.json()) as WireUser).id);
    }
    await adminRequest(s, 'POST', ADMIN_API.users, other.auth, {
      linked_accounts: [{ type: 'email', address: `${tag}.x@example.com` }],
    });
    const search = async (body: unknown) =>
      (await (await adminRequest(s, 'POST', ADMIN_API.usersSearch, auth, body)).json()) as AdminUserPage;
    const page1 = await search({ search_term: tag.toUpperCase(), limit: 2 });
    expect(page1.data.map((u) => u.id)).toEqual([ids[2], ids[1]]);
    const page2 = await search({ search_term: tag, limit: 2, cursor: page1.next_cursor });
    expect(page2).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    // Wildcards are literal; a phone and a wallet are found by a part.
    expect((await search({ search_term: '%' })).data).toEqual([]);
    await adminRequest(s, 'POST', ADMIN_API.users, auth, {
      linked_accounts: [
        { type: 'phone', number: '+14155550177' },
        { type: 'wallet', address: wallet(77) },
      ],
    });
    expect((await search({ search_term: '5550177' })).data).toHaveLength(1);
    expect((await search({ search_term: wallet(77).slice(-8).toUpperCase() })).data).toHaveLength(1);
    for (const bad of [{}, { search_term: '' }, { search_term: 'a', limit: 0 }, { search_term: 'a', cursor: 'zz' }])
      expect((await adminRequest(s, 'POST', ADMIN_API.usersSearch, auth, bad)).status).toBe(400);
    const unknownCursor = await adminRequest(s, 'POST', ADMIN_API.usersSearch, auth, {
      search_term: 'a',
      cursor: 'a'.repeat(25),
    });
    expect((await unknownCursor.json()).error).toBe('invalid_data');
  });

  it('manages the allowlist the login checks: add, read, remove; bad entries refused', async () => {
    const s = server();
    const { appId, auth } = await appWithSecret(s);
    const member = uniqueEmail('member');
    const get = async () => (await (await adminRequest(s, 'GET', ADMIN_API.allowlist, auth)).json()).allowlist;
    expect(await get()).toBeNull();
    const added = await adminRequest(s, 'POST', ADMIN_API.allowlist, auth, {
      entries: [
        member.toUpperCase(),
        '+1 415 555 0123',
        wallet(5).replace('0x', '0x').toUpperCase().replace('0X', '0x'),
      ],
    });
    expect((await added.json()).allowlist).toEqual([member, '+14155550123', wallet(5)]);
    await expect(s.signIn(appId, { type: 'email', address: uniqueEmail('outsider') })).rejects.toThrow(/allowlist/);
    expect((await s.signIn(appId, { type: 'email', address: member })).user.id).toMatch(/^did:latch:/);
    for (const entries of [['nobody'], ['+1'], ['0x12'], ['a@'], [], 'x'])
      expect((await adminRequest(s, 'POST', ADMIN_API.allowlist, auth, { entries })).status).toBe(400);
    const removed = await adminRequest(s, 'POST', ADMIN_API.allowlistRemove, auth, { entries: [member] });
    expect((await removed.json()).allowlist).toEqual(['+14155550123', wallet(5)]);
    expect(await get()).toEqual(['+14155550123', wallet(5)]);
    await expect(s.signIn(appId, { type: 'email', address: member })).rejects.toThrow(/allowlist/);
  });

  it('concurrent allowlist adds keep every entry', async () => {
    const s = server();
    const { auth } = await appWithSecret(s);
    const emails = Array.from({ length: 5 }, (_, i) => uniqueEmail(`c${i}`));
    await Promise.all(emails.map((e) => adminRequest(s, 'POST', ADMIN_API.allowlist, auth, { entries: [e] })));
    const { allowlist } = await (await adminRequest(s, 'GET', ADMIN_API.allowlist, auth)).json();
    expect([...allowlist].sort()).toEqual([...emails].sort());
  });
});
