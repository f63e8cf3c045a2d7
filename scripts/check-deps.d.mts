/** Types of check-deps.mjs for its test. */
export declare const RULES: Record<
  string,
  { ours: string[]; banned: string[]; onlyThirdParty?: string[]; testOnly?: string[] }
>;
export declare function importsOf(source: string): string[];
export declare function violation(workspace: string, specifier: string, file?: string): string | null;
export declare function checkDependencies(root: string): string[];
export declare const OUTSIDE_TESTERS: Record<string, string[]>;
export declare function reachInViolation(workspace: string, from: string, to: string): string | null;
export declare function checkReachIns(root: string): string[];
export declare const REACT_LAYERS: Record<string, string[]>;
export declare function reactLayerOf(path: string): string;
export declare function reactViolation(from: string, to: string): string | null;
export declare function cyclesOf(graph: Map<string, string[]>): string[][];
export declare function checkReactFolders(root: string): string[];
export declare const SERVER_LAYERS: string[];
export declare function serverLayerOf(path: string): string;
export declare function serverViolation(from: string, to: string): string | null;
export declare function checkServerLayers(root: string): string[];
export declare const MAX_LINES: number;
export declare function checkFileLengths(root: string): string[];
