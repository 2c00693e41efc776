package dev.keycond.benchmark;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.http.crt.AwsCrtHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;

/**
 * The synchronous HTTP clients a Java user of the AWS SDK v2 can pick, each built the usual way:
 * its builder's defaults (pool size included), with the connect and read timeouts keycond uses. The
 * jars each adds to an application are named by where Maven keeps them.
 */
@SuppressWarnings("deprecation") // the SDK deprecates its Apache 4 client, which is measured all the same
enum HttpStack {
  URL_CONNECTION("url-connection (`url-connection-client`)", List.of("/software/amazon/awssdk/url-connection-client/"),
      () -> UrlConnectionHttpClient.builder().connectionTimeout(Timeouts.CONNECT).socketTimeout(Timeouts.READ).build()),
  APACHE("Apache 4 (`apache-client`)", List.of("/software/amazon/awssdk/apache-client/",
      "/org/apache/httpcomponents/httpclient/", "/org/apache/httpcomponents/httpcore/",
      "/commons-logging/commons-logging/", "/commons-codec/commons-codec/"),
      () -> ApacheHttpClient.builder().connectionTimeout(Timeouts.CONNECT).socketTimeout(Timeouts.READ).build()),
  APACHE5("Apache 5 (`apache5-client`)", List.of("/software/amazon/awssdk/apache5-client/",
      "/org/apache/httpcomponents/client5/", "/org/apache/httpcomponents/core5/"),
      () -> Apache5HttpClient.builder().connectionTimeout(Timeouts.CONNECT).socketTimeout(Timeouts.READ).build()),
  CRT("AWS CRT (`aws-crt-client`)", List.of("/software/amazon/awssdk/aws-crt-client/", "/software/amazon/awssdk/crt/"),
      () -> AwsCrtHttpClient.builder().connectionTimeout(Timeouts.CONNECT).build());

  /** keycond's timeouts; a class of their own, since an enum's constants cannot use its static fields. */
  private static final class Timeouts {
    static final Duration CONNECT = Duration.ofSeconds(5);
    static final Duration READ = Duration.ofSeconds(60);
  }

  final String label;
  /** Parts of the paths of the jars this client adds to the SDK's own. */
  final List<String> jarPaths;
  private final Supplier<SdkHttpClient> builder;

  HttpStack(String label, List<String> jarPaths, Supplier<SdkHttpClient> builder) {
    this.label = label;
    this.jarPaths = jarPaths;
    this.builder = builder;
  }

  SdkHttpClient build() {
    return builder.get();
  }

  /** Whether a jar of the classpath belongs to this client and to none of the SDK's core. */
  boolean owns(String jarPath) {
    return jarPaths.stream().anyMatch(jarPath::contains);
  }

  /** Whether a jar belongs to an HTTP client other than {@code stack}. */
  static boolean ownedByOtherThan(HttpStack stack, String jarPath) {
    for (HttpStack other : values()) {
      if (other != stack && other.owns(jarPath) && !stack.owns(jarPath)) {
        return true;
      }
    }
    return false;
  }
}
