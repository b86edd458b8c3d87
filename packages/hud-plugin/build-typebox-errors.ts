// TypeBox's error iterator a hook's runtime requires on its first failed check (build-lazy-typebox-errors.ts),
// bundled by build.ts as `typebox-errors.js`: the package's own, at the version the sources pin.
export { Errors } from "@sinclair/typebox/errors";
