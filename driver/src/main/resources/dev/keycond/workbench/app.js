// The workbench page: the editor and its history, the rows a page at a time, one card per request
// with the texts EXPLAIN gives and what its requests read, returned and cost as DynamoDB answered,
// the cost as the driver reports it, the slices, the mapping. Every figure shown comes from the
// server; the page only lays it out.

import { element } from './dom.js';
import { drawSlices } from './slice.js';
import { drawMapping, colorOf } from './mapping.js';

const token = document.querySelector('meta[name="keycond-token"]').content;
const $ = id => document.getElementById(id);
const editor = $('sql');
let names = [];

async function api(path, body) {
  const init = body === undefined
    ? { headers: { 'X-Keycond-Token': token } }
    : { method: 'POST', headers: { 'X-Keycond-Token': token, 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  if (!response.ok) throw new Error(response.status + ': ' + await response.text());
  return response.json();
}

function busy(text) {
  $('status').textContent = text;
}

function clear() {
  for (const id of ['rows', 'cards', 'cost', 'message']) $(id).replaceChildren();
  $('message').hidden = true;
  $('explain-text').hidden = true;
  $('slices').replaceChildren();
}

function remember(sql) {
  const history = $('history');
  const last = history.firstElementChild;
  if (last && last.textContent === sql) return;
  const item = element('li', '', sql);
  item.title = 'Put into the editor';
  item.addEventListener('click', () => { editor.value = sql; editor.focus(); });
  history.prepend(item);
}

function message(kind, text, fixes = []) {
  const box = $('message');
  box.className = kind;
  box.replaceChildren(element('div', 'text', text));
  for (const fix of fixes) {
    const button = element('button', 'fix', fix);
    button.title = 'Put this statement into the editor';
    button.addEventListener('click', () => { editor.value = fix; editor.focus(); });
    box.append(button);
  }
  box.hidden = false;
  return box;
}

function showCost(cost) {
  if (cost) $('cost').textContent = 'Cost: ' + cost.summary;
}

/** @param unsent why the requests were not sent (a refusal, a write not confirmed, an EXPLAIN), if they were not */
function showCards(requests, unsent) {
  const cards = $('cards');
  cards.replaceChildren();
  (requests ?? []).forEach((request, i) => {
    const card = element('div', 'card');
    card.dataset.operation = request.operation;
    card.append(element('div', 'title', (i + 1) + '. ' + request.operation
      + (request.table ? ' on table ' + request.table : '') + (request.index ? ' index ' + request.index : '')));
    if (unsent) card.append(element('div', 'figures unsent', unsent));
    card.append(element('div', 'figures sent'));
    if (request.unknown) {
      card.append(element('div', 'figures', 'Known only as the statement runs: ' + request.unknown));
      cards.append(card);
      return;
    }
    if (request.note) card.append(element('div', 'figures', request.note));
    card.append(element('pre', 'json', request.json));
    const copies = element('div', 'copies');
    for (const [form, label] of [['json', 'Copy DynamoDB JSON'], ['cli', 'Copy AWS CLI'], ['java', 'Copy Java SDK']]) {
      const button = element('button', 'copy', label);
      button.dataset.form = form;
      button.addEventListener('click', async () => {
        await navigator.clipboard.writeText(request[form]);
        button.classList.add('copied');
      });
      copies.append(button);
    }
    card.append(copies);
    cards.append(card);
  });
}

/**
 * What the requests sent so far under each card read, returned and cost, as the server counted
 * DynamoDB's answers; the requests no card stands for get cards of their own.
 */
function showSent(sent) {
  if (!sent) return;
  const cards = [...$('cards').querySelectorAll('.card:not(.unlisted)')];
  sent.cards.forEach((figures, i) => {
    const line = cards[i].querySelector('.figures.sent');
    line.textContent = figures ? figures.describe : 'Nothing sent for it so far';
    line.classList.toggle('none', !figures);
  });
  $('cards').querySelectorAll('.card.unlisted, .not-kept').forEach(card => card.remove());
  sent.unlisted.forEach((figures, i) => {
    const card = element('div', 'card unlisted');
    card.dataset.operation = figures.operation;
    card.append(element('div', 'title', (cards.length + i + 1) + '. ' + figures.operation
      + (figures.table ? ' on table ' + figures.table : '') + (figures.index ? ' index ' + figures.index : '')
      + ', sent as the statement ran'));
    card.append(element('div', 'figures sent', figures.describe));
    $('cards').append(card);
  });
  if (sent.notKept > 0) $('cards').append(element('div', 'not-kept', sent.notKept + ' more request(s) sent, not itemized'));
}

function showRows(answer, first) {
  const rows = $('rows');
  rows.replaceChildren();
  const table = element('table', 'grid');
  const head = table.createTHead().insertRow();
  for (const column of answer.columns) {
    const th = element('th', '', column.name);
    th.append(element('span', 'type', column.type));
    head.append(th);
  }
  const body = table.createTBody();
  for (const values of answer.rows) {
    const row = body.insertRow();
    for (const value of values) {
      const cell = row.insertCell();
      if (value === null) { cell.className = 'null'; cell.textContent = 'NULL'; } else cell.textContent = value;
    }
  }
  rows.append(table);
  const last = first + answer.rows.length - 1;
  rows.append(element('div', 'page-info', answer.rows.length === 0 ? 'No rows' : 'Rows ' + first + '\u2013' + last
    + (answer.more ? ' (more to read)' : '')));
  if (answer.more) {
    const more = element('button', 'more', 'Next rows');
    more.addEventListener('click', async () => {
      const next = await api('/api/page', { cursor: answer.cursor });
      if (next.status !== 'rows') { message('error', next.message); return; }
      next.columns = answer.columns;
      showRows(next, last + 1);
      showCost(next.cost);
      showSent(next.sent);
    });
    rows.append(more);
  }
}

/** Runs one action on the editor's statement: it joins the history, the page is cleared, errors are shown. */
async function act(label, work) {
  const sql = editor.value.trim();
  if (!sql) return;
  remember(sql);
  clear();
  busy(label);
  try {
    await work(sql);
  } catch (e) {
    message('error', String(e));
  } finally {
    busy('');
  }
}

function run(confirmed = false) {
  return act('running...', async sql => {
    const answer = await api('/api/run', { sql, confirm: confirmed });
    showAnswer(answer);
    if (answer.status === 'rows' || answer.status === 'done') {
      busy('drawing the slices...');
      drawSlices($('slices'), await api('/api/slice', { sql }));
    }
  });
}

const UNSENT = {
  refused: 'Not sent: keycond refuses the statement, and this is the request it would need.',
  confirm: 'Not sent yet: the statement writes, and runs only once you confirm it.',
};

function showAnswer(answer) {
  showCards(answer.requests, UNSENT[answer.status]);
  showSent(answer.sent);
  showCost(answer.cost);
  switch (answer.status) {
    case 'rows': showRows(answer, 1); break;
    case 'done': message('done', answer.updated + ' row(s) changed'); break;
    case 'refused': message('refusal', 'Refused: ' + answer.message, answer.fixes); break;
    case 'confirm': {
      const box = message('confirm', answer.message);
      const button = element('button', 'confirm', 'Confirm and run');
      button.addEventListener('click', () => run(true));
      box.append(button);
      break;
    }
    default: message('error', (answer.sqlState ? '[' + answer.sqlState + '] ' : '') + answer.message, answer.fixes ?? []);
  }
}

function explain() {
  return act('explaining...', async sql => {
    const answer = await api('/api/explain', { sql });
    if (answer.status !== 'explained') { showAnswer(answer); return; }
    const text = $('explain-text');
    text.textContent = answer.lines.join('\n');
    text.hidden = false;
    showCards(answer.requests, 'Not sent: EXPLAIN sends nothing.');
    if (answer.refusal) message('refusal', 'Refused: ' + answer.refusal.message, answer.refusal.fixes);
  });
}

// Completion of table and column names: the word before the cursor, completed from the mapping.
function currentWord() {
  const before = editor.value.slice(0, editor.selectionStart);
  const match = /[A-Za-z_][A-Za-z0-9_]*$/.exec(before);
  return match ? match[0] : '';
}

function complete() {
  const box = $('completions');
  const word = currentWord();
  const matches = word ? [...new Set(names)].filter(n => n.toLowerCase().startsWith(word.toLowerCase()) && n !== word) : [];
  box.replaceChildren();
  box.hidden = matches.length === 0;
  matches.slice(0, 12).forEach((name, i) => {
    const button = element('button', i === 0 ? 'active' : '', name);
    button.addEventListener('mousedown', event => { event.preventDefault(); accept(name); });
    box.append(button);
  });
}

function accept(name) {
  const word = currentWord();
  const at = editor.selectionStart;
  editor.value = editor.value.slice(0, at - word.length) + name + editor.value.slice(at);
  editor.selectionStart = editor.selectionEnd = at - word.length + name.length;
  $('completions').hidden = true;
}

editor.addEventListener('input', complete);
editor.addEventListener('blur', () => { $('completions').hidden = true; });
editor.addEventListener('keydown', event => {
  const box = $('completions');
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) { event.preventDefault(); run(); return; }
  if (!box.hidden && (event.key === 'Tab')) {
    event.preventDefault();
    accept(box.querySelector('.active').textContent);
  } else if (event.key === 'Escape') {
    box.hidden = true;
  }
});
$('run').addEventListener('click', () => run());
$('explain').addEventListener('click', explain);

api('/api/mapping').then(mapping => {
  names = mapping.completion;
  drawMapping($('mapping'), mapping);
  colorOf(null);
  document.body.dataset.ready = 'true';
}).catch(e => message('error', String(e)));
