package dev.keycond.planner.gateway;

import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.SdkHttpClient;

/**
 * The HTTP client of a connection, which lets a statement stop the requests it is waiting for.
 * Requests run on the thread that sends them, the statement's own (no thread to hand each one to,
 * which cost a wake-up per request); each attempt is registered with the statement whose request
 * the thread is sending ({@link StatementCall#sending}), and a cancel, or a close of the connection,
 * aborts it: the connection under it is closed, and a read blocked on an answer that never comes,
 * or that stopped halfway through its body, ends at once. An attempt the SDK would make after the
 * statement stopped fails before it is sent, as aborted, which the SDK does not retry.
 */
final class StoppableHttpClient implements SdkHttpClient {
  private final SdkHttpClient delegate;

  StoppableHttpClient(SdkHttpClient delegate) {
    this.delegate = delegate;
  }

  @Override
  public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
    StatementCall call = StatementCall.sendingOnThisThread().orElse(null);
    if (call != null && call.isStopped()) {
      throw AbortedException.builder().message("The statement stopped before this request was sent").build();
    }
    ExecutableHttpRequest attempt = delegate.prepareRequest(request);
    if (call != null) {
      call.attempting(attempt);
    }
    return attempt;
  }

  @Override
  public String clientName() {
    return delegate.clientName();
  }

  @Override
  public void close() {
    delegate.close();
  }
}
