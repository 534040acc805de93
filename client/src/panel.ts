// What the extension's webview panels share: their page, with a strict content security policy
// (nothing from the network, no script but the panel's own, styles from the extension's files).
import { type Disposable, Uri, ViewColumn, type Webview, type WebviewPanel, window, workspace } from 'vscode';

/** A panel beside the editor, with the extension's icon and its page (`panelHtml`), kept alive while hidden. */
export function createPanel(
  extensionUri: Uri,
  viewType: string,
  title: string,
  page: { style: string; script: string; main: Record<string, string> },
): WebviewPanel {
  const panel = window.createWebviewPanel(viewType, title, ViewColumn.Beside, {
    enableScripts: true,
    localResourceRoots: panelRoots(extensionUri),
    retainContextWhenHidden: true,
  });
  panel.iconPath = Uri.joinPath(extensionUri, 'media', 'icon.png');
  panel.webview.html = panelHtml(panel.webview, extensionUri, { title, ...page });
  return panel;
}

/** Calls `then` on every change to the text of the document `uri` (a panel follows its document). */
export function onDocumentEdited(uri: string, then: (version: number) => void): Disposable {
  return workspace.onDidChangeTextDocument((event) => {
    if (event.document.uri.toString() === uri && event.contentChanges.length > 0) then(event.document.version);
  });
}

/**
 * The page of a panel: `media/panel.css` and `media/<style>.css`, `out/client/webview/<script>.js`, and a `main`
 * element for the script.
 */
function panelHtml(
  webview: Webview,
  extensionUri: Uri,
  options: { title: string; style: string; script: string; main: Record<string, string> },
): string {
  const nonce = randomNonce();
  const policy = [
    "default-src 'none'",
    `img-src ${webview.cspSource}`,
    `style-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  const attributes = Object.entries(options.main)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  const shared = webview.asWebviewUri(Uri.joinPath(extensionUri, 'media', 'panel.css'));
  const style = webview.asWebviewUri(Uri.joinPath(extensionUri, 'media', `${options.style}.css`));
  const script = webview.asWebviewUri(Uri.joinPath(extensionUri, 'out', 'client', 'webview', `${options.script}.js`));
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${shared}">
<link rel="stylesheet" href="${style}">
<title>${escapeHtml(options.title)}</title>
</head>
<body>
<main${attributes}><p class="status">Computing…</p></main>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}

/** Where a panel may load files from: the styles and the bundled scripts. */
function panelRoots(extensionUri: Uri): Uri[] {
  return [Uri.joinPath(extensionUri, 'media'), Uri.joinPath(extensionUri, 'out', 'client', 'webview')];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The open panels of one kind, by what they show: asked again, the one open is shown. */
export class OpenPanels<T extends { readonly panel: WebviewPanel }> {
  private readonly open = new Map<string, T>();

  /** The panel for `id`, revealed, or a new one (`make` is told how to forget it when it closes). */
  show(id: string, make: (onClose: () => void) => T): T {
    const known = this.open.get(id);
    if (known) {
      known.panel.reveal();
      return known;
    }
    const made = make(() => this.open.delete(id));
    this.open.set(id, made);
    return made;
  }

  all(): readonly T[] {
    return [...this.open.values()];
  }
}

/** 16 random bytes as base64, from Web Crypto (in Node and in browsers alike). */
function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
