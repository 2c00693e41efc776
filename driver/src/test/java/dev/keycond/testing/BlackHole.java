package dev.keycond.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An endpoint that accepts connections and never answers, as a firewall that lets connections
 * through or a port that is not DynamoDB's does: a request sent to it fails only when its sender
 * stops waiting.
 */
public final class BlackHole implements AutoCloseable {
  private final ServerSocket server;
  private final List<Socket> accepted = new CopyOnWriteArrayList<>();

  public BlackHole() {
    try {
      server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Thread acceptor = new Thread(this::accept, "black-hole");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  private void accept() {
    try {
      while (true) {
        accepted.add(server.accept());
      }
    } catch (IOException e) {
      // Closed: the test is over.
    }
  }

  public String endpoint() {
    return "http://127.0.0.1:" + server.getLocalPort();
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (Socket socket : accepted) {
      socket.close();
    }
  }
}
