// The slice view: the items of the partition a Query reads, in sort-key order, colored by the SQL
// table each belongs to, the items the statement read highlighted, those its FilterExpression
// dropped marked, those a condition the driver checks itself rejected as the statement ran marked
// apart, the key condition's boundaries drawn, and the counts beyond the window. Every
// item and figure comes from the server's key reads; nothing here is computed from the data.

import { element } from './dom.js';
import { colorOf } from './mapping.js';

function beyond(count, complete, where) {
  if (count === 0) return null;
  const text = (complete ? '' : 'more than ') + count + ' item' + (count === 1 ? '' : 's') + ' ' + where + ' the window';
  return element('div', 'beyond', text);
}

function boundary(text) {
  return element('div', 'boundary', text);
}

export function drawSlices(container, answer) {
  container.replaceChildren();
  if (answer.status !== 'slices') {
    container.append(element('p', 'hint', answer.message));
    return;
  }
  if (answer.slices.length === 0) {
    container.append(element('p', 'hint', 'No Query: nothing to draw.'));
  }
  for (const slice of answer.slices) {
    const box = element('div', 'slice');
    box.dataset.request = slice.request;
    box.append(element('div', 'title', 'Request ' + (slice.request + 1) + ': ' + slice.operation + ' on ' + slice.table
      + (slice.index ? ' index ' + slice.index : '') + (slice.perRow ? ', sent as the statement ran' : '')));
    if (slice.notDrawn) {
      box.append(element('p', 'hint', 'Not drawn: ' + slice.notDrawn));
      container.append(box);
      continue;
    }
    box.append(element('div', 'beyond', 'partition ' + slice.partitionKey + ' = "' + slice.partition + '"'
      + (slice.sortCondition ? ', ' + slice.sortCondition : '') + ': ' + slice.readCount + ' read'
      + (slice.filterExpression ? ', ' + slice.returnedCount + ' kept by the FilterExpression' : '')
      + (slice.rejectedByDriverCount ? ', ' + slice.rejectedByDriverCount + ' rejected by the driver' : '')));
    if (slice.windowNotDrawn) box.append(element('p', 'hint', 'Only the slice: ' + slice.windowNotDrawn + '.'));
    const legend = element('div', 'legend');
    for (const entity of [...new Set(slice.items.map(item => item.entity))]) {
      const key = element('span', '', entity ?? 'no table');
      const swatch = element('i');
      swatch.style.background = colorOf(entity);
      key.prepend(swatch);
      legend.append(key);
    }
    box.append(legend);
    const above = beyond(slice.countBefore ?? 0, slice.countBeforeComplete, 'before');
    if (above) box.append(above);
    const inside = slice.items.filter(item => item.zone === 'slice');
    let drewLower = false;
    for (const item of slice.items) {
      if (!drewLower && item.zone !== 'before') {
        box.append(boundary(inside.length === 0 ? 'the key condition selects nothing here' : 'slice starts: ' + (slice.sortCondition || 'whole partition')));
        drewLower = true;
      }
      if (item.zone === 'after' && inside.length > 0 && item === slice.items.find(i => i.zone === 'after')) {
        box.append(boundary('slice ends'));
      }
      const row = element('div', 'item zone-' + item.zone + (item.read ? ' read' : '') + (item.filtered ? ' filtered' : '')
      + (item.rejectedByDriver ? ' rejected' : ''));
      row.dataset.sort = item.sort ?? '';
      row.dataset.entity = item.entity ?? '';
      row.style.borderLeftColor = colorOf(item.entity);
      row.append(element('span', 'entity', item.entity ?? 'no table'));
      for (const [attribute, value] of Object.entries(item.keys)) row.append(element('span', 'key', attribute + '=' + value));
      if (item.filtered) row.append(element('span', 'flag', 'dropped by the FilterExpression'));
      if (item.rejectedByDriver) row.append(element('span', 'flag', 'returned, then rejected by the driver'));
      box.append(row);
    }
    if (!drewLower) box.append(boundary(inside.length === 0 ? 'the key condition selects nothing here' : 'slice starts'));
    if (inside.length > 0 && !slice.items.some(i => i.zone === 'after')) box.append(boundary(slice.truncated ? 'the slice goes on (the view shows its first items)' : 'slice ends'));
    const below = beyond(slice.countAfter ?? 0, slice.countAfterComplete, 'after');
    if (below) box.append(below);
    container.append(box);
  }
  if (answer.perRowNotDrawn > 0) {
    container.append(element('p', 'hint', answer.perRowNotDrawn + ' more requests sent as the statement ran are not drawn.'));
  }
  if (answer.keyReads.length > 0) {
    const reads = element('details', 'key-reads');
    const rcu = answer.keyReadUnits;
    reads.append(element('summary', '', 'The view\'s own key reads (not the statement\'s): ' + answer.keyReads.length
      + (answer.keyReads.length === 1 ? ' Query, ' : ' Queries, ') + rcu + ' RCU'));
    for (const read of answer.keyReads) {
      reads.append(element('div', '', read.operation + ', ' + read.purpose + ': ' + read.items + ' items, ' + read.rcu + ' RCU'));
      reads.append(element('pre', '', read.json));
    }
    container.append(reads);
  }
}
