package dev.keycond.workbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The guard's decisions, including those no test can provoke over the wire, such as a remote address. */
class AccessGuardTest {
  private static final AccessGuard GUARD = new AccessGuard("the-token", 4711);
  private static final InetSocketAddress LOCAL = new InetSocketAddress("127.0.0.1", 50000);
  private static final Optional<String> HOST = Optional.of("127.0.0.1:4711");
  private static final Optional<String> ORIGIN = Optional.of("http://127.0.0.1:4711");
  private static final Optional<String> TOKEN = Optional.of("the-token");

  private static Optional<AccessGuard.Refusal> post(InetSocketAddress remote, Optional<String> host,
      Optional<String> origin, Optional<String> token) {
    return GUARD.check(new AccessGuard.Request("POST", remote, host, origin, Optional.empty(), token), false);
  }

  @Test
  void aRequestOfThePageWithItsTokenPasses() {
    assertEquals(Optional.empty(), post(LOCAL, HOST, ORIGIN, TOKEN));
    assertEquals(Optional.empty(),
        GUARD.check(new AccessGuard.Request("GET", LOCAL, HOST, Optional.empty(), TOKEN, Optional.empty()), true));
  }

  @Test
  void aRemoteAddressIsRefusedWhateverItCarries() {
    Optional<AccessGuard.Refusal> refusal = post(new InetSocketAddress("10.1.2.3", 50000), HOST, ORIGIN, TOKEN);
    assertEquals(403, refusal.orElseThrow().status());
    assertEquals(403, post(new InetSocketAddress("192.168.0.7", 1), HOST, ORIGIN, TOKEN).orElseThrow().status());
    assertEquals(Optional.empty(), post(new InetSocketAddress("::1", 50000), HOST, ORIGIN, TOKEN));
  }

  @Test
  void aMissingOrWrongTokenIsRefused() {
    assertEquals(401, post(LOCAL, HOST, ORIGIN, Optional.empty()).orElseThrow().status());
    assertEquals(401, post(LOCAL, HOST, ORIGIN, Optional.of("the-token2")).orElseThrow().status());
    // The page's token comes in its address; the API's in the header only.
    assertEquals(401, GUARD.check(new AccessGuard.Request("GET", LOCAL, HOST, Optional.empty(), TOKEN,
        Optional.empty()), false).orElseThrow().status());
    assertEquals(401, GUARD.check(new AccessGuard.Request("GET", LOCAL, HOST, Optional.empty(), Optional.empty(),
        Optional.empty()), true).orElseThrow().status());
  }

  @Test
  void aPostFromAnotherOriginOrWithoutOneIsRefused() {
    assertEquals(403, post(LOCAL, HOST, Optional.of("http://evil.example"), TOKEN).orElseThrow().status());
    assertEquals(403, post(LOCAL, HOST, Optional.of("http://localhost:4711"), TOKEN).orElseThrow().status());
    assertEquals(403, post(LOCAL, HOST, Optional.empty(), TOKEN).orElseThrow().status());
  }

  @Test
  void anotherHostNameIsRefused() {
    // A page of another site whose name was rebound to 127.0.0.1 names its own host.
    assertEquals(403, post(LOCAL, Optional.of("evil.example:4711"), ORIGIN, TOKEN).orElseThrow().status());
    assertEquals(403, post(LOCAL, Optional.empty(), ORIGIN, TOKEN).orElseThrow().status());
  }

  @Test
  void otherMethodsAreRefused() {
    assertEquals(405, GUARD.check(new AccessGuard.Request("PUT", LOCAL, HOST, ORIGIN, TOKEN, TOKEN), false)
        .orElseThrow().status());
    assertEquals(405, GUARD.check(new AccessGuard.Request("OPTIONS", LOCAL, HOST, ORIGIN, TOKEN, TOKEN), false)
        .orElseThrow().status());
  }

  @Test
  void tokensAreRandomAndLong() {
    AccessGuard one = AccessGuard.withRandomToken(1);
    AccessGuard two = AccessGuard.withRandomToken(1);
    assertNotEquals(one.token(), two.token());
    assertTrue(one.token().length() >= 43, one.token());
  }
}
