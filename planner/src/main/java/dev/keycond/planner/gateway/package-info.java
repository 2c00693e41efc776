/**
 * The gateway to DynamoDB: the client a connection shares with the JVM's other connections of the
 * same endpoint, region, credentials and pool size (built on a request thread, closed with the last
 * of them: {@link dev.keycond.planner.gateway.SharedClient}; whether its endpoint answers, which its
connections ask together: {@link dev.keycond.planner.gateway.EndpointCheck}), the catalog of its tables (DescribeTable,
 * DescribeTimeToLive, ListTables; the descriptions and the list of tables shared for a bounded time, {@link
 * dev.keycond.planner.gateway.TableDescriptions}), a client that sends nothing for the planner's warm-up
 * ({@link dev.keycond.planner.gateway.WarmUpClient}), and {@link dev.keycond.planner.gateway.DynamoGateway}, the one way a
 * statement's requests are sent, for reads and writes alike. A request is bounded by its
 * statement's {@link dev.keycond.planner.gateway.StatementCall} (query timeout, cancel, a closed
 * connection) and sent on the thread that calls, where a cancel or a close aborts it ({@link
 * dev.keycond.planner.gateway.StoppableHttpClient}), its time bound kept on keycond's own timer
 * thread, which drops it once the request is answered and is not woken to wait for it ({@link
 * dev.keycond.planner.gateway.RequestTimers}), retried where DynamoDB asks for it (throttling, unprocessed batch items), and its
 * failure becomes a keycond error with a SQLState and a message that names what was being done.
 * A call records each request it sent with what DynamoDB's answer said of it (items read and
 * returned, ConsumedCapacity; a {@link dev.keycond.planner.gateway.SentRequest}, a paged read's pages
 * summed) and the items the driver dropped only when a tool asked for it ({@link
 * dev.keycond.planner.gateway.RunRecording}, which the workbench shows and draws); any other call's
 * {@link dev.keycond.planner.gateway.RunRecorder} records nothing.
 */
package dev.keycond.planner.gateway;
