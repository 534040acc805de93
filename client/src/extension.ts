// The extension in VS Code's Node extension host (package.json `main`, bundled as
// out/client/extension.js): the language server is a Node process (out/server/server.js) over IPC.
// Everything else is activate.ts's, shared with the browser (browserExtension.ts).
import * as path from 'node:path';
import type { ExtensionContext } from 'vscode';
import { LanguageClient, type ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { activateGrundy, deactivateGrundy, type GrundyApi } from './activate';

export type { GrundyApi } from './activate';

export async function activate(context: ExtensionContext): Promise<GrundyApi> {
  const serverModule = context.asAbsolutePath(path.join('out', 'server', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: ['--nolazy', '--inspect=6009'] },
    },
  };
  return activateGrundy(
    context,
    (clientOptions) => new LanguageClient('grundy', 'Grundy language server', serverOptions, clientOptions),
  );
}

export const deactivate = deactivateGrundy;
