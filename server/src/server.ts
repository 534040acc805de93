// The language server: the only module that knows the connection. It keeps each open document
// analysed and publishes its diagnostics shortly after every change.
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { lspDiagnostics } from './features/diagnostics';
import { type AnalyzedDocument, analyzeText } from './language/analyze';

/** Typing produces bursts of changes; analyse once the burst pauses this long. */
const diagnosticsDelayMs = 30;

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const analyzed = new Map<string, { version: number; document: AnalyzedDocument }>();
const pending = new Map<string, NodeJS.Timeout>();

/** The analysis of a document's current version, made on demand and kept until it changes. */
function analysisOf(document: TextDocument): AnalyzedDocument {
  const cached = analyzed.get(document.uri);
  if (cached && cached.version === document.version) return cached.document;
  const fresh = analyzeText(document.getText());
  analyzed.set(document.uri, { version: document.version, document: fresh });
  return fresh;
}

function publishDiagnostics(uri: string): void {
  const document = documents.get(uri);
  if (!document) return;
  try {
    const diagnostics = lspDiagnostics(analysisOf(document));
    void connection.sendDiagnostics({ uri, version: document.version, diagnostics });
  } catch (cause) {
    // The front end never throws by design; if it ever does, say so and keep serving.
    connection.console.error(`analysing ${uri} failed: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`);
  }
}

function scheduleDiagnostics(uri: string): void {
  clearTimeout(pending.get(uri));
  pending.set(
    uri,
    setTimeout(() => {
      pending.delete(uri);
      publishDiagnostics(uri);
    }, diagnosticsDelayMs),
  );
}

connection.onInitialize(() => ({
  capabilities: {
    textDocumentSync: TextDocumentSyncKind.Incremental,
  },
  serverInfo: { name: 'grundy-language-server', version: '0.1.0' },
}));

documents.onDidOpen((event) => publishDiagnostics(event.document.uri));
documents.onDidChangeContent((event) => scheduleDiagnostics(event.document.uri));
documents.onDidClose((event) => {
  clearTimeout(pending.get(event.document.uri));
  pending.delete(event.document.uri);
  analyzed.delete(event.document.uri);
  void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
});

documents.listen(connection);
connection.listen();
