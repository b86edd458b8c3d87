// What a hook's runtime bundle gets for TypeBox's schema compiler (build-bundle.ts): no compiler. ujsx loads
// it once a node kind has been checked often (ujsx/src/validate.ts); a hook process lives for one hook, in
// which generating and evaluating a checker per kind would not pay for itself, and the compiler with what
// only it uses is ~75 KB of the runtime bundle's source and ~0.5 MB of the bytecode every in-process hook
// reads. Without it the checks stay interpreted, which answer the same for every value.
export const TypeCompiler = undefined;
