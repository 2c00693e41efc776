/**
 * The gateway to DynamoDB: the client a connection builds (on a request thread, {@link
 * dev.keycond.planner.gateway.PendingClient}), the catalog of its tables (DescribeTable,
 * DescribeTimeToLive, ListTables), a client that sends nothing for the planner's warm-up
 * ({@link dev.keycond.planner.gateway.WarmUpClient}), and {@link dev.keycond.planner.gateway.DynamoGateway}, the one way a
 * statement's requests are sent, for reads and writes alike. A request is bounded by its
 * statement's {@link dev.keycond.planner.gateway.StatementCall} (query timeout, cancel, a closed
 * connection) and sent on the thread that calls, where a cancel or a close aborts it ({@link
 * dev.keycond.planner.gateway.StoppableHttpClient}), retried where DynamoDB asks for it (throttling, unprocessed batch items), and its
 * failure becomes a keycond error with a SQLState and a message that names what was being done.
 * A call records the reads it sent and the items the driver dropped only when a tool asked for it
 * ({@link dev.keycond.planner.gateway.RunRecording}, which the workbench draws); any other call's
 * {@link dev.keycond.planner.gateway.RunRecorder} records nothing.
 */
package dev.keycond.planner.gateway;
