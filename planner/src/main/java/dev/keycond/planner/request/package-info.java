/**
 * DynamoDB requests, one record per operation, each checked where it is built (it carries
 * exactly the placeholders its expressions use) and told apart from the others only through
 * {@code DynamoRequest.Visitor} (or {@code ReadRequest.Visitor}, {@code WriteRequest.Visitor}), so
 * that a new operation does not compile until every place that handles requests handles it; and
 * the builders that make them from plans, for
 * execution and, with the same code, for EXPLAIN; {@code ReadFilter} decides which residual
 * conditions (and a time to live) a read's FilterExpression checks and which the driver does;
 * {@code ReadRequestTemplate} keeps what a read's requests share from one execution to the next
 * (filter, projection, the expressions of each form its values take), so that a re-execution binds
 * only its values. {@code ItemExpectation} is what a write expects of the item it may replace
 * (absent, as read, or the table's own, told by its constants), and {@code Expiry} which items a
 * table with time to live counts as gone; a PutItem and a transaction's action render both alike.
 */
package dev.keycond.planner.request;
