/** Types of importGraph.mjs for check-deps' test. */
export declare function importsOf(source: string): string[];
export declare function cyclesOf(graph: Map<string, string[]>): string[][];
export declare function resolveSource(
  file: string,
  specifier: string,
  exists: (path: string) => boolean,
): string | null;
export declare const isFile: (path: string) => boolean;
export declare const isDirectory: (path: string) => boolean;
export declare function sourceFiles(dir: string, withTests?: boolean): Generator<string>;
