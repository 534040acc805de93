// The extension in a browser (package.json `browser`, bundled as out/web/extension.js): on
// vscode.dev and github.dev, or wherever VS Code runs it in its web worker extension host. The
// language server is a Web Worker (out/web/server.js) speaking LSP over postMessage, and starts
// its computation workers itself (server/src/browser/). Everything else is activate.ts's, shared
// with Node (extension.ts).
import { type ExtensionContext, Uri, workspace } from 'vscode';
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  LanguageClient,
  type Message,
} from 'vscode-languageclient/browser';
import { activateGrundy, deactivateGrundy, type GrundyApi } from './activate';

export type { GrundyApi } from './activate';

/**
 * A URL a Web Worker can be started from. The extension's files are at http(s) URLs on vscode.dev,
 * but at `vscode-remote:` (a VS Code server) or `file:` ones elsewhere, which VS Code's web worker
 * host refuses to start workers from ("Creating workers from remote extensions is currently not
 * supported"): those are read through the workspace file system and started from a blob.
 */
async function workerUrl(uri: Uri): Promise<string> {
  if (uri.scheme === 'http' || uri.scheme === 'https') return uri.toString(true);
  const bytes = await workspace.fs.readFile(uri);
  return URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'text/javascript' }));
}

/** A browser's Worker constructor (the project's types are Node's). */
const Worker = (
  globalThis as unknown as { Worker: new (url: string, options?: { name?: string }) => { terminate(): void } }
).Worker;

/**
 * Posts each message as JSON has it, as Node's client writes it. postMessage copies an object's own fields instead:
 * a vscode.Position the client sends (the cursor, in the custom requests) would arrive as `{_line, _character}`
 * rather than through its toJSON, and the settings (a WorkspaceConfiguration, with methods) could not be sent at all.
 */
class JsonMessageWriter extends BrowserMessageWriter {
  override write(message: Message): Promise<void> {
    return super.write(JSON.parse(JSON.stringify(message)));
  }
}

/** The server's worker now running: a restart ends it (with its computation workers) before starting another. */
let serverWorker: { terminate(): void } | undefined;

export async function activate(context: ExtensionContext): Promise<GrundyApi> {
  const web = Uri.joinPath(context.extensionUri, 'out', 'web');
  const [serverUrl, computeWorkerUrl] = await Promise.all([
    workerUrl(Uri.joinPath(web, 'server.js')),
    workerUrl(Uri.joinPath(web, 'worker.js')),
  ]);
  // The reader and writer, not the worker: the client tells a worker from transports by `instanceof Worker`, and
  // VS Code's web worker host replaces the global Worker with a function whose workers are not instances of it.
  const startServer = async () => {
    serverWorker?.terminate();
    const worker = new Worker(serverUrl, { name: 'Grundy language server' });
    serverWorker = worker;
    return { reader: new BrowserMessageReader(worker as never), writer: new JsonMessageWriter(worker as never) };
  };
  return activateGrundy(
    context,
    (clientOptions) =>
      new LanguageClient('grundy', 'Grundy language server', startServer, {
        ...clientOptions,
        // The server's worker may have been started from a blob: it cannot find worker.js by itself.
        initializationOptions: { ...clientOptions.initializationOptions, computeWorkerUrl },
      }),
  );
}

export async function deactivate(): Promise<void> {
  await deactivateGrundy();
  serverWorker?.terminate();
  serverWorker = undefined;
}
