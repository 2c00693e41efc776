/**
 * {@link dev.keycond.planner.session.Session}, the planner's front door: one session with DynamoDB
 * (a JDBC connection) owns its client, gateway, catalog, settings, plans, transaction (auto-commit,
 * commit, rollback, savepoints) and the bound of each of its requests (JDBC's network timeout), and is
 * what JDBC plans and runs statements through.
 */
package dev.keycond.planner.session;
