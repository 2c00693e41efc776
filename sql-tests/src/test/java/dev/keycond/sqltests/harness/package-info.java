/**
 * The test servers and what the tests see of the wire.
 *
 * <p>Servers: a test declares the server it needs with an extension and receives a
 * {@link dev.keycond.sqltests.harness.DynamoServer} parameter (its {@code endpoint()} for keycond's
 * URL, its {@code client()} for the raw SDK, its {@code kind()}):
 * <ul>
 *   <li>{@link dev.keycond.sqltests.harness.DynaliteExtension}: the run's server, dynalite unless
 *       the system property {@code keycond.test.server} names {@code moto} (the second run of the
 *       {@code .sqltest} corpus) or {@code localstack};
 *   <li>{@link dev.keycond.sqltests.harness.MotoExtension}: moto in every run, for what dynalite
 *       lacks: TransactWriteItems, TransactGetItems, index keys of several attributes
 *       ({@code MotoTransactionsSmokeTest} shows it with the raw SDK).
 * </ul>
 * Each kind starts once per test JVM on a free loopback port, is ready once it has answered a
 * ListTables, and stops when the run ends. A server that cannot be installed or started fails the
 * tests that asked for it, with the reason; none passes without its server.
 *
 * <p>The wire: {@link dev.keycond.sqltests.harness.RequestRecorder} records every request the SDK
 * sends, and {@link dev.keycond.sqltests.harness.FaultProxy} injects faults in front of a server.
 */
package dev.keycond.sqltests.harness;
