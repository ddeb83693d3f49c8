// The size-limit plugins ship without declarations; the measuring scripts only pass them on.
declare module '@size-limit/file' {
  const plugins: readonly object[];
  export default plugins;
}
declare module '@size-limit/esbuild' {
  const plugins: readonly object[];
  export default plugins;
}
