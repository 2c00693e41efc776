package dev.keycond.workbench;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.net.InetSocketAddress;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * Who may use the workbench: only the page it printed the address of, on this machine. Every
 * request must come from a loopback address, name the server by the address it printed (a page of
 * another site that rebinds its DNS name to 127.0.0.1 names another host), and carry the random
 * token: in the query of the page's own address, in a header for everything the page then asks.
 * A request that changes anything is a POST whose Origin is the workbench's own, so that another
 * site's page cannot send one from the user's browser; no response carries CORS headers.
 */
final class AccessGuard {
  /** The header the page sends its token in. */
  static final String TOKEN_HEADER = "X-Keycond-Token";

  /** A request as the guard sees it. */
  record Request(String method, InetSocketAddress remote, Optional<String> host, Optional<String> origin,
      Optional<String> queryToken, Optional<String> headerToken) {}

  /** Why a request is refused: the HTTP status and a message that names no secret. */
  record Refusal(int status, String reason) {}

  private final String token;
  private final String origin;

  AccessGuard(String token, int port) {
    this.token = token;
    this.origin = "http://127.0.0.1:" + port;
  }

  /** A guard with a new random token of 32 bytes. */
  static AccessGuard withRandomToken(int port) {
    byte[] bytes = new byte[32];
    new SecureRandom().nextBytes(bytes);
    return new AccessGuard(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), port);
  }

  String token() {
    return token;
  }

  /** The address the page is served at, {@code http://127.0.0.1:<port>}. */
  String origin() {
    return origin;
  }

  /**
   * @param pageLoad whether the request is a GET of the page or its assets, whose token comes in
   *     the query (a browser sends no header of its own with them); any other request must send it
   *     in {@link #TOKEN_HEADER}
   */
  Optional<Refusal> check(Request request, boolean pageLoad) {
    if (request.remote().getAddress() == null || !request.remote().getAddress().isLoopbackAddress()) {
      return Optional.of(new Refusal(403, "the workbench answers this machine only"));
    }
    if (!request.host().map(host -> origin.equals("http://" + host)).orElse(false)) {
      return Optional.of(new Refusal(403, "the workbench answers requests to " + origin + " only"));
    }
    boolean post = request.method().equals("POST");
    if (!post && !request.method().equals("GET")) {
      return Optional.of(new Refusal(405, "the workbench answers GET and POST only"));
    }
    Optional<String> given = pageLoad && !post ? request.queryToken() : request.headerToken();
    if (given.isEmpty() || !MessageDigest.isEqual(given.get().getBytes(UTF_8), token.getBytes(UTF_8))) {
      return Optional.of(new Refusal(401, "the request lacks the workbench's token: open the address it printed"));
    }
    if (post && !request.origin().map(origin::equals).orElse(false)) {
      return Optional.of(new Refusal(403, "a request that changes anything must come from the workbench's own page"));
    }
    return Optional.empty();
  }
}
