package dev.keycond.benchmark;

/**
 * One measurement of the benchmark: it runs its scenarios, keycond's and the raw SDK's, and
 * returns its part of the report. A new scenario is a new implementation, listed in
 * {@link Benchmark}.
 */
interface Measurement {
  Section run() throws Exception;
}
