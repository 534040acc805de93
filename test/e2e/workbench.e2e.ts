// The user-level end-to-end test: a person's view of the extension in the VS Code workbench,
// driven with the mouse and keyboard through Playwright in headless Chromium. It opens the
// examples folder, opens a `.game` file from the Explorer, reads the inlay hints in the editor's
// text, hovers a heap and reads the hover widget, clicks a winning-move code lens and reads the
// changed line, then undoes it with Ctrl+Z; then the Outline view, F12, F2, Ctrl+Space, Ctrl+.
// and Format Document; then the panels (explorer, graph, picture, tree, and the board view, where a
// winning move is clicked). Nothing here uses the VS Code API: only what is on the screen. Screenshots go
// to test-results/ (git-ignored).
//
// test/vscode/host.mjs runs this file with mocha after the integration suite, in the same
// browser, against the same VS Code server, and hands it the browser and the workbench's URL
// through `defineWorkbenchTests`.
//
// It reads best whole: one workbench session, each step starting from the screen the last one left.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

export interface WorkbenchSession {
  /** The browser the integration suite ran in. */
  browser: BrowserContext;
  /** The workbench with examples/ open and the extension loaded. */
  workbenchUrl: string;
  /** Where screenshots go. */
  resultsDir: string;
}

/** Cold start of the workbench, the extension and the language server on a slow machine. */
const READY_MS = 60_000;
/** A hover, a lens or a hint after the value is known. */
const SHOWN_MS = 20_000;

const FILE = 'language.game';
const GAME_LINE = 'game coins = onetwo 3 4 5';
const MOVE_LENS = '▶ onetwo 4 → 2';
const LINE_AFTER_MOVE = 'game coins = onetwo 3 2 5';

/** The text of the editor line that starts with `start`, as rendered (inlay hints included). */
async function renderedLine(page: Page, start: string): Promise<string | undefined> {
  return page.evaluate((start) => {
    const editor = document.querySelector('.editor-instance .monaco-editor .view-lines');
    for (const line of editor?.querySelectorAll('.view-line') ?? []) {
      const text = (line.textContent ?? '').replace(/\u00a0/g, ' ');
      if (text.startsWith(start)) return text;
    }
    return undefined;
  }, start);
}

/**
 * Asks `probe` every 100 ms until what it reads satisfies `accept`, and returns that; after
 * SHOWN_MS, fails with the last reading.
 */
async function poll(
  page: Page,
  what: string,
  probe: () => Promise<string | undefined>,
  accept: (text: string) => boolean,
): Promise<string> {
  let last: string | undefined;
  const deadline = Date.now() + SHOWN_MS;
  while (Date.now() < deadline) {
    last = await probe();
    if (last !== undefined && accept(last)) return last;
    await page.waitForTimeout(100);
  }
  throw new Error(
    `timed out waiting for ${what}; it reads: ${last === undefined ? '(no such line)' : JSON.stringify(last)}`,
  );
}

export async function waitForLine(
  page: Page,
  what: string,
  accept: (text: string) => boolean,
  start: string,
): Promise<string> {
  return poll(page, what, () => renderedLine(page, start), accept);
}

/**
 * Where the first `needle` after `after` in the line starting with `start` is drawn on the screen
 * (the middle of its first character), from the rendered text's layout.
 */
export async function pointOf(
  page: Page,
  start: string,
  needle: string,
  after: string,
): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(
    ({ start, needle, after }) => {
      const editor = document.querySelector('.editor-instance .monaco-editor .view-lines');
      for (const line of editor?.querySelectorAll('.view-line') ?? []) {
        const text = (line.textContent ?? '').replace(/\u00a0/g, ' ');
        if (!text.startsWith(start)) continue;
        const at = text.indexOf(needle, text.indexOf(after) + after.length);
        if (at < 0) return undefined;
        // Walk the text nodes to the character at `at`.
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        let offset = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const length = node.textContent?.length ?? 0;
          if (at < offset + length) {
            const range = document.createRange();
            range.setStart(node, at - offset);
            range.setEnd(node, at - offset + 1);
            const box = range.getBoundingClientRect();
            return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
          }
          offset += length;
        }
      }
      return undefined;
    },
    { start, needle, after },
  );
  assert.ok(point, `no "${needle}" after "${after}" on the line starting "${start}"`);
  return point;
}

/**
 * The text of the code lenses drawn just above the editor line that starts with `start` (VS Code
 * draws them in a strip between that line and the one before).
 */
async function lensesAbove(page: Page, start: string): Promise<string | undefined> {
  return page.evaluate((start) => {
    const editor = document.querySelector('.editor-instance .monaco-editor');
    const line = [...(editor?.querySelectorAll('.view-lines .view-line') ?? [])].find((l) =>
      (l.textContent ?? '').replace(/\u00a0/g, ' ').startsWith(start),
    );
    if (!line) return undefined;
    const top = line.getBoundingClientRect().top;
    const lenses = [...(editor?.querySelectorAll('.codelens-decoration') ?? [])].filter((lens) => {
      const box = lens.getBoundingClientRect();
      return box.height > 0 && box.bottom <= top + 2 && box.bottom > top - box.height - 8;
    });
    // One decoration holds the lenses of a line, written `a | b` with no-break spaces.
    // An icon (`$(play-circle)`) is drawn as a glyph with no text: spaces are folded.
    return lenses.map((lens) => (lens.textContent ?? '').replace(/[\u00a0\s]+/g, ' ').trim()).join(' | ');
  }, start);
}

export async function waitForLensAbove(page: Page, start: string, accept: (text: string) => boolean): Promise<string> {
  return poll(page, `the code lens above "${start}"`, () => lensesAbove(page, start), accept);
}

/** The status bar's cursor position ("Ln 2, Col 6"). */
async function statusSelection(page: Page): Promise<string | undefined> {
  const item = page.locator('[id="status.editor.selection"]');
  return (await item.count()) > 0 ? ((await item.first().textContent()) ?? undefined) : undefined;
}

/** Runs a command by its title from the command palette (F1). */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: SHOWN_MS });
  await input.fill(`>${title}`);
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: title })
    .first()
    .waitFor({ state: 'visible', timeout: SHOWN_MS });
  await page.keyboard.press('Enter');
}

/** Closes the editor tab titled `title` with its close button, as a user does. */
async function closeTab(page: Page, title: string): Promise<void> {
  const tab = page.locator('.tab', { hasText: title });
  await tab.hover();
  await tab.locator('.tab-actions .action-label[aria-label^="Close"]').click();
  await tab.waitFor({ state: 'detached', timeout: SHOWN_MS });
}

/**
 * Opens the workbench in `page` and `file` from the Explorer, from no editor: the tests before leave
 * theirs open, language.game with lines typed into it (not kept: "Don't Save").
 */
async function openAlone(page: Page, session: WorkbenchSession, file: string): Promise<void> {
  await page.goto(session.workbenchUrl);
  const entry = page.locator('.explorer-folders-view .monaco-list-row', { hasText: file });
  await entry.waitFor({ state: 'visible', timeout: READY_MS });
  await runCommand(page, 'View: Close All Editor Groups');
  const dontSave = page.locator('.monaco-dialog-box .monaco-button', { hasText: "Don't Save" });
  if (
    await dontSave.waitFor({ state: 'visible', timeout: 3000 }).then(
      () => true,
      () => false,
    )
  )
    await dontSave.click();
  await entry.click();
}

/**
 * Gives the describe it is called in a browser page of its own (1400 × 900, closed after it), and
 * a screenshot of that page when one of its tests fails.
 */
function pageOfItsOwn(session: WorkbenchSession, set: (page: Page) => void, get: () => Page | undefined): void {
  before(async () => {
    const page = await session.browser.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    set(page);
  });
  after(async () => {
    await get()
      ?.close()
      .catch(() => {});
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed')
      await get()
        ?.screenshot({
          path: join(session.resultsDir, `failed-${this.currentTest.title.replace(/[^\w]+/g, '-').slice(0, 60)}.png`),
        })
        .catch(() => {});
  });
}

export function defineWorkbenchTests(session: WorkbenchSession): void {
  let page: Page;
  const shot = (name: string) => page.screenshot({ path: join(session.resultsDir, name) });

  describe('the workbench, as a user sees it', function () {
    this.timeout(READY_MS + 2 * SHOWN_MS);

    before(async () => {
      page = await session.browser.newPage();
      // Tall enough for language.game down to `game mixed` with the lenses above its rules and graph.
      await page.setViewportSize({ width: 1400, height: 900 });
    });
    after(async () => {
      await page?.close().catch(() => {});
    });
    afterEach(async function () {
      // What the screen showed when a test failed, to see why.
      if (this.currentTest?.state === 'failed')
        await shot(`failed-${this.currentTest.title.replace(/[^\w]+/g, '-').slice(0, 60)}.png`).catch(() => {});
    });

    it(`opens examples/ and ${FILE} from the Explorer`, async () => {
      await page.goto(session.workbenchUrl);
      const entry = page.locator('.explorer-folders-view .monaco-list-row', { hasText: FILE });
      await entry.waitFor({ state: 'visible', timeout: READY_MS });
      // The workbench restores what the integration suite left (its panels opened beside, in a
      // second group; the Output panel below): start from no editor and no panel.
      await runCommand(page, 'View: Close All Editor Groups');
      const hidePanel = page.locator(
        '.part.panel .action-label[aria-label^="Hide Panel"], .part.panel .action-label[aria-label^="Close Panel"]',
      );
      if (await hidePanel.first().isVisible()) await hidePanel.first().click();
      await page.locator('.part.panel').waitFor({ state: 'hidden', timeout: SHOWN_MS });
      await entry.click();
      await page.locator('.tab.active', { hasText: FILE }).waitFor({ timeout: SHOWN_MS });
      await waitForLine(page, 'the game line', () => true, GAME_LINE);
    });

    it("shows the inlay hints: the game's value, and each component's nimber in a sum", async () => {
      // Hints are drawn inside the line's text: the line reads differently from the file.
      const coins = await waitForLine(page, 'the hint on coins', (text) => text.includes('= *3 · win'), GAME_LINE);
      assert.match(coins, /^game coins = onetwo 3 4 5\s*= \*3 · win/);
      const mixed = await waitForLine(
        page,
        'the hints on mixed',
        (text) => text.includes('⊕ = *5 · win'),
        'game mixed',
      );
      // onetwo 7 is *1, s237 10 is 0, nim 5 is *5, g at b is 0, kayles "XXX.XX" is *1.
      assert.match(
        mixed,
        /onetwo 7\s*\*1 \+ s237 10\s*0 \+ nim 5\s*\*5 \+ g at b\s*0 \+ kayles "XXX\.XX"\s*\*1\s*⊕ = \*5 · win/,
      );
      const lens = await waitForLensAbove(page, GAME_LINE, (text) => text.includes(MOVE_LENS));
      assert.equal(lens, '▶ onetwo 4 → 2 | ▶ onetwo 5 → 4 | play against the computer');
      await shot('e2e-1-opened.png');
    });

    it('the language status item says the server is idle once every value is known', async () => {
      // The `{}` beside the language mode: its hover lists the language's status items.
      await page.locator('[id="status.languageStatus"]').hover();
      const item = page.locator('.hover-language-status', { hasText: 'Grundy: idle' });
      await item.first().waitFor({ state: 'visible', timeout: SHOWN_MS });
      await shot('e2e-1b-status.png');
      await page.mouse.move(5, 700);
    });

    it('hovering a heap with the mouse shows its nimber and why', async () => {
      const { x, y } = await pointOf(page, GAME_LINE, '4', 'onetwo 3 ');
      await page.mouse.move(x, y);
      const hover = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content', { hasText: 'heap of 4' });
      await hover.waitFor({ state: 'visible', timeout: SHOWN_MS });
      // Playwright's innerText is the text as rendered, which the test reads.
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text
      const text = (await hover.innerText()).replace(/\u00a0/g, ' ');
      assert.match(text, /heap of 4/);
      assert.match(text, /\*1/);
      assert.match(text, /4 ≡ 1 \(mod 3\)/);
      await shot('e2e-2-hover.png');
    });

    it(`clicking the code lens "${MOVE_LENS}" plays the move in the file`, async () => {
      // Move the mouse off the heap, so that the hover closes and does not cover the lens.
      await page.mouse.move(5, 700);
      await page
        .locator('.monaco-hover:not(.hidden)')
        .waitFor({ state: 'detached', timeout: SHOWN_MS })
        .catch(() => {});
      await page.locator('.codelens-decoration a', { hasText: MOVE_LENS }).click();
      const line = await waitForLine(
        page,
        'the new position and its value',
        (text) => text.includes('= 0 · lose'),
        LINE_AFTER_MOVE,
      );
      assert.match(line, /^game coins = onetwo 3 2 5\s*= 0 · lose/);
      // The lens above the game follows: the position is lost for the player to move.
      const lens = await waitForLensAbove(page, LINE_AFTER_MOVE, (text) => text.startsWith('every move loses'));
      assert.doesNotMatch(lens, /▶/);
      await shot('e2e-3-after-move.png');
    });

    it('Ctrl+Z takes the move back', async () => {
      await page.keyboard.press('Control+Z');
      const line = await waitForLine(
        page,
        'the old position and its value',
        (text) => text.includes('= *3 · win'),
        GAME_LINE,
      );
      assert.match(line, /^game coins = onetwo 3 4 5/);
      assert.equal(await renderedLine(page, LINE_AFTER_MOVE), undefined);
      // The lens above follows the text back: the winning moves again.
      const lens = await waitForLensAbove(page, GAME_LINE, (text) => text.includes(MOVE_LENS));
      assert.equal(lens, '▶ onetwo 4 → 2 | ▶ onetwo 5 → 4 | play against the computer');
    });

    it('the Outline view lists the rules and the games', async () => {
      await runCommand(page, 'Explorer: Focus on Outline View');
      const outline = page.locator('.outline-pane');
      // The first rows (the list draws only what fits): the rules, in order, then the first game.
      for (const name of ['onetwo', 's237', 'anyof', 'coins']) {
        await outline
          .locator('.monaco-list-row', { hasText: name })
          .first()
          .waitFor({ state: 'visible', timeout: SHOWN_MS });
      }
      await shot('e2e-5-outline.png');
    });

    it('F12 on a use of a rule jumps to its declaration', async () => {
      const { x, y } = await pointOf(page, GAME_LINE, 'onetwo', 'game coins = ');
      await page.mouse.click(x, y);
      await page.keyboard.press('F12');
      const cursor = await poll(
        page,
        'the cursor on the rule',
        () => statusSelection(page),
        (text) => /Ln 2, Col \d+/.test(text),
      );
      assert.match(cursor, /Ln 2,/);
      await shot('e2e-6-definition.png');
    });

    it('F2 renames the rule everywhere', async () => {
      await page.keyboard.press('F2');
      const box = page.locator('.rename-box input');
      await box.waitFor({ state: 'visible', timeout: SHOWN_MS });
      await box.fill('take');
      await page.keyboard.press('Enter');
      await waitForLine(page, 'the renamed declaration', () => true, 'rule take = subtract');
      await waitForLine(page, 'the renamed use', () => true, 'game coins = take 3 4 5');
      await shot('e2e-7-rename.png');
      await page.keyboard.press('Control+Z');
      await waitForLine(page, 'the rename undone', () => true, 'rule onetwo = subtract');
    });

    it('Ctrl+Space after `=` lists the rules and graphs', async () => {
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('game z = ');
      await page.keyboard.press('Control+Space');
      const widget = page.locator('.suggest-widget.visible');
      for (const label of ['misere', 'onetwo', 's237'])
        await widget
          .locator('.monaco-list-row', { hasText: label })
          .first()
          .waitFor({ state: 'visible', timeout: SHOWN_MS });
      await shot('e2e-8-completion.png');
      await page.keyboard.press('Escape');
    });

    it('Ctrl+. on a misspelt name offers the suggestion, which fixes the line', async () => {
      await page.keyboard.type('onetow 3');
      await page.keyboard.press('Escape');
      await page.locator('.view-overlays .squiggly-error').first().waitFor({ state: 'attached', timeout: SHOWN_MS });
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
      // The squiggle seen may still be the one of `game z = ` before the name was typed: until the
      // new diagnostic arrives Ctrl+. finds no fix ("No code actions available"), and a user tries again.
      const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Replace with `onetwo`' });
      const deadline = Date.now() + SHOWN_MS;
      for (;;) {
        await page.keyboard.press('Control+.');
        const shown = await fix
          .waitFor({ state: 'visible', timeout: 1000 })
          .then(() => true)
          .catch(() => false);
        if (shown) break;
        if (Date.now() > deadline) throw new Error('Ctrl+. never offered `Replace with `onetwo``');
        await page.keyboard.press('Escape');
        await page.waitForTimeout(200);
      }
      await shot('e2e-9-quick-fix.png');
      await fix.click();
      const line = await waitForLine(
        page,
        'the fixed line and its value',
        (text) => text.includes('= 0 · lose'),
        'game z = onetwo 3',
      );
      assert.match(line, /^game z = onetwo 3\s*= 0 · lose/);
    });

    it('Format Document writes the canonical layout', async () => {
      // Back in the editor, at the end of the fixed line; the new line is pasted in (typing it
      // would open completions after `=` and `+`).
      const { x, y } = await pointOf(page, 'game z = onetwo 3', '3', 'game z = onetwo ');
      await page.mouse.click(x, y);
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.insertText('game   w=nim 3+nim 2');
      // (Its hints may be drawn already, between the components: `game   w=nim 3 *3+nim 2 *2 ⊕ …`.)
      await waitForLine(page, 'the line as typed', (text) => /^game {3}w=nim 3.*\+nim 2/.test(text), 'game   w=nim 3');
      // Ctrl+Shift+I in a browser is the browser's: the command palette, as a web user does.
      await runCommand(page, 'Format Document');
      // Drawn with its hints between the components: `game w = nim 3 *3 + nim 2 *2 ⊕ = *1 · win`.
      const line = await waitForLine(
        page,
        'the formatted line',
        (text) => /^game w = nim 3\s*\*3 \+ nim 2\s*\*2/.test(text),
        'game w = nim 3',
      );
      assert.match(line, /⊕ = \*1 · win/);
      await shot('e2e-10-format.png');
    });

    it('the lens of a rule opens its explorer: a period a row, the period marked, every value plotted', async () => {
      await page.keyboard.press('Control+Home');
      const lens = page.locator('.codelens-decoration a', { hasText: 'explore the nim-sequence of k' });
      await lens.waitFor({ state: 'visible', timeout: SHOWN_MS });
      await lens.click();
      // The panel's page is two frames down: VS Code's webview host, then the page itself.
      const panel = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
      const status = panel.locator('#status');
      await status.waitFor({ state: 'visible', timeout: SHOWN_MS });
      assert.match(
        (await status.textContent()) ?? '',
        /^period 12 from n = 71; proved at n = \d+ by the Guy–Smith periodicity theorem\.$/,
      );
      // Kayles (octal 0.77): rows of 12 values; 71 preperiod cells, then the first period's 12.
      assert.equal(await panel.locator('#values thead th').count(), 13);
      assert.equal(await panel.locator('#values td').count(), 1001);
      assert.equal(await panel.locator('#values td.preperiod').count(), 71);
      const period = await panel.locator('#values td.period').allTextContents();
      // G(71) to G(82), as Guy and Smith tabulate Kayles.
      assert.deepEqual(period, ['7', '4', '1', '2', '8', '1', '4', '7', '2', '1', '8', '2']);
      assert.equal(await panel.locator('#values td[data-n="71"]').getAttribute('class'), 'period');
      const points = await poll(
        page,
        'the plot of 1,001 points',
        async () => (await panel.locator('#plot').getAttribute('data-points')) ?? undefined,
        (text) => text === '1001',
      );
      assert.equal(points, '1001');
      assert.match((await panel.locator('#rare').textContent()) ?? '', /Rare values: 0, /);
      // The misère view: Kayles' quotient, proved for every heap, with its multiplication table.
      const misere = panel.locator('#misere-status');
      await misere.waitFor({ state: 'visible', timeout: SHOWN_MS });
      assert.match((await misere.textContent()) ?? '', /40 elements, 9 of them P; wild\. The same for every heap/);
      assert.equal(await panel.locator('#products tbody td').count(), 1600);
      assert.ok((await panel.locator('#genus tbody tr').count()) > 10);
      await shot('e2e-11-explorer.png');
      // Compute further: four times as many values, every one plotted.
      await panel.locator('#further').click();
      await poll(
        page,
        'the plot of 4,004 points',
        async () => (await panel.locator('#plot').getAttribute('data-points')) ?? undefined,
        (text) => text === '4004',
      );
      assert.equal((await panel.locator('#extent').textContent())?.startsWith('G(0) to G(4,003)'), true);
      await closeTab(page, 'k: nim-sequence');
    });

    it('the lens of a graph opens the graph view: each vertex and nimber, P-positions marked, tokens', async () => {
      const lens = page.locator('.codelens-decoration a', { hasText: 'show the graph g' });
      await lens.waitFor({ state: 'visible', timeout: SHOWN_MS });
      await lens.click();
      const panel = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
      const drawing = panel.locator('#drawing');
      await drawing.waitFor({ state: 'visible', timeout: SHOWN_MS });
      assert.equal(await drawing.getAttribute('data-vertices'), '5');
      assert.equal(await drawing.getAttribute('data-edges'), '6');
      // a -> b, c; b -> d; c -> d, e; d -> e: e and b lose (0), d is *1, c *2, a *1.
      const vertices = await panel
        .locator('g.vertex')
        .evaluateAll((nodes) => nodes.map((n) => `${n.getAttribute('data-name')}=${n.getAttribute('data-nimber')}`));
      assert.deepEqual(vertices, ['a=1', 'b=0', 'c=2', 'd=1', 'e=0']);
      assert.deepEqual(
        await panel
          .locator('g.vertex.p-position')
          .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-name'))),
        ['b', 'e'],
      );
      assert.deepEqual(await panel.locator('g.vertex text.label').allTextContents(), ['a', 'b', 'c', 'd', 'e']);
      // pebbles puts tokens on a and c, mixed one on b.
      const tokens = await panel
        .locator('g.vertex:has(g.token)')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-name')));
      assert.deepEqual(tokens, ['a', 'b', 'c']);
      await shot('e2e-12-graph.png');
      await closeTab(page, 'graph g');
    });

    it('the graph view of loops: wins, losses and draws coloured, ∞(K) drawn apart, the cycles marked', async () => {
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'loops.game' }).click();
      await page.locator('.tab.active', { hasText: 'loops.game' }).waitFor({ timeout: SHOWN_MS });
      const lens = page.locator('.codelens-decoration a', { hasText: 'show the graph loops' });
      await lens.waitFor({ state: 'visible', timeout: SHOWN_MS });
      await lens.click();
      const panel = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
      const drawing = panel.locator('#drawing');
      await drawing.waitFor({ state: 'visible', timeout: SHOWN_MS });
      // The page is drawn again when the values come: wait until every vertex says who wins.
      await poll(
        page,
        'every vertex of loops valued',
        async () => String(await panel.locator('g.vertex[data-outcome=""]').count()),
        (text) => text === '0',
      );
      /** `name=attribute` of the vertices (or edges) the selector finds, as an object. */
      const byName = async (selector: string, attribute: string) =>
        Object.fromEntries(
          await panel
            .locator(selector)
            .evaluateAll((nodes, a) => nodes.map((n) => [n.getAttribute('data-name'), n.getAttribute(a)]), attribute),
        );
      // a -> a, e; b -> c, e; c -> b; s -> t; t -> s: e = 0 and c = 0 lose, b = 1 and a = ∞(0) win, s and t draw.
      assert.deepEqual(await byName('g.vertex', 'data-outcome'), { a: 'N', e: 'P', b: 'N', c: 'P', s: 'D', t: 'D' });
      assert.deepEqual(await byName('g.vertex.infinite', 'data-value'), { a: '∞(0)', s: '∞()', t: '∞()' });
      assert.deepEqual(await byName('g.vertex.infinite', 'data-nimber'), { a: '', s: '', t: '' });
      assert.deepEqual(await panel.locator('g.vertex.infinite text.nimber').allTextContents(), ['∞(0)', '∞()', '∞()']);
      assert.deepEqual(await byName('g.vertex.p-position', 'data-nimber'), { e: '0', c: '0' });
      assert.deepEqual(await byName('g.vertex.draw', 'data-outcome'), { s: 'D', t: 'D' });
      assert.equal(
        await panel.locator('g.vertex[data-name="a"] > title').textContent(),
        'a: ∞(0): the player to move wins (move to a follower of value 0)',
      );
      assert.equal(
        await panel.locator('g.vertex[data-name="s"] > title').textContent(),
        's: ∞(): a draw: with best play the game never ends',
      );
      // Each outcome in a colour of its own: a win, a loss and a draw are told apart at a glance.
      const strokes = await Promise.all(
        ['a', 'e', 's'].map((name) =>
          panel
            .locator(`g.vertex[data-name="${name}"] > rect`)
            .first()
            .evaluate((n) => getComputedStyle(n).stroke),
        ),
      );
      assert.equal(new Set(strokes).size, 3, `strokes ${strokes}`);
      // The edges on a cycle: the loop a -> a, b <-> c, s <-> t; not the ways out a -> e and b -> e.
      assert.equal(await drawing.getAttribute('data-cycle-edges'), '5');
      const edges = (selector: string) =>
        panel
          .locator(selector)
          .evaluateAll((nodes) => nodes.map((n) => `${n.getAttribute('data-from')}->${n.getAttribute('data-to')}`));
      assert.deepEqual(await edges('path.edge.cycle'), ['a->a', 'b->c', 'c->b', 's->t', 't->s']);
      assert.deepEqual(await edges('path.edge:not(.cycle)'), ['a->e', 'b->e']);
      // The loop is a small arc beside a, to its right, within a's height.
      const box = async (selector: string) =>
        panel.locator(selector).evaluate((n) => {
          const b = (n as SVGGraphicsElement).getBBox();
          return { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
        });
      const vertexA = await box('g.vertex[data-name="a"] > rect');
      const loop = await box('path.edge[data-from="a"][data-to="a"]');
      assert.ok(
        loop.left >= vertexA.right - 1 &&
          loop.right <= vertexA.right + 40 &&
          loop.top > vertexA.top - 8 &&
          loop.bottom < vertexA.bottom + 8,
        `the loop ${JSON.stringify(loop)} beside a ${JSON.stringify(vertexA)}`,
      );
      assert.match((await panel.locator('p.legend').textContent()) ?? '', /∞\(K\).*draw.*an edge on a cycle/);
      assert.deepEqual(
        [await panel.locator('#infinite-wins').textContent(), await panel.locator('#draws').textContent()],
        ['1', '2'],
      );
      await shot('e2e-16-loops-graph.png');
      await closeTab(page, 'graph loops');
      await closeTab(page, 'loops.game');
      await page.locator('.tab.active', { hasText: FILE }).waitFor({ timeout: SHOWN_MS });
    });

    it("a rule of one's own: the hover's working on a heap, and the heat map of a rule of two variables", async () => {
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'moves.game' }).click();
      await page.locator('.tab.active', { hasText: 'moves.game' }).waitFor({ timeout: SHOWN_MS });
      // `game mine = half 10 + …`: the heap of 10 under `half` (take at least 1, at most half).
      await page.locator('.codelens-decoration a', { hasText: 'explore the values of corner' }).waitFor({
        state: 'visible',
        timeout: SHOWN_MS,
      });
      await waitForLine(page, "mine's value", (text) => text.includes('= *7 · win'), 'game mine');
      const { x, y } = await pointOf(page, 'game mine', '1', 'half ');
      await page.mouse.move(x, y);
      const hover = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content', { hasText: 'heap of 10' });
      await hover.waitFor({ state: 'visible', timeout: SHOWN_MS });
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text
      const text = (await hover.innerText()).replace(/\u00a0/g, ' ');
      assert.match(text, /under half \(moves n -> n - k for k in 1\.\.n \/ 2\)/);
      assert.match(text, /options: 9 \*2, 8 \*4, 7 0, 6 \*3, 5 \*1/);
      assert.match(text, /mex = 5/);
      await shot('e2e-17-moves-hover.png');
      await page.mouse.move(5, 700);
      await page.locator('.codelens-decoration a', { hasText: 'explore the values of corner' }).click();
      const panel = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
      const heatmap = panel.locator('#heatmap');
      await heatmap.waitFor({ state: 'visible', timeout: SHOWN_MS });
      assert.equal(await heatmap.getAttribute('data-size'), '127');
      // corner is Wythoff's queen: its P-positions are (0, 0) and the Beatty pairs, 2 for each k with ⌊kφ²⌋ ≤ 127.
      let pairs = 1;
      for (let k = 1; Math.floor(k * ((3 + Math.sqrt(5)) / 2)) <= 127; k++) pairs += 2;
      assert.equal(await heatmap.getAttribute('data-zeros'), String(pairs));
      assert.match((await panel.locator('#status').textContent()) ?? '', /no pattern in it is claimed proved/);
      // A table, not a sequence: the tab says so.
      await page.locator('.tab', { hasText: 'corner: table of values' }).waitFor({ timeout: SHOWN_MS });
      await shot('e2e-18-moves-heatmap.png');
      await closeTab(page, 'corner');
      await closeTab(page, 'moves.game');
      await page.locator('.tab.active', { hasText: FILE }).waitFor({ timeout: SHOWN_MS });
    });

    it('the lens of a Hackenbush picture opens the picture view: its ground, its stalks, the winning cut', async () => {
      await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'stairs.game' }).click();
      await page.locator('.tab.active', { hasText: 'stairs.game' }).waitFor({ timeout: SHOWN_MS });
      const lens = page.locator('.codelens-decoration a', { hasText: 'show the picture of tree' });
      await lens.waitFor({ state: 'visible', timeout: SHOWN_MS });
      await lens.click();
      const panel = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
      const drawing = panel.locator('#drawing');
      await drawing.waitFor({ state: 'visible', timeout: SHOWN_MS });
      // ground - a, a - b, a - c, c - d: *4, and the one winning cut takes the whole tree.
      assert.equal(await drawing.getAttribute('data-edges'), '4');
      assert.equal(await drawing.getAttribute('data-winning'), '1');
      assert.equal(await panel.locator('line.ground').count(), 1);
      assert.deepEqual(
        await panel.locator('path.stalk.winning').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-edge'))),
        ['ground - a'],
      );
      assert.deepEqual(await panel.locator('g.joint text').allTextContents(), ['a', 'b', 'c', 'd']);
      // Drawn standing: every joint above the ground line.
      const groundY = Number(await panel.locator('line.ground').getAttribute('y1'));
      const jointYs = await panel
        .locator('g.joint circle')
        .evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('cy'))));
      assert.ok(
        jointYs.every((y) => y < groundY),
        `joints at ${jointYs} stand above the ground at ${groundY}`,
      );
      await shot('e2e-12-picture.png');
      await closeTab(page, 'picture 1 of tree');
      await closeTab(page, 'stairs.game');
      await page.locator('.tab.active', { hasText: FILE }).waitFor({ timeout: SHOWN_MS });
    });

    it('the status item: computing 1 game, and its Cancel stops it before the budget would', async () => {
      // A game whose value takes long: three rules whose loops run to their limit of work, one after the other.
      const { x, y } = await pointOf(page, 'game z = onetwo 3', '3', 'game z = onetwo ');
      await page.mouse.click(x, y);
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      for (const k of [1, 2, 3]) {
        await page.keyboard.insertText(`rule s${k} = moves n -> n - 1 for k in 1..1000000000000000 if k == ${k}`);
        await page.keyboard.press('Enter');
      }
      await page.keyboard.insertText('game slow = s1 3 + s2 3 + s3 3');
      const status = page.locator('[id="status.languageStatus"]');
      /** The status item's text in the hover of the `{}` (hovered afresh: a hover shows what was so when it opened). */
      const hovered = async (text: string) => {
        await page.mouse.move(5, 700);
        await status.hover();
        const shown = await page
          .locator('.hover-language-status')
          .first()
          .waitFor({ state: 'visible', timeout: 2000 })
          .then(() => true)
          .catch(() => false);
        return shown && (await page.locator('.hover-language-status', { hasText: text }).first().isVisible());
      };
      const computing = await poll(
        page,
        'the status: computing',
        async () => ((await hovered('Grundy: computing 1 game')) ? 'computing' : undefined),
        () => true,
      );
      assert.equal(computing, 'computing');
      await shot('e2e-13-status-computing.png');
      const cancelled = Date.now();
      await page
        .locator('.hover-language-status', { hasText: 'Grundy: computing 1 game' })
        .first()
        .locator('a', { hasText: 'Cancel' })
        .click();
      await poll(
        page,
        'the status: idle again',
        async () => ((await hovered('Grundy: idle')) ? 'idle' : undefined),
        () => true,
      );
      // The Cancel ended it (its work alone takes about 15 s).
      assert.ok(Date.now() - cancelled < 8000, `idle ${Date.now() - cancelled} ms after Cancel`);
      await page.mouse.move(5, 700);
    });
  });

  // ---- Games in Markdown: examples/notes.md, its ```game blocks highlighted and its preview with their values ----
  describe('Games in Markdown, as a user sees them', function () {
    this.timeout(READY_MS + 3 * SHOWN_MS);
    let notes: Page;

    pageOfItsOwn(
      session,
      (page) => {
        notes = page;
      },
      () => notes,
    );

    it('opens examples/notes.md: the game lines of its ```game blocks are coloured as game code', async () => {
      await openAlone(notes, session, 'notes.md');
      await notes.locator('.tab.active', { hasText: 'notes.md' }).waitFor({ timeout: SHOWN_MS });
      // Inside a block, the line is game code: `game`, the names, the numbers in colours of their own (the injected
      // grammar's scopes). A fenced block Markdown alone knows nothing of is one token, in one colour.
      const colours = await poll(
        notes,
        'the colours of a game line in a ```game block',
        () =>
          notes.evaluate(() => {
            const editor = document.querySelector('.editor-instance .monaco-editor .view-lines');
            for (const line of editor?.querySelectorAll('.view-line') ?? []) {
              if (!(line.textContent ?? '').replace(/\u00a0/g, ' ').startsWith('game lecture = nim 3 4 5')) continue;
              const spans = [...line.querySelectorAll('span span')].filter((span) => span.textContent?.trim());
              return JSON.stringify(spans.map((span) => [span.textContent, getComputedStyle(span).color]));
            }
            return undefined;
          }),
        (text) => new Set((JSON.parse(text) as [string, string][]).map(([, colour]) => colour)).size >= 3,
      );
      // `game` is a keyword's colour, not the number's.
      const byText = new Map(JSON.parse(colours) as [string, string][]);
      assert.notEqual(byText.get('game'), byText.get('3'), colours);
    });

    it("the Markdown preview shows each block's games: values, who wins, the winning moves", async () => {
      await runCommand(notes, 'Markdown: Open Preview to the Side');
      // The preview is a webview: VS Code's webview host, then the page itself.
      const preview = notes.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
      const lecture = preview.locator('table.grundy-games tr', { hasText: 'lecture' });
      await lecture.waitFor({ state: 'visible', timeout: READY_MS });
      const balanced = preview.locator('table.grundy-games tr', { hasText: 'balanced' });
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text
      const row = (await lecture.innerText()).replace(/\s+/g, ' ').trim();
      assert.equal(row, 'lecture *2 first player wins nim 3 → 1');
      assert.match((await balanced.textContent()) ?? '', /second player wins/);
      // The last block's heap of 10^18 under Officers: past the preview's limits of work.
      const far = preview.locator('table.grundy-games tr', { hasText: 'far' });
      assert.match((await far.textContent()) ?? '', /too large to compute here/);
      // The code above the table is coloured by the theme (the classes of VS Code's own code highlighting).
      assert.ok((await preview.locator('pre.grundy-code .hljs-keyword').count()) > 5);
      // The first blocks in view for the picture.
      await preview.locator('h2', { hasText: 'Nim' }).first().scrollIntoViewIfNeeded();
      await notes.screenshot({ path: join(session.resultsDir, 'e2e-14-markdown.png') });
    });
  });

  // The game tree: "Grundy: Show Game Tree" from the palette on a small game, one node opened by a
  // click, the P-positions marked (a page of its own: the tests above leave language.game edited).
  describe('the game tree, as a user sees it', function () {
    this.timeout(READY_MS + 4 * SHOWN_MS);
    const TREE_FILE = 'coins.game';
    const TREE_LINE = 'game coins = onetwo 3 4 5';
    let treePage: Page;

    pageOfItsOwn(
      session,
      (page) => {
        treePage = page;
      },
      () => treePage,
    );

    it('Show Game Tree on coins: its moves, the P-positions marked, a node opened by a click', async () => {
      await openAlone(treePage, session, TREE_FILE);
      await treePage.locator('.tab.active', { hasText: TREE_FILE }).waitFor({ timeout: SHOWN_MS });
      // The cursor in the game's declaration: the palette command takes the game at the cursor.
      await waitForLine(treePage, 'the game line', (text) => text.includes('= *3 · win'), TREE_LINE);
      // The lenses first: drawn after the hints, they push the line down, and a click aimed before lands above it.
      await waitForLensAbove(treePage, TREE_LINE, (text) => text.includes('play against the computer'));
      const { x, y } = await pointOf(treePage, TREE_LINE, '4', 'onetwo 3 ');
      await treePage.mouse.click(x, y);
      await poll(
        treePage,
        'the cursor on the game line',
        () => statusSelection(treePage),
        (text) => /Ln 5,/.test(text),
      );
      await runCommand(treePage, 'Grundy: Show Game Tree');
      const panel = treePage.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
      const tree = panel.locator('#tree');
      await tree.waitFor({ state: 'visible', timeout: SHOWN_MS });
      assert.match((await panel.locator('.tree-node.root').textContent()) ?? '', /onetwo 3 4 5\s*\*3/);
      // onetwo takes 1 or 2: six moves; 4 → 2 and 5 → 4 leave nim-sum 0, the P-positions, double-bordered.
      const children = panel.locator('#tree > li > ul > li > .tree-node');
      assert.equal(await children.count(), 6);
      assert.deepEqual(
        await panel
          .locator('#tree > li > ul > li > .tree-node.p-position .move')
          .evaluateAll((nodes) => nodes.map((n) => n.textContent)),
        ['4 → 2', '5 → 4'],
      );
      const border = await panel
        .locator('.tree-node.p-position')
        .first()
        .evaluate((n) => getComputedStyle(n).borderTopStyle);
      assert.equal(border, 'double');
      // Open the P-position 4 → 2 (onetwo 3 2 5): its six moves all leave N-positions.
      const node = panel.locator('button.tree-node', { hasText: '4 → 2' });
      assert.equal(await node.getAttribute('aria-expanded'), 'false');
      await node.click();
      const opened = panel.locator('li:has(> button.tree-node[aria-expanded="true"]) > ul.tree-children');
      await opened.waitFor({ state: 'visible', timeout: SHOWN_MS });
      assert.match((await node.textContent()) ?? '', /onetwo 3 2 5\s*0/);
      const grandchildren = opened.locator(':scope > li > .tree-node');
      assert.equal(await grandchildren.count(), 6);
      assert.equal(await opened.locator(':scope > li > .tree-node.p-position').count(), 0);
      assert.deepEqual(await grandchildren.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-outcome'))), [
        'N',
        'N',
        'N',
        'N',
        'N',
        'N',
      ]);
      await treePage.screenshot({ path: join(session.resultsDir, 'e2e-14-tree.png') });
      // A second click closes it.
      await node.click();
      assert.equal(await node.getAttribute('aria-expanded'), 'false');
      await closeTab(treePage, 'tree of coins');
    });
  });

  // Playing against the computer: examples/play.game, "play against the computer" on `duel`, then the
  // user's winning-move lenses, each answered by the computer's edit, until the game ends (a page of its own).
  describe('a game played to the end against the computer', function () {
    this.timeout(READY_MS + 12 * SHOWN_MS);
    const PLAY_FILE = 'play.game';
    const DUEL = 'game duel = nim ';
    let playPage: Page;

    pageOfItsOwn(
      session,
      (page) => {
        playPage = page;
      },
      () => playPage,
    );

    /** The notifications' text, in the notification centre. */
    const notifications = () =>
      playPage.evaluate(() =>
        [...document.querySelectorAll('.notifications-center .notification-list-item-message')].map((n) =>
          (n.textContent ?? '').replace(/\u00a0/g, ' '),
        ),
      );

    it('plays nim 2 3 out: each winning-move lens is answered by the computer, and the end says who won', async () => {
      await openAlone(playPage, session, PLAY_FILE);
      await waitForLensAbove(playPage, DUEL, (text) => text.includes('play against the computer'));
      await playPage.locator('.codelens-decoration a', { hasText: 'play against the computer' }).first().click();
      await waitForLensAbove(
        playPage,
        DUEL,
        (text) => text.includes("computer's move") && text.includes('stop playing'),
      );
      // The notification centre stays open: each of the computer's moves is told there, as is the end.
      await runCommand(playPage, 'Notifications: Show Notifications');
      const answers = async () => (await notifications()).filter((m) => /^Computer: |^No move is left/.test(m)).length;
      const positions: string[] = [(await renderedLine(playPage, DUEL)) ?? ''];
      let ended = false;
      for (let turn = 0; turn < 6 && !ended; turn++) {
        // The user's move: the first winning-move lens above the game.
        const lens = await waitForLensAbove(playPage, DUEL, (text) => text.includes('▶'));
        const title = lens
          .split(' | ')
          .find((t) => t.includes('▶'))!
          .trim();
        const told = await answers();
        await playPage.locator('.codelens-decoration a', { hasText: title }).first().click();
        // The computer answers: its move (or the end) is told, and its edit is in the text.
        await poll(
          playPage,
          `the computer's answer to ${title}`,
          async () => ((await answers()) > told ? 'told' : undefined),
          () => true,
        );
        const last = (await notifications()).filter((m) => /^Computer: |^No move is left/.test(m))[0];
        positions.push(last);
        ended = /^No move is left/.test(last);
        if (!ended) await waitForLensAbove(playPage, DUEL, (text) => text.includes('▶') && !text.includes(title));
      }
      assert.ok(ended, `the game ended: ${positions.join(' / ')}`);
      // nim 2 3 is won by the player to move, and the user took a winning move each time.
      assert.match(positions[positions.length - 1], /you won/);
      assert.match((await renderedLine(playPage, DUEL)) ?? '', /^game duel = nim 0 0/);
      await waitForLensAbove(playPage, DUEL, (text) => text.includes('play against the computer'));
      await playPage.screenshot({ path: join(session.resultsDir, 'e2e-15-play.png') });
    });
  });

  // The board view: examples/boards.game, "show the board" above a Cram board, its winning placements
  // highlighted, one clicked: the move is written into the text and the view redraws the board after it (a page of
  // its own; the file is left edited, not saved).
  describe('the board view, as a user sees it', function () {
    this.timeout(READY_MS + 6 * SHOWN_MS);
    const BOARD_FILE = 'boards.game';
    const CORNER = 'game corner = cram ';
    let boardPage: Page;

    pageOfItsOwn(
      session,
      (page) => {
        boardPage = page;
      },
      () => boardPage,
    );

    it('the lens of a Cram board opens the board view; a winning placement clicked is played in the text', async () => {
      await openAlone(boardPage, session, BOARD_FILE);
      await boardPage.locator('.tab.active', { hasText: BOARD_FILE }).waitFor({ timeout: SHOWN_MS });
      await waitForLensAbove(boardPage, CORNER, (text) => text.includes('show the board of corner'));
      await boardPage.locator('.codelens-decoration a', { hasText: 'show the board of corner' }).first().click();
      const panel = boardPage.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
      const drawing = panel.locator('#drawing');
      await drawing.waitFor({ state: 'visible', timeout: SHOWN_MS });
      await poll(
        boardPage,
        'the winning placements drawn',
        async () => (await drawing.getAttribute('data-winning')) ?? undefined,
        (text) => text !== '0',
      );
      assert.equal(await drawing.getAttribute('data-kind'), 'cram');
      // ["....", ".#..", "...."]: twelve cells, one filled; the game's lenses list the same nine winning moves.
      assert.equal(await panel.locator('.cell').count(), 12);
      assert.deepEqual(
        await panel.locator('.cell.filled').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-cell'))),
        ['2,2'],
      );
      const lenses = await waitForLensAbove(boardPage, CORNER, (text) => text.includes('more winning moves'));
      const count = 3 + Number(/(\d+) more winning moves/.exec(lenses)![1]);
      const dominoes = panel.locator('button.move.domino');
      assert.equal(await dominoes.count(), count);
      assert.equal(await drawing.getAttribute('data-winning'), String(count));
      const labels = await dominoes.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
      for (const label of labels) assert.match(label, /^fill \(\d, \d\) and \(\d, \d\): wins$/);
      assert.match((await panel.locator('#moves-status').textContent()) ?? '', new RegExp(`^${count} winning moves`));
      await boardPage.screenshot({ path: join(session.resultsDir, 'e2e-19-board-view.png') });
      // Click the placement that fills (1, 1) and (1, 2), as a person does.
      const version = await drawing.getAttribute('data-version');
      await panel.locator('button.move.domino[aria-label="fill (1, 1) and (1, 2): wins"]').click();
      await waitForLine(
        boardPage,
        'the move written into the text',
        (text) => text.startsWith('game corner = cram ["##..", ".#..", "...."]'),
        CORNER,
      );
      // The view follows the document: the board after the move, a lost one, with nothing highlighted.
      await poll(
        boardPage,
        'the board drawn again',
        async () => (await panel.locator('#drawing').getAttribute('data-version')) ?? undefined,
        (text) => text !== version,
      );
      assert.deepEqual(
        await panel.locator('.cell.filled').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-cell'))),
        ['1,1', '1,2', '2,2'],
      );
      assert.equal(await panel.locator('button.move').count(), 0);
      assert.match((await panel.locator('#moves-status').textContent()) ?? '', /player to move loses/);
      await boardPage.screenshot({ path: join(session.resultsDir, 'e2e-19b-board-played.png') });
      await closeTab(boardPage, 'board of corner');
    });
  });

  // The misère view of a set of rules: examples/misere.game, the lens above `mixed` (Kayles heaps beside a Nim heap)
  // opens their joint quotient: its status, presentation, P-portion and each rule's pretending function.
  describe('the misère view of a set of rules, as a user sees it', function () {
    this.timeout(READY_MS + 6 * SHOWN_MS);
    const MISERE_FILE = 'misere.game';
    const MIXED = 'game mixed = misere kayles';
    let quotientPage: Page;

    pageOfItsOwn(
      session,
      (page) => {
        quotientPage = page;
      },
      () => quotientPage,
    );

    it('the lens of a misère game of kayles and nim opens their joint quotient, each rule a table', async () => {
      await openAlone(quotientPage, session, MISERE_FILE);
      await quotientPage.locator('.tab.active', { hasText: MISERE_FILE }).waitFor({ timeout: SHOWN_MS });
      const title = 'explore the misère quotient of kayles and nim';
      await waitForLensAbove(quotientPage, MIXED, (text) => text.includes(title));
      await quotientPage.locator('.codelens-decoration a', { hasText: title }).first().click();
      const panel = quotientPage.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
      const status = panel.locator('#status');
      await status.waitFor({ state: 'visible', timeout: 4 * SHOWN_MS });
      assert.match((await status.textContent()) ?? '', /^The misère quotient of kayles and nim: \d+ elements/);
      assert.match((await panel.locator('#presentation').textContent()) ?? '', /^Generators: a = kayles heap 1/);
      assert.match((await panel.locator('#p-portion').textContent()) ?? '', /^P-portion: /);
      // Nim's heaps are the game's (to 5): its table has their elements, and says the others are not in it.
      const nim = await panel.locator('#pretending-1 td').evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
      assert.equal(nim.length, 6, nim.join(' '));
      assert.ok(!nim.includes('?'), nim.join(' '));
      assert.equal(await panel.locator('#rule-past-1').textContent(), 'nim heaps past 5: not in this quotient.');
      // Kayles to the heaps shown (60), or as far as it grew in the budget, and then it says where it stopped.
      const kayles = await panel.locator('#pretending-0 td').count();
      assert.ok(kayles === 61 || (kayles > 0 && (await panel.locator('#stopped').count()) === 1), `${kayles} cells`);
      await quotientPage.screenshot({ path: join(session.resultsDir, 'e2e-20-quotient-view.png') });
      await closeTab(quotientPage, 'mixed: misère quotient');
    });
  });
}
