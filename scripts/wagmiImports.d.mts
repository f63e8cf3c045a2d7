/** The packages only a wagmi host installs. */
export const WAGMI_PACKAGES: readonly string[];
/** The bare specifiers a source text loads at run time (type-only imports left out). */
export function runtimeImportsOf(source: string): string[];
/** The run-time imports of wagmi's packages in the published package at `dir`, for every entry and module it reaches. */
export function wagmiImportsByEntry(dir: string): { entry: string; module: string; specifier: string }[];
