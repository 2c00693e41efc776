/**
 * The settings a statement is planned and run with, taken from the connection's properties: the
 * Scan policy, consistent reads, the fan-out bound, what the text EXPLAIN shows and where its AWS
 * CLI commands go, what each request asks DynamoDB to report of the capacity it consumed
 * ({@link dev.keycond.planner.settings.CapacityReport}). Every layer from planning to execution reads them, and none owns them, so they
 * sit below all of those layers.
 */
package dev.keycond.planner.settings;
