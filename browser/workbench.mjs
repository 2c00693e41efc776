// Drives the workbench page in Debian's headless chromium and prints what the page shows, as JSON,
// for the Java test to assert: node workbench.mjs <page address> <screenshot folder> <scenarios.json>.
// Each scenario types a statement, presses Run (or Explain), waits for the page to finish, reads the grid, the
// request cards, the copy buttons' texts (through the clipboard), the slices and any refusal, and
// saves a screenshot named after it.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';

const [address, screenshots, scenariosFile] = process.argv.slice(2);
const scenarios = JSON.parse(readFileSync(scenariosFile, 'utf8'));
const browser = await chromium.launch({ executablePath: process.env.KEYCOND_CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox'] });
const results = {};
try {
  const context = await browser.newContext({ viewport: { width: 1500, height: 1000 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(address).origin });
  const page = await context.newPage();
  const failures = [];
  page.on('pageerror', error => failures.push(String(error)));
  page.on('console', message => { if (message.type() === 'error') failures.push(message.text()); });
  await page.goto(address);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 10000 });
  for (const scenario of scenarios) {
    await page.fill('#sql', scenario.sql);
    await page.click(scenario.button === 'explain' ? '#explain' : '#run');
    await page.waitForFunction(() => document.getElementById('status').textContent === ''
      && (document.querySelector('#rows table, #message:not([hidden]), #explain-text:not([hidden])') !== null),
      null, { timeout: 15000 });
    const seen = await page.evaluate(() => ({
      columns: [...document.querySelectorAll('#rows th')].map(th => th.firstChild.textContent + ' ' + th.querySelector('.type').textContent),
      rows: [...document.querySelectorAll('#rows tbody tr')].map(tr => [...tr.cells].map(td => td.textContent)),
      cost: document.getElementById('cost').textContent,
      cards: [...document.querySelectorAll('#cards .card')].map(card => ({
        operation: card.dataset.operation,
        text: card.textContent,
        json: card.querySelector('pre.json')?.textContent ?? null })),
      slices: [...document.querySelectorAll('#slices .slice')].map(slice => ({
        title: slice.querySelector('.title').textContent,
        items: [...slice.querySelectorAll('.item')].map(item => item.dataset.sort),
        read: [...slice.querySelectorAll('.item.read')].map(item => item.dataset.sort),
        filtered: [...slice.querySelectorAll('.item.filtered')].map(item => item.dataset.sort),
        rejected: [...slice.querySelectorAll('.item.rejected')].map(item => item.dataset.sort),
        entities: [...slice.querySelectorAll('.item')].map(item => item.dataset.entity),
        boundaries: slice.querySelectorAll('.boundary').length })),
      message: document.getElementById('message').hidden ? null : document.querySelector('#message .text').textContent,
      messageKind: document.getElementById('message').className,
      fixes: [...document.querySelectorAll('#message:not([hidden]) .fix')].map(button => button.textContent),
      history: [...document.querySelectorAll('#history li')].map(li => li.textContent),
      explain: document.getElementById('explain-text').hidden ? null : document.getElementById('explain-text').textContent }));
    seen.copies = [];
    const cards = await page.$$('#cards .card');
    for (const card of cards) {
      const copies = {};
      for (const form of ['json', 'cli', 'java']) {
        const button = await card.$(`button.copy[data-form="${form}"]`);
        if (button === null) continue;
        await button.click();
        copies[form] = await page.evaluate(() => navigator.clipboard.readText());
      }
      seen.copies.push(copies);
    }
    await page.screenshot({ path: `${screenshots}/${scenario.name}.png`, fullPage: true });
    if (seen.fixes.length > 0) {
      await page.click('#message .fix');
      seen.editorAfterFix = await page.inputValue('#sql');
    }
    results[scenario.name] = seen;
  }
  results.pageErrors = failures;
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(results));
