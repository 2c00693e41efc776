package dev.keycond.benchmark;

import dev.keycond.jdbc.ConnectionProperties;
import dev.keycond.planner.PlannerWarmUp;
import dev.keycond.planner.gateway.DynamoCatalog;
import dev.keycond.planner.gateway.SharedClient;
import dev.keycond.planner.gateway.TableDescriptions;
import dev.keycond.planner.mapping.Mapping;
import dev.keycond.planner.mapping.MappingParser;
import dev.keycond.planner.schema.KeycondSchema;
import java.util.List;
import java.util.Properties;

/**
 * A cold-start child that runs one of the two halves of keycond's first connection alone, in a
 * fresh JVM: the planner's warm-up, or what the connecting thread does meanwhile (read the
 * mapping while the DynamoDB client is built, describe the mapped tables). A connection runs them on two
 * threads; timed alone, against the connection that runs both, they show whether the two really
 * overlap on this machine's cores. The connecting half follows what {@code KeycondConnection.open}
 * does, with the same URL.
 *
 * <p>{@code ConnectHalves warm-up <endpoint>} marks {@value FirstRow#MAIN} and {@value #DONE};
 * {@code ConnectHalves connect <endpoint>} the same.
 */
public final class ConnectHalves {
  static final String WARM_UP = "warm-up";
  static final String CONNECT = "connect";
  static final List<String> HALVES = List.of(WARM_UP, CONNECT);
  static final String DONE = "done";

  private ConnectHalves() {}

  public static void main(String[] args) {
    ChildJvm.mark(FirstRow.MAIN);
    switch (args[0]) {
      case WARM_UP -> PlannerWarmUp.start().join();
      case CONNECT -> connect(args[1]);
      default -> throw new IllegalArgumentException("One of " + HALVES + ", not " + args[0]);
    }
    ChildJvm.mark(DONE);
    System.exit(0);
  }

  private static void connect(String endpoint) {
    ConnectionProperties properties = ConnectionProperties.parse(FilesTable.jdbcUrl(endpoint), new Properties());
    SharedClient client = SharedClient.acquire(properties.sessionOptions().client());
    Mapping mapping = MappingParser.load(properties.get("mapping").orElse(null));
    KeycondSchema.open(DynamoCatalog.connecting(client.client(), TableDescriptions.unshared(), 0), mapping);
  }
}
