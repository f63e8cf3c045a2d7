import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's storage for one stand-in, in memory: its own default adapter is one store per process
 * (shared by every Provider) and warns that it is not for production on every start.
 */
export function memoryAdapterFactory(): (model: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const get = (key: string) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const [k, entry] of store) {
        if (k.startsWith(`${model}:`) && entry.payload[field] === value) return get(k);
      }
      return undefined;
    };
    return {
      async upsert(id, payload, expiresIn) {
        store.set(key(id), {
          payload,
          expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY,
        });
      },
      async find(id) {
        return get(key(id));
      },
      async findByUid(uid) {
        return findBy('uid', uid);
      },
      async findByUserCode(userCode) {
        return findBy('userCode', userCode);
      },
      async consume(id) {
        const payload = get(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [k, entry] of store) if (entry.payload.grantId === grantId) store.delete(k);
      },
    };
  };
}
