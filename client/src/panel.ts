// What the extension's webview panels share: their page, with a strict content security policy
// (nothing from the network, no script but the panel's own, styles from the extension's files), and
// how a panel follows its document (FollowingPanel: asked again after an edit, closed cleanly).
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

/**
 * A panel that follows its document: made with its page, it hands the page's messages to `receive`, asks the server
 * again (`refresh`) a moment after each edit of the document (and whenever `askSoon` is called: while a value still
 * computes), and when it closes stops its timer and its listeners, and tells `closed` (what still runs stops there).
 */
export abstract class FollowingPanel<FromPage, ToPage> {
  readonly panel: WebviewPanel;
  /** The panel closed: an answer that comes now has nobody to go to. */
  protected disposed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: Disposable[] = [];

  constructor(
    extensionUri: Uri,
    viewType: string,
    title: string,
    page: { style: string; script: string; main: Record<string, string> },
    readonly uri: string,
    onClose: () => void,
    /** How long after an edit (or askSoon) the panel asks again. */
    private readonly delayMs: number,
  ) {
    this.panel = createPanel(extensionUri, viewType, title, page);
    this.disposables.push(
      this.panel.webview.onDidReceiveMessage((message: FromPage) => void this.receive(message)),
      onDocumentEdited(uri, (version) => {
        this.edited(version);
        this.askSoon();
      }),
    );
    this.panel.onDidDispose(() => {
      this.disposed = true;
      onClose();
      clearTimeout(this.timer);
      this.closed();
      for (const d of this.disposables) d.dispose();
    });
  }

  /** A message from the page. */
  protected abstract receive(message: FromPage): unknown;
  /** Asks the server again and shows the answer. */
  protected abstract refresh(): Promise<void>;
  /** The document was edited (before the panel asks again). */
  protected edited(_version: number): void {}
  /** The panel closed (after its timer and listeners stopped). */
  protected closed(): void {}

  /** Asks again a moment from now (a request already due is put off, not doubled). */
  protected askSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), this.delayMs);
  }

  /** Tells the page, unless the panel closed meanwhile. */
  protected post(message: ToPage): Thenable<boolean> {
    if (this.disposed) return Promise.resolve(false);
    return this.panel.webview.postMessage(message);
  }
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
