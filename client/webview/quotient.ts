// The misère view of a set of rules' page, inside VS Code's webview: the joint misère quotient of a game's rules in
// words (its size, P-portion, tame or wild, how far each rule is known), its presentation (each generator the image
// of a heap of a named rule), each rule's pretending function as a table (rows one period long when it is periodic;
// a heap that is P alone marked) and, up to 64 elements, the multiplication table (products in P marked); buttons
// to grow further and to cancel. Everything comes from the extension by messages (explorerMessages.ts).
/// <reference lib="dom" />
import type { JointQuotientAnswer } from '../../server/src/protocol';
import type { FromQuotientPanel, ToQuotientPanel } from '../src/explorerMessages';
import { element } from './dom';
import { pretendingTable, productsTable } from './quotientTables';

declare function acquireVsCodeApi(): { postMessage(message: FromQuotientPanel): void };

const vscode = acquireVsCodeApi();
const root = document.getElementById('quotient')!;

let answer: JointQuotientAnswer | undefined;
let computing = false;
let computingUpTo = 0;

function button(label: string, id: string, onClick: () => void, disabled = false): HTMLButtonElement {
  const b = element('button', { id, type: 'button' }, label);
  b.disabled = disabled;
  b.addEventListener('click', onClick);
  return b;
}

function actionBar(): HTMLElement {
  return element(
    'div',
    { class: 'actions' },
    button(
      computing ? `Computing to heap ${computingUpTo.toLocaleString('en-US')}…` : 'Compute further',
      'further',
      () => vscode.postMessage({ type: 'further' }),
      computing,
    ),
    button('Cancel', 'cancel', () => vscode.postMessage({ type: 'cancel' }), !computing),
  );
}

function render(): void {
  root.replaceChildren();
  const game = root.dataset.game ?? '';
  if (!answer) {
    root.append(element('p', { class: 'computing', id: 'computing', text: 'Computing the misère quotient…' }));
    return;
  }
  if ('refused' in answer) {
    root.append(element('p', { class: 'refused', id: 'refused', text: answer.refused }), actionBar());
    return;
  }
  const q = answer;
  const inP = new Set(q.pPortion);
  const name = (x: number) => (x < 0 ? '?' : q.elements[x]);
  root.append(
    element(
      'h1',
      {},
      element('span', { class: 'rule', text: game }),
      ' ',
      element('span', { class: 'definition', text: `misère play of ${q.rules.map((r) => r.rule).join(' + ')}` }),
    ),
    element('p', { class: 'status', id: 'status', text: q.status }),
  );
  if (q.stopped) root.append(element('p', { class: 'stopped', id: 'stopped', text: q.stopped }));
  root.append(
    actionBar(),
    element('p', {
      id: 'presentation',
      text:
        `Generators: ${q.generators.map((g) => `${g.name} = ${g.rule} heap ${g.heap}`).join(', ') || 'none'}. ` +
        `Relations: ${q.relations.join(', ') || 'none'}.`,
    }),
    element('p', { id: 'p-portion', text: `P-portion: ${q.pPortion.map(name).join(', ')}.` }),
  );
  q.rules.forEach((rule, index) => {
    // Heaps past those the quotient has (a rule without a period: Nim's past the game's) are left out, and said.
    let known = rule.pretending.length;
    while (known > 0 && rule.pretending[known - 1] < 0) known--;
    root.append(
      element(
        'h2',
        {},
        element('span', { class: 'rule', text: rule.rule }),
        ` (${rule.definition}): each heap’s element`,
      ),
      element('p', { class: 'hint', id: `rule-status-${index}`, text: rule.status }),
      pretendingTable(rule.pretending.slice(0, known), name, inP, rule.period, `pretending-${index}`, rule.rule),
    );
    if (known < rule.pretending.length)
      root.append(
        element('p', {
          class: 'hint',
          id: `rule-past-${index}`,
          text: `${rule.rule} heaps past ${known - 1}: not in this quotient.`,
        }),
      );
  });
  root.append(element('p', { class: 'legend', text: 'Marked: a heap that is a P-position on its own.' }));
  if (q.table)
    root.append(
      element('h2', { text: 'Multiplication table' }),
      productsTable(q.size, q.table, name, inP),
      element('p', { class: 'legend', text: 'Marked: products in the P-portion.' }),
    );
}

window.addEventListener('message', (event: MessageEvent<ToQuotientPanel>) => {
  const message = event.data;
  if (message.type === 'computing') {
    computing = true;
    computingUpTo = message.upTo;
  } else {
    computing = message.computing;
    answer = message.answer;
  }
  render();
});

vscode.postMessage({ type: 'ready' });
