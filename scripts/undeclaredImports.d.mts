/**
 * The bare imports (`x`, `@s/x`, `x/sub`) in an installed package's dist/*.js that its package.json does not
 * declare (dependencies, peerDependencies, optionalDependencies), as `name: specifier (file)` lines.
 */
export function undeclaredImports(packageDir: string): string[];
