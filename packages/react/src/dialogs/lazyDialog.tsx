import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

/**
 * A dialog whose body loads when it first opens (the initial JS budget): the component renders nothing while
 * the hook `useOpen` says closed, else the body `load` brings, with no fallback while it loads.
 */
export function lazyDialog(load: () => Promise<ComponentType>, useOpen: () => boolean): () => ReactNode {
  const Body = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog() {
    if (!useOpen()) return null;
    return (
      <Suspense fallback={null}>
        <Body />
      </Suspense>
    );
  };
}
