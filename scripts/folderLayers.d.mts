/** Types of folderLayers.mjs for check-deps' test. */
export declare const REACT_LAYERS: Record<string, string[]>;
export declare function reactLayerOf(path: string): string;
export declare function reactViolation(from: string, to: string): string | null;
export declare function checkReactFolders(root: string): string[];
export declare const SERVER_LAYERS: string[];
export declare function serverLayerOf(path: string): string;
export declare function serverViolation(from: string, to: string): string | null;
export declare function checkServerLayers(root: string): string[];
export declare const MAX_LINES: number;
export declare function checkFileLengths(root: string): string[];
