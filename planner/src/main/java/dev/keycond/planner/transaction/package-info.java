/**
 * {@link dev.keycond.planner.transaction.Transaction}: a JDBC transaction's writes, kept one action
 * per item ({@code PendingWrite}: the statements' effects folded into one {@code Effect}, and what
 * they expect of the item on the server) until commit sends them as one TransactWriteItems; and the
 * view of the transaction's items that its statements' key reads get, and its effects on a table,
 * which their Queries and Scans lay over the items they read.
 */
package dev.keycond.planner.transaction;
