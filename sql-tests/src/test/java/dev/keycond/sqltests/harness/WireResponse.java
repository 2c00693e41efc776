package dev.keycond.sqltests.harness;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.zip.CRC32;

/**
 * An HTTP/1.1 response as {@link FaultProxy} writes it: the status, the headers the server sent
 * (without those that describe the framing, which the proxy writes itself) and the body.
 */
record WireResponse(int status, List<Map.Entry<String, String>> headers, byte[] body) {
  /** Headers that describe the framing of one hop, not the response. */
  private static final Set<String> HOP_HEADERS =
      Set.of("content-length", "transfer-encoding", "connection", "keep-alive");
  private static final String CRC32_HEADER = "x-amz-crc32";

  WireResponse {
    headers = headers.stream().filter(h -> !HOP_HEADERS.contains(h.getKey().toLowerCase(Locale.ROOT)))
        .toList();
  }

  /**
   * A DynamoDB error as DynamoDB sends it: JSON 1.0 with {@code __type} and {@code message}, a
   * request id and the body's CRC32.
   *
   * @param type the full error type, such as
   *     {@code com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException}
   */
  static WireResponse dynamoError(int status, String type, String message) {
    String json = "{\"__type\":\"" + type + "\",\"message\":\"" + message + "\"}";
    return dynamoError(status, json.getBytes(StandardCharsets.UTF_8));
  }

  /** A DynamoDB error of this body, which gives its {@code __type} and what else the error carries. */
  static WireResponse dynamoError(int status, byte[] json) {
    List<Map.Entry<String, String>> headers = List.of(
        Map.entry("x-amzn-RequestId", UUID.randomUUID().toString().replace("-", "").toUpperCase(Locale.ROOT)),
        Map.entry("Content-Type", "application/x-amz-json-1.0"));
    return new WireResponse(status, headers, new byte[0]).withBody(json);
  }

  /**
   * The same response with another body and the CRC32 header of that body, since the SDK checks
   * the header against the body it reads.
   */
  WireResponse withBody(byte[] newBody) {
    CRC32 crc = new CRC32();
    crc.update(newBody);
    List<Map.Entry<String, String>> rewritten = new ArrayList<>();
    for (Map.Entry<String, String> header : headers) {
      if (!header.getKey().equalsIgnoreCase(CRC32_HEADER)) {
        rewritten.add(header);
      }
    }
    rewritten.add(Map.entry(CRC32_HEADER, Long.toString(crc.getValue())));
    return new WireResponse(status, rewritten, newBody);
  }

  /** The status line and headers, with the Content-Length of the whole body, and the blank line. */
  byte[] head() {
    StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason()).append("\r\n");
    for (Map.Entry<String, String> header : headers) {
      head.append(header.getKey()).append(": ").append(header.getValue()).append("\r\n");
    }
    head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
    return head.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  private String reason() {
    switch (status) {
      case 200:
        return "OK";
      case 400:
        return "Bad Request";
      case 500:
        return "Internal Server Error";
      default:
        return "Status " + status;
    }
  }
}
