package dev.keycond.planner.exec.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.request.ReadRequests;
import dev.keycond.planner.settings.ScanPolicy;
import dev.keycond.planner.settings.StatementSettings;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The requests of a read without parameters are built once per settings value. */
class ConstantRequestsTest {
  private final AtomicInteger built = new AtomicInteger();
  private final Supplier<ReadRequests> build = () -> {
    built.incrementAndGet();
    return new ReadRequests(ImmutableList.of(), ImmutableList.of());
  };

  @Test
  void theSameSettingsGetTheRequestsBuiltBefore() {
    ConstantRequests requests = new ConstantRequests();
    ReadRequests first = requests.get(StatementSettings.defaults(), build);

    assertSame(first, requests.get(StatementSettings.defaults(), build));
    assertEquals(1, built.get());
  }

  @Test
  void otherSettingsBuildTheirOwn() {
    ConstantRequests requests = new ConstantRequests();
    requests.get(StatementSettings.defaults(), build);
    StatementSettings scans = StatementSettings.defaults().withScanPolicy(ScanPolicy.ALLOW);
    requests.get(scans, build);
    requests.get(scans, build);

    assertEquals(2, built.get());
  }
}
