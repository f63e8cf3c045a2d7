// The widget's stylesheets are bundled as text (esbuild's text loader, scripts/cssAsText.mjs for Vite).
declare module '*.css' {
  const text: string;
  export default text;
}
