/** node-postgres's conversion of a JavaScript value to a query parameter (the PGlite dialect uses it too). */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
