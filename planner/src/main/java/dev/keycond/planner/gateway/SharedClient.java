package dev.keycond.planner.gateway;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A connection's share of a DynamoDB client. The connections of a JVM with the same {@link Reach}
 * (endpoint, region, credentials), the same pool size ({@code maxConnections}) and the same bound on a
 * request ({@code requestTimeout}) share one client,
 * and with it its pool of kept-alive HTTP connections: a client of its own would build the SDK's
 * request pipeline again and open new connections (new TLS sessions, against AWS). The first share
 * starts building the client on a request thread: building one takes about as long as reading a
 * mapping (each loads its own few hundred classes) and needs nothing from it, so a connection reads
 * its mapping meanwhile. The client is closed when the last share is released.
 */
public final class SharedClient {
  /** The clients with at least one share, by what they are shared by; guarded by itself. */
  private static final Map<Key, Counted> CLIENTS = new HashMap<>();

  private record Key(Reach reach, int maxConnections, Duration requestTimeout) {}

  /** A client, built or being built, whether its endpoint answers, and how many shares it has. */
  private static final class Counted {
    private final EndpointCheck check = new EndpointCheck();
    private final CompletableFuture<DynamoDbClient> building;
    private int shares;

    private Counted(ClientSettings settings) {
      this.building = CompletableFuture.supplyAsync(() -> DynamoClients.create(settings, check), RequestThreads.WAITED);
    }
  }

  private final Key key;
  private final Counted counted;
  private final AtomicBoolean released = new AtomicBoolean();

  private SharedClient(Key key, Counted counted) {
    this.key = key;
    this.counted = counted;
  }

  /**
   * A share of the client for these settings: the one other connections use, or a new one, which
   * starts being built. A client whose build failed is not shared: the next share builds again.
   */
  public static SharedClient acquire(ClientSettings settings) {
    Key key = new Key(Reach.of(settings), settings.maxConnections(), settings.requestTimeout());
    synchronized (CLIENTS) {
      Counted counted = CLIENTS.get(key);
      if (counted == null || counted.building.isCompletedExceptionally()) {
        counted = new Counted(settings);
        CLIENTS.put(key, counted);
      }
      counted.shares++;
      return new SharedClient(key, counted);
    }
  }

  /**
   * The client, once built.
   *
   * @throws dev.keycond.planner.error.KeycondException as {@link DynamoClients#create} does
   */
  public DynamoDbClient client() {
    return Futures.join(counted.building);
  }

  /**
   * Whether the endpoint answers within {@code timeout} ({@link Duration#ZERO}: the client's
   * {@code requestTimeout}): a request of any share that succeeded within {@link EndpointCheck#FRESH}
   * tells, else a one-table ListTables, which the shares that ask meanwhile wait for.
   */
  public boolean answers(Duration timeout) {
    return counted.check.answers(timeout, bound -> new DynamoCatalog(client()).answers(bound));
  }

  /**
   * Gives the share back; the last one closes the client (once built, when it is still being
   * built). Releasing a share twice releases it once.
   */
  public void release() {
    if (!released.compareAndSet(false, true)) {
      return;
    }
    synchronized (CLIENTS) {
      if (--counted.shares > 0) {
        return;
      }
      CLIENTS.remove(key, counted);
    }
    counted.building.thenAccept(DynamoDbClient::close);
  }
}
