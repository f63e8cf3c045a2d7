/** Wraps an IndexedDB request in a promise. */
export function idbRequest<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Resolves when a transaction commits. */
export function idbDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Opens (and on first use creates) a database with the given object stores. */
export function openDatabase(factory: IDBFactory, name: string, stores: readonly string[]): Promise<IDBDatabase> {
  const request = factory.open(name, 1);
  request.onupgradeneeded = () => {
    for (const store of stores) {
      if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store);
    }
  };
  return idbRequest(request);
}
