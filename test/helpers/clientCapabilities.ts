// What the tests' LSP clients declare (the in-process and stdio sessions of languageServer.ts, and the page client
// of webWorkerServer.ts that talks to the browser build): one list, so that the Node server and the browser's are
// asked the same way, and the benchmark compares like with like.

/** What the test client declares by default: what VS Code's client declares, for what the server uses. */
export const CLIENT_CAPABILITIES = {
  window: { workDoneProgress: true },
  workspace: {
    configuration: true,
    applyEdit: true,
    workspaceEdit: { documentChanges: true },
    didChangeConfiguration: { dynamicRegistration: true },
    inlayHint: { refreshSupport: true },
    codeLens: { refreshSupport: true },
    semanticTokens: { refreshSupport: true },
    symbol: {},
  },
  textDocument: {
    hover: { contentFormat: ['markdown', 'plaintext'] },
    // As VS Code declares: a hint's tooltip is asked for when the hint is shown.
    inlayHint: {
      resolveSupport: { properties: ['tooltip', 'textEdits', 'label.tooltip', 'label.location', 'label.command'] },
    },
    codeLens: {},
    completion: { completionItem: { snippetSupport: true } },
    rename: { prepareSupport: true },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
    publishDiagnostics: { relatedInformation: true },
    semanticTokens: { requests: { full: { delta: true } }, tokenTypes: [], tokenModifiers: [], formats: ['relative'] },
  },
};
