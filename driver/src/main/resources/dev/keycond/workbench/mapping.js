// The mapping as boxes: each DynamoDB table with its key and indexes, the SQL tables over it with
// their columns, key templates, hierarchy and references. Each SQL table gets the color the slice
// view paints its items with.

import { element } from './dom.js';

const PALETTE = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#db2777', '#0891b2', '#65a30d', '#dc2626'];
const colors = new Map();

/** The color of a SQL table's items; grey for items of no table. */
export function colorOf(entity) {
  if (entity === null || entity === undefined) return '#b8bcc6';
  if (!colors.has(entity)) colors.set(entity, PALETTE[colors.size % PALETTE.length]);
  return colors.get(entity);
}

export function drawMapping(container, mapping) {
  container.replaceChildren();
  for (const table of mapping.tables) {
    const box = element('div', 'source');
    box.dataset.table = table.name;
    box.append(element('div', 'name', 'DynamoDB table ' + table.name));
    box.append(element('div', 'key', 'key: ' + table.hash + (table.range ? ', ' + table.range : '')));
    for (const index of table.indexes) {
      box.append(element('div', 'index', (index.kind === 'GLOBAL' ? 'GSI ' : 'LSI ') + index.name + ': '
        + index.hash + (index.range ? ', ' + index.range : '')));
    }
    for (const entity of table.entities) {
      const sub = element('div', 'entity-box');
      sub.dataset.entity = entity.name;
      sub.style.borderColor = colorOf(entity.name);
      sub.append(element('div', 'name', 'SQL table ' + entity.name));
      const keys = element('ul');
      for (const [attribute, template] of Object.entries(entity.keys)) {
        keys.append(element('li', 'template', attribute + ' = ' + template));
      }
      sub.append(keys);
      const columns = element('ul');
      for (const column of entity.columns) columns.append(element('li', '', column.name + ' ' + column.type));
      sub.append(columns);
      if (entity.hierarchy) {
        sub.append(element('div', 'reference', 'hierarchy: path column ' + entity.hierarchy.path + ', delimiter "'
          + entity.hierarchy.delimiter + '", parent column ' + entity.hierarchy.parent));
      }
      for (const reference of entity.references) {
        sub.append(element('div', 'reference', reference.column + ' \u2192 ' + reference.table + '.' + reference.targetColumn));
      }
      box.append(sub);
    }
    container.append(box);
  }
  if (mapping.unmapped.length > 0) {
    container.append(element('div', 'hint', 'Tables without a mapping (raw): ' + mapping.unmapped.join(', ')));
  }
}
