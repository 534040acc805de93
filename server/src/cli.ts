// `grundy`: the command line. `grundy check FILE [--json]` prints the file's diagnostics.
import { readFileSync } from 'node:fs';
import { analyzeText } from './language/analyze';

const usage = `usage: grundy check FILE [--json]

  check FILE     report the mistakes in a .game file (exit 1 when it has errors)
  --json         print {"diagnostics":[{"line","column","severity","message","code"}]}`;

function main(argv: string[]): number {
  const json = argv.includes('--json');
  const args = argv.filter((arg) => arg !== '--json');
  if (args[0] === '--help' || args[0] === '-h') {
    console.log(usage);
    return 0;
  }
  if (args.length !== 2 || args[0] !== 'check') {
    console.error(usage);
    return 2;
  }
  const file = args[1];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    console.error(`grundy: cannot read ${file}: ${cause instanceof Error ? cause.message : String(cause)}`);
    return 2;
  }
  const document = analyzeText(text);
  const diagnostics = document.diagnostics.map((diagnostic) => {
    const position = document.lines.positionAt(diagnostic.span.start);
    return { line: position.line + 1, column: position.character + 1, severity: diagnostic.severity, message: diagnostic.message, code: diagnostic.code };
  });
  if (json) console.log(JSON.stringify({ diagnostics }));
  else if (diagnostics.length === 0) console.log(`${file}: no problems`);
  else for (const d of diagnostics) console.log(`${file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`);
  return diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
