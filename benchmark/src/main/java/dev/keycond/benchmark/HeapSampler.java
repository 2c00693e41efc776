package dev.keycond.benchmark;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The most heap a stretch of code holds on to, sampled by a background thread that collects the
 * heap every {@value #PERIOD_MILLIS} ms and reads what is still in use. Plain heap-used samples
 * would mostly show how far the GC lets garbage pile up; after a full collection only what the code
 * still references is left, which is what tells streaming from materializing. The collections slow
 * the code down, so nothing is timed while a sampler runs.
 */
final class HeapSampler implements AutoCloseable {
  private static final long PERIOD_MILLIS = 20;

  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final AtomicLong peakLive = new AtomicLong();
  private final AtomicLong samples = new AtomicLong();
  private final Thread sampler;
  private volatile boolean running = true;

  HeapSampler() {
    sampler = new Thread(() -> {
      while (running) {
        sample();
        try {
          Thread.sleep(PERIOD_MILLIS);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "heap-sampler");
    sampler.setDaemon(true);
    sampler.start();
  }

  /** The heap in use after a full collection, now; what this JVM references at the moment. */
  static long liveHeap() {
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private void sample() {
    System.gc();
    peakLive.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
    samples.incrementAndGet();
  }

  long peakLive() {
    return peakLive.get();
  }

  long samples() {
    return samples.get();
  }

  /** Stops sampling; call it while the code's result is still referenced, to measure that too. */
  @Override
  public void close() {
    running = false;
    try {
      sampler.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    sample();
  }
}
