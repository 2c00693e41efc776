/**
 * The benchmark behind {@code ./benchmark/run}: each scenario measures keycond and the raw AWS SDK v2
 * sending the same requests, in the same run against the same dynalite, so that the ratio between
 * them, not the noisy absolute time, is what a run reports.
 */
package dev.keycond.benchmark;
