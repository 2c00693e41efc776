package dev.keycond.planner.gateway;

import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A DynamoDB client being built on a request thread. Building one takes about as long as reading
 * a mapping (each loads its own few hundred classes) and needs nothing from it, so a connection
 * starts the build and reads its mapping meanwhile.
 */
public final class PendingClient {
  private final CompletableFuture<DynamoDbClient> building;

  private PendingClient(CompletableFuture<DynamoDbClient> building) {
    this.building = building;
  }

  public static PendingClient start(ClientSettings settings) {
    return new PendingClient(CompletableFuture.supplyAsync(() -> DynamoClients.create(settings), RequestThreads.WAITED));
  }

  /**
   * The client, once built.
   *
   * @throws dev.keycond.planner.error.KeycondException as {@link DynamoClients#create} does
   */
  public DynamoDbClient get() {
    return Futures.join(building);
  }

  /** For a connection that fails before it takes the client: the client is closed once built. */
  public void abandon() {
    building.thenAccept(DynamoDbClient::close);
  }
}
