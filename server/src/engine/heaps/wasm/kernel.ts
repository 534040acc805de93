// The engine's WebAssembly kernels are compiled from the base64 modules scripts/wasm.mjs writes.

/** The size of a WebAssembly memory page, in bytes: memories grow by whole pages. */
export const WASM_PAGE = 65536;

/**
 * A kernel's module, compiled once; undefined where WebAssembly (or the SIMD a kernel uses) is
 * missing: the caller then runs the same loop in JavaScript.
 */
export function compileKernel(base64: string): WebAssembly.Module | undefined {
  try {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : undefined;
  } catch {
    return undefined;
  }
}
