/** The positional values a route pattern takes, one string per `:name` (or `:name{regex}`) segment. */
export type PatternValues<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...PatternValues<Rest>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

/** A path with parameters: call it with the values (URI-encoded, in order) for a URL; `.pattern` is the route. */
export interface ParamPath<P extends string> {
  (...values: PatternValues<P>): string;
  /** The route pattern the server registers (Hono syntax: `:name`, `:name{regex}`). */
  readonly pattern: P;
}

/** The one definition of a parameterised path: the server routes `.pattern`, clients call it with the values. */
export const paramPath = <const P extends string>(pattern: P): ParamPath<P> =>
  // The values replace the `:name` (and `:name{regex}`, a regex without `/`) segments in order; the type holds their count.
  Object.assign((...values: string[]) => pattern.replace(/:[^/]+/g, () => encodeURIComponent(values.shift()!)), {
    pattern,
  }) as ParamPath<P>;
