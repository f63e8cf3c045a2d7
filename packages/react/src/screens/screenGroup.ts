import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A thenable that resolves at once: React renders a loaded screen without a Suspense fallback (a
 * dialog that focuses its first field on open must open with the field in it); a promise would not.
 */
function resolved<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable is the point (React.lazy reads it at once).
  const thenable = { then: (resolve: (value: T) => void) => resolve(value) };
  return thenable as unknown as Promise<T>;
}

/** A lazily imported group of screens or components (one chunk); once loaded, they render without suspending. */
export function screenGroup<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const preload = (): Promise<M> => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a chunk that failed to load is asked again on the next call
        throw error;
      },
    );
    return pending;
  };
  const screen = <P>(pick: (module: M) => ComponentType<P>): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      loaded === undefined
        ? preload().then((module) => ({ default: pick(module) }))
        : resolved({ default: pick(loaded) }),
    );
  return { preload, screen };
}
