/**
 * {@code keycond demo}: a local dynalite, the README's example data, the showcase of statements
 * with their EXPLAIN, rows, warnings and the requests counted on the wire, then the shell, or the
 * server kept up for SQL tools at a URL that stays the same from run to run. Also
 * {@link dev.keycond.demo.LocalServerProcess}, which installs, starts and stops a pinned local
 * DynamoDB-compatible server: dynalite here, in the benchmark and in the tests; moto
 * ({@link dev.keycond.demo.Moto}) in the tests and in the benchmark's transaction row.
 */
package dev.keycond.demo;
