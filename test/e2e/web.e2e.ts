// The extension as a *web* extension, seen on the screen: the workbench of a VS Code server whose user settings
// put the extension in the web worker extension host (`remote.extensionKind`), examples/piles.game opened from the
// Explorer, its inlay hints and lenses drawn, a heap hovered with the mouse; the screenshot is the README's picture
// of the extension in a browser (media/web.png). That the extension runs in the web worker host, and not in the
// server's Node host, is the web suite's to prove (test/web-integration/where.itest.ts), run just before in the
// same workbench; this adds what a person sees, the host included ("Developer: Show Running Extensions").
//
// test/vscode/host.mjs (stage `web`) runs this file with mocha and hands it the browser and the workbench's URL
// through `defineWebTests`.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { pointOf, runCommand, type WorkbenchSession, waitForLensAbove, waitForLine } from './workbench.e2e';

/** Cold start of the workbench, the web worker host, the extension and its server worker. */
const READY_MS = 60_000;
const SHOWN_MS = 20_000;

const FILE = 'piles.game';
const GAME_LINE = 'game tilted';
/** The screenshot for the README (host.mjs copies it to media/web.png when asked). */
export const WEB_SCREENSHOT = 'web-1-hover.png';

export function defineWebTests(session: WorkbenchSession): void {
  let page: Page;
  const shot = (name: string) => page.screenshot({ path: join(session.resultsDir, name) });

  describe('the web extension in the workbench, as a user sees it', function () {
    this.timeout(READY_MS + 2 * SHOWN_MS);

    before(async () => {
      page = await session.browser.newPage();
      await page.setViewportSize({ width: 1400, height: 800 });
    });
    after(async () => {
      await page?.close().catch(() => {});
    });
    afterEach(async function () {
      if (this.currentTest?.state === 'failed')
        await shot(`failed-web-${this.currentTest.title.replace(/[^\w]+/g, '-').slice(0, 60)}.png`).catch(() => {});
    });

    it(`opens ${FILE} from the Explorer: the sum's hints and its winning-move lenses are drawn`, async () => {
      await page.goto(session.workbenchUrl);
      const entry = page.locator('.explorer-folders-view .monaco-list-row', { hasText: FILE });
      await entry.waitFor({ state: 'visible', timeout: READY_MS });
      // The suite before left its editors and panels: start from none.
      await runCommand(page, 'View: Close All Editor Groups');
      const dontSave = page.locator('.monaco-dialog-box .monaco-button', { hasText: "Don't Save" });
      if (await dontSave.isVisible().catch(() => false)) await dontSave.click();
      await entry.click();
      await page.locator('.tab.active', { hasText: FILE }).waitFor({ timeout: SHOWN_MS });
      // Hints are drawn inside the line: onetwo 5 is *2, upto3 7 is *3, evens 7 is 0, the sum *1.
      const line = await waitForLine(page, 'the hints of tilted', (text) => text.includes('⊕ = *1'), GAME_LINE);
      assert.match(line, /onetwo 5\s*\*2 \+ upto3 7\s*\*3 \+ evens 7\s*0\s*⊕ = \*1 · win/);
      const lens = await waitForLensAbove(page, GAME_LINE, (text) => text.includes('▶'));
      assert.match(lens, /▶ upto3 7 → 6 \| ▶ evens 7 → 3/);
    });

    it('hovering a heap with the mouse shows its nimber and why', async () => {
      const { x, y } = await pointOf(page, GAME_LINE, '7', 'upto3 ');
      await page.mouse.move(x, y);
      const hover = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content', { hasText: 'heap of 7' });
      await hover.waitFor({ state: 'visible', timeout: SHOWN_MS });
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text
      const text = (await hover.innerText()).replace(/\u00a0/g, ' ');
      assert.match(text, /heap of 7 under upto3/);
      assert.match(text, /nimber \*3/);
      await shot(WEB_SCREENSHOT);
    });

    it('"Show Running Extensions" lists it in the web worker host, the built-in ones on the server', async () => {
      await page.mouse.move(5, 700);
      await runCommand(page, 'Developer: Show Running Extensions');
      // Each row names the extension and, below, its host: the server's authority, or "web worker".
      const row = (name: string) => page.locator('.runtime-extensions-editor .monaco-list-row', { hasText: name });
      await row('Grundy').waitFor({ state: 'visible', timeout: SHOWN_MS });
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text
      const grundy = await row('Grundy').innerText();
      assert.match(grundy, /web worker/, grundy);
      const authority = new URL(session.workbenchUrl).host;
      assert.ok(!grundy.includes(authority), grundy);
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text
      const builtin = await row('Emmet').innerText();
      assert.ok(builtin.includes(authority), `Emmet runs on the server: ${builtin}`);
      await shot('web-2-running-extensions.png');
    });
  });
}
