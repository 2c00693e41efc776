package dev.keycond.sqltests.harness;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An HTTP/1.1 request as {@link FaultProxy} reads it off a client connection: the request line,
 * the headers in order, and a body of {@code Content-Length} bytes (the SDK sends no chunked
 * requests).
 */
record WireRequest(String method, String target, List<Map.Entry<String, String>> headers, byte[] body) {
  private static final String TARGET_PREFIX = "DynamoDB_20120810.";

  /** The next request on the connection, or empty when the client closed it between requests. */
  static Optional<WireRequest> read(InputStream in) throws IOException {
    Optional<String> requestLine = line(in);
    if (requestLine.isEmpty()) {
      return Optional.empty();
    }
    String[] parts = requestLine.get().split(" ");
    if (parts.length != 3) {
      throw new IOException("not an HTTP request line: " + requestLine.get());
    }
    List<Map.Entry<String, String>> headers = new ArrayList<>();
    for (String line = required(in); !line.isEmpty(); line = required(in)) {
      int colon = line.indexOf(':');
      if (colon <= 0) {
        throw new IOException("not an HTTP header: " + line);
      }
      headers.add(Map.entry(line.substring(0, colon).trim(), line.substring(colon + 1).trim()));
    }
    WireRequest request = new WireRequest(parts[0], parts[1], List.copyOf(headers), new byte[0]);
    if (request.header("Transfer-Encoding").isPresent()) {
      throw new IOException("FaultProxy reads only Content-Length request bodies, not "
          + request.header("Transfer-Encoding").get());
    }
    int length = request.header("Content-Length").map(Integer::parseInt).orElse(0);
    byte[] body = in.readNBytes(length);
    if (body.length != length) {
      throw new IOException("the client closed the connection within a request body");
    }
    return Optional.of(new WireRequest(parts[0], parts[1], request.headers(), body));
  }

  /** The first value of a header, its name in any case. */
  Optional<String> header(String name) {
    return headers.stream().filter(h -> h.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue).findFirst();
  }

  /** The DynamoDB operation, such as {@code Query}, from the X-Amz-Target header; empty for another request. */
  String operation() {
    return header("X-Amz-Target")
        .map(target -> target.startsWith(TARGET_PREFIX) ? target.substring(TARGET_PREFIX.length()) : target)
        .orElse("");
  }

  /** The same request with another body. */
  WireRequest withBody(byte[] newBody) {
    return new WireRequest(method, target, headers, newBody);
  }

  /** A line up to CRLF, without it; empty at the end of the stream before any byte. */
  private static Optional<String> line(InputStream in) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        if (bytes.size() == 0) {
          return Optional.empty();
        }
        throw new IOException("the client closed the connection within a request head");
      }
      bytes.write(b);
    }
    String text = bytes.toString(StandardCharsets.ISO_8859_1);
    return Optional.of(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text);
  }

  private static String required(InputStream in) throws IOException {
    return line(in).orElseThrow(() -> new IOException("the client closed the connection within a request head"));
  }

  @Override
  public String toString() {
    return method + " " + target + " " + operation() + " (" + body.length + " bytes)";
  }
}
