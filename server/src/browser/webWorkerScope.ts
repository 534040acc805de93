// The part of a browser's worker scope the browser edge uses. The project's TypeScript sees Node's
// types only (the shared code must not reach for the DOM), so the few browser globals are
// described here and read through `scope`, never as free globals.

export interface WebWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { message?: string; preventDefault(): void }) => void) | null;
  onmessageerror: (() => void) | null;
}

export interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close?(): void;
  readonly location?: { readonly href: string };
  readonly navigator?: { readonly hardwareConcurrency?: number };
  readonly crossOriginIsolated?: boolean;
  readonly Worker?: new (url: string, options?: { name?: string }) => WebWorker;
}

export const scope = globalThis as unknown as WorkerScope;
