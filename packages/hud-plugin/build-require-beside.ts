// The one loader of the files the bundles require beside themselves (build-lazy-*.ts): resolved from the file
// that runs, which `import.meta.url` is not in a CommonJS hook bundle. Undefined where none is found.
export function requireBeside<T>(places: readonly string[]): T | undefined {
  for (const place of places) {
    let path: string;
    try {
      path = require.resolve(place);
    } catch {
      continue;
    }
    return require(path) as T;
  }
  return undefined;
}
