/** Types of check-deps.mjs for its test. */
export declare const RULES: Record<
  string,
  { ours: string[]; banned: string[]; onlyThirdParty?: string[]; testOnly?: string[] }
>;
export declare function violation(workspace: string, specifier: string, file?: string): string | null;
export declare function checkDependencies(root: string): string[];
export declare const OUTSIDE_TESTERS: Record<string, string[]>;
export declare function reachInViolation(workspace: string, from: string, to: string): string | null;
export declare function checkReachIns(root: string): string[];
