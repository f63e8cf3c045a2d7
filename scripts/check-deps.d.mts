/** Types of check-deps.mjs for its test. */
export declare const RULES: Record<string, { ours: string[]; banned: string[]; onlyThirdParty?: string[] }>;
export declare function importsOf(source: string): string[];
export declare function violation(workspace: string, specifier: string): string | null;
export declare function checkDependencies(root: string): string[];
