package dev.keycond.benchmark;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ways of doing the same call, timed side by side: the latency of one call on one thread, rounds
 * calling the ways in a shuffled order; and the throughput of threads sharing each way, passes rotating
 * the order, medians of the passes.
 */
final class CalledWays {
  /**
   * Counted passes of every way. Three let one pass slowed by the machine (a GC, a compilation, a
   * neighbour) move a median by as much as the targets' margin; five need two.
   */
  private static final int PASSES = 5;
  private static final long WARM_UP_MILLIS = 300;
  /**
   * Passes of every way at a thread count before the counted ones, their calls not counted: what
   * many threads do (contended locks, a pool's borrowing) is compiled anew once they run. In a
   * fresh JVM at 8 threads, the process's CPU per framework-style point read fell from 1.37 to 0.28
   * ms over keycond's first 30 s of calls, and from 0.94 to 0.25 ms over the raw SDK's.
   */
  private static final int UNCOUNTED_PASSES = 1;
  /**
   * Rounds of every way, in turn, before any call is timed: a count, not a time, so that each way
   * gets as many warm-up calls however many ways share the rounds and however slow the others are.
   * keycond runs more code than the raw SDK, and on 2 cores the JIT's C2 compiler is still busy
   * with it long into a run. Fifteen seconds of rounds were enough for three ways of about a
   * millisecond each, not for the six of the HTTP clients' point read, where a round takes 5 ms: in
   * a fresh JVM (2026-12-03), keycond's point read took 1.26x the raw Apache 4 client's after 15 s
   * of rounds, 1.16x after 30 s, 1.13x after 5,000 rounds (39 s) and 1.08x after 10,000 (68 s),
   * while the raw call itself fell from 0.58 to 0.43 ms.
   */
  static final int LATENCY_WARM_UP_ROUNDS = 10_000;
  static final long MEASURED_MILLIS = 1_500;
  /** The seed of the latency rounds' order: the same order in every run, so that runs compare. */
  private static final long ROUND_ORDER_SEED = 20261203L;

  /** One way of making the call for the {@code n}th key; safe to call from many threads at once. */
  interface Call {
    long run(int n) throws Exception;
  }

  private CalledWays() {}

  /** How the throughput is measured, for a report. */
  static String throughputMethod() {
    return MEASURED_MILLIS + " ms counted after " + WARM_UP_MILLIS + " ms of warm-up, the median of " + PASSES
        + " passes that rotate the order of the ways, after " + UNCOUNTED_PASSES + " uncounted pass of every way at "
        + "the same number of threads";
  }

  /** How the latency is measured, for a report. */
  static String latencyMethod(int rounds) {
    return LATENCY_WARM_UP_ROUNDS + " untimed rounds of every way, then " + rounds + " rounds, each calling every way once in a "
        + "random order (a fixed seed)";
  }

  /**
   * Milliseconds of each measured call, every way once a round in an order shuffled each round,
   * after {@link #LATENCY_WARM_UP_ROUNDS} of the same rounds untimed.
   *
   * <p>Shuffled, not rotated: in a rotation each way nearly always follows the same other way, so
   * whatever one call leaves behind (threads still running on the 2 cores, caches filled with its
   * own code) always weighs on the same next way. Rotating, keycond's point read always came after
   * the AWS CRT client's and took 0.79 ms, and the same call on a pooled connection, which came
   * after keycond's, 0.68 ms; shuffled, in the next run, 0.65 and 0.67 ms.
   */
  static Map<String, List<Double>> latency(Map<String, Call> ways, int rounds) throws Exception {
    List<String> names = new ArrayList<>(ways.keySet());
    Map<String, List<Double>> times = new LinkedHashMap<>();
    names.forEach(name -> times.put(name, new ArrayList<>()));
    Random order = new Random(ROUND_ORDER_SEED);
    int round = 0;
    for (; round < LATENCY_WARM_UP_ROUNDS; round++) {
      for (String name : names) {
        ways.get(name).run(round);
      }
    }
    for (int timed = 0; timed < rounds; timed++, round++) {
      Collections.shuffle(names, order);
      for (String name : names) {
        long start = System.nanoTime();
        ways.get(name).run(round);
        times.get(name).add((System.nanoTime() - start) / 1e6);
      }
    }
    return times;
  }

  /** Calls a second by {@code threads} threads sharing each way, the median of {@link #PASSES} passes. */
  static Map<String, Double> throughput(Map<String, Call> ways, int threads) throws Exception {
    List<String> names = List.copyOf(ways.keySet());
    Map<String, List<Double>> passes = new LinkedHashMap<>();
    names.forEach(name -> passes.put(name, new ArrayList<>()));
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (int pass = 0; pass < UNCOUNTED_PASSES + PASSES; pass++) {
        for (int k = 0; k < names.size(); k++) {
          String name = names.get((pass + k) % names.size());
          double callsPerSecond = callsPerSecond(ways.get(name), threads, pool);
          if (pass >= UNCOUNTED_PASSES) {
            passes.get(name).add(callsPerSecond);
          }
        }
      }
    } finally {
      pool.shutdown();
    }
    Map<String, Double> medians = new LinkedHashMap<>();
    passes.forEach((name, values) -> medians.put(name, Stats.median(values)));
    return medians;
  }

  private static double callsPerSecond(Call way, int threads, ExecutorService pool) throws Exception {
    AtomicBoolean counting = new AtomicBoolean();
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch ready = new CountDownLatch(threads);
    List<Future<Long>> counts = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int first = t * 97;
      counts.add(pool.submit(() -> {
        ready.countDown();
        long calls = 0;
        for (int n = first; !stop.get(); n++) {
          way.run(n);
          if (counting.get()) {
            calls++;
          }
        }
        return calls;
      }));
    }
    ready.await();
    Thread.sleep(WARM_UP_MILLIS);
    long start = System.nanoTime();
    counting.set(true);
    Thread.sleep(MEASURED_MILLIS);
    counting.set(false);
    double seconds = (System.nanoTime() - start) / 1e9;
    stop.set(true);
    long calls = 0;
    for (Future<Long> count : counts) {
      calls += count.get();
    }
    return calls / seconds;
  }
}
