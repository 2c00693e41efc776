/**
 * The shape of a statement's text: the text with the literals a plan can take as parameters
 * lifted out ({@link dev.keycond.planner.shape.StatementShape}), so that texts that differ only in
 * those literals share one plan. It reads the text with a lexer of its own, not Calcite's parser:
 * finding a shape must cost much less than the planning it saves. The same lexer splits a write's
 * trailing {@code RETURNING} list off its text ({@link dev.keycond.planner.shape.ReturningClause}),
 * since Calcite's parser does not know the word, and reads a simple SELECT
 * ({@link dev.keycond.planner.shape.SimpleSelect}), a simple INSERT
 * ({@link dev.keycond.planner.shape.SimpleInsert}) and a simple UPDATE or DELETE
 * ({@link dev.keycond.planner.shape.SimpleChange}), which are planned without that parser.
 */
package dev.keycond.planner.shape;
