package dev.keycond.planner.gateway;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.source.TimeToLive;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * The DynamoDB tables a connection can see. Key schemas and indexes come from DescribeTable, never
 * from the mapping, and the time to live from DescribeTimeToLive (sent alongside it); both are
 * fetched at most once per table per connection, and not at all when another connection of the JVM
 * read them within the reuse time ({@link TableDescriptions}). A connection keeps what it read, or
 * reused, for its life.
 */
public final class DynamoCatalog {
  private final DynamoDbClient client;
  private final Optional<ConnectDeadline> connecting;
  private final Map<String, SourceTable> described;
  private final TableDescriptions shared;

  /**
   * A catalog outside any connection (mapping inference, tests): each request is bounded by the
   * client's own limit, and it shares no description.
   */
  public DynamoCatalog(DynamoDbClient client) {
    this(client, Optional.empty(), new ConcurrentHashMap<>(), TableDescriptions.unshared());
  }

  private DynamoCatalog(DynamoDbClient client, Optional<ConnectDeadline> connecting,
      Map<String, SourceTable> described, TableDescriptions shared) {
    this.client = client;
    this.connecting = connecting;
    this.described = described;
    this.shared = shared;
  }

  /**
   * The catalog while a connection opens: its requests share one deadline, the login timeout when
   * {@code loginTimeoutSeconds} is positive, else the connection's requestTimeout, and their
   * failures mean the connection cannot be established (08001).
   *
   * @param shared the descriptions the connection may reuse, and where it leaves what it reads
   */
  public static DynamoCatalog connecting(DynamoDbClient client, TableDescriptions shared, int loginTimeoutSeconds) {
    return new DynamoCatalog(client, Optional.of(ConnectDeadline.start(client, loginTimeoutSeconds)), new ConcurrentHashMap<>(), shared);
  }

  /** This catalog once the connection is open; the tables it described stay known. */
  public DynamoCatalog connected() {
    return new DynamoCatalog(client, Optional.empty(), described, shared);
  }

  private RequestScope scope() {
    return connecting.map(ConnectDeadline::scope).orElseGet(() -> RequestScope.statement(client));
  }

  /**
   * While connecting, what is left of the deadline; after, what is left of the query timeout of the
   * statement planned on this thread, if it has one; else the client's own limit applies.
   */
  private AwsRequestOverrideConfiguration bounded(String action) {
    AwsRequestOverrideConfiguration.Builder builder = AwsRequestOverrideConfiguration.builder();
    connecting.ifPresentOrElse(deadline -> builder.apiCallTimeout(deadline.remaining(action)),
        () -> StatementCall.sendingOnThisThread().flatMap(StatementCall::timeLeft).ifPresent(builder::apiCallTimeout));
    return builder.build();
  }

  /**
   * The error a failed request fails its statement with: the statement's own when it was stopped or
   * ran past its query timeout, else what DynamoDB's answer, or its absence, means.
   */
  private KeycondException failed(SdkException e, String action) {
    return StatementCall.sendingOnThisThread().map(call -> call.failed(e, action, scope()))
        .orElseGet(() -> DynamoErrors.translate(e, action, scope()));
  }

  /**
   * The names of the account's tables as another connection of the JVM listed them within the reuse
   * time; empty when none did. A table created since may be missing from them: {@link #listTables}
   * lists anew.
   */
  public Optional<List<String>> reusableTableNames() {
    return shared.reusableTableNames();
  }

  /** The names of the account's tables, all pages of ListTables, sent now; shared for the JVM's next connections. */
  public List<String> listTables() {
    List<String> names = new ArrayList<>();
    String start = null;
    do {
      ListTablesResponse page;
      String action = "Listing DynamoDB tables";
      try {
        page = client.listTables(ListTablesRequest.builder().exclusiveStartTableName(start)
            .overrideConfiguration(bounded(action)).build());
      } catch (SdkException e) {
        throw failed(e, action);
      }
      names.addAll(page.tableNames());
      start = page.lastEvaluatedTableName();
    } while (start != null);
    shared.listed(names);
    return names;
  }

  /**
   * Whether the endpoint answers a one-table ListTables, the cheapest request the connection is
   * known to be allowed, within {@code timeout}; {@link Duration#ZERO} for the client's own limit,
   * {@link ClientSettings#requestTimeout}. Any failure
   * (unreachable, refused credentials, the timeout) is a no, not an error.
   */
  public boolean answers(Duration timeout) {
    try {
      client.listTables(ListTablesRequest.builder().limit(1)
          .overrideConfiguration(o -> {
            if (!timeout.isZero()) {
              o.apiCallTimeout(timeout);
            }
          })
          .build());
      return true;
    } catch (SdkException e) {
      return false;
    }
  }

  /**
   * Describes these tables side by side, each empty when it does not exist: this thread describes
   * the first it has no description of, a request thread each other one. A failure is the first
   * table's that failed, in the order given.
   */
  public Map<String, Optional<SourceTable>> findAll(List<String> tableNames) {
    Map<String, Optional<SourceTable>> found = new HashMap<>();
    List<String> unknown = new ArrayList<>();
    for (String name : tableNames) {
      known(name).ifPresentOrElse(table -> found.put(name, Optional.of(table)), () -> unknown.add(name));
    }
    List<CompletableFuture<Optional<SourceTable>>> others = new ArrayList<>();
    for (String name : unknown.subList(Math.min(1, unknown.size()), unknown.size())) {
      others.add(CompletableFuture.supplyAsync(StatementCall.onThisThreadsCall(() -> find(name)),
          RequestThreads.WAITED));
    }
    if (!unknown.isEmpty()) {
      found.put(unknown.get(0), find(unknown.get(0)));
    }
    for (int i = 0; i < others.size(); i++) {
      found.put(unknown.get(i + 1), Futures.join(others.get(i)));
    }
    return found;
  }

  /** What this connection knows of a table without asking: what it read, or a description it may reuse. */
  private Optional<SourceTable> known(String tableName) {
    SourceTable own = described.get(tableName);
    if (own != null) {
      return Optional.of(own);
    }
    Optional<SourceTable> reused = shared.reusable(tableName);
    reused.ifPresent(table -> described.put(tableName, table));
    return reused;
  }

  /** Describes a table, unless it is {@link #known}; empty when it does not exist. */
  private Optional<SourceTable> find(String tableName) {
    Optional<SourceTable> known = known(tableName);
    if (known.isPresent()) {
      return known;
    }
    CompletableFuture<Optional<TimeToLive>> timeToLive = CompletableFuture.supplyAsync(
        StatementCall.onThisThreadsCall(() -> timeToLive(tableName)), RequestThreads.WAITED);
    TableDescription description;
    String action = "DescribeTable on '" + tableName + "'";
    try {
      description = client.describeTable(b -> b.tableName(tableName).overrideConfiguration(bounded(action))).table();
    } catch (ResourceNotFoundException e) {
      return Optional.empty();
    } catch (SdkException e) {
      throw failed(e, action);
    }
    SourceTable table = toSourceTable(description, Futures.join(timeToLive));
    described.put(tableName, table);
    shared.read(table);
    return Optional.of(table);
  }

  /**
   * The table's time to live when DescribeTimeToLive reports it enabled. A principal that may not
   * call DescribeTimeToLive, or a server that does not know it, reads the table as without one.
   */
  private Optional<TimeToLive> timeToLive(String tableName) {
    String action = "DescribeTimeToLive on '" + tableName + "'";
    try {
      TimeToLiveDescription ttl = client.describeTimeToLive(b -> b.tableName(tableName)
          .overrideConfiguration(bounded(action))).timeToLiveDescription();
      return ttl != null && ttl.timeToLiveStatus() == TimeToLiveStatus.ENABLED && ttl.attributeName() != null
          ? Optional.of(new TimeToLive(ttl.attributeName())) : Optional.empty();
    } catch (ResourceNotFoundException e) {
      return Optional.empty();
    } catch (DynamoDbException e) {
      String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
      if ("AccessDeniedException".equals(code) || "UnknownOperationException".equals(code)) {
        return Optional.empty();
      }
      throw failed(e, action);
    } catch (SdkException e) {
      throw failed(e, action);
    }
  }

  public SourceTable describe(String tableName) {
    return find(tableName).orElseThrow(() -> new KeycondException(SqlState.UNKNOWN_TABLE,
        "DynamoDB table '" + tableName + "' does not exist"));
  }

  private static SourceTable toSourceTable(TableDescription d, Optional<TimeToLive> timeToLive) {
    ImmutableMap.Builder<String, AttributeType> types = ImmutableMap.builder();
    for (AttributeDefinition def : d.attributeDefinitions()) {
      types.put(def.attributeName(), AttributeType.ofKeyType(def.attributeTypeAsString()));
    }
    ImmutableList.Builder<SourceIndex> indexes = ImmutableList.builder();
    for (GlobalSecondaryIndexDescription g : d.globalSecondaryIndexes()) {
      indexes.add(index(g.indexName(), SourceIndex.Kind.GLOBAL, g.keySchema(), g.projection()));
    }
    for (LocalSecondaryIndexDescription l : d.localSecondaryIndexes()) {
      indexes.add(index(l.indexName(), SourceIndex.Kind.LOCAL, l.keySchema(), l.projection()));
    }
    return new SourceTable(d.tableName(), keySchema(d.keySchema()), types.buildKeepingLast(), indexes.build(),
        timeToLive);
  }

  private static SourceIndex index(String name, SourceIndex.Kind kind, List<KeySchemaElement> keys, Projection p) {
    SourceIndex.Projection projection = p == null || p.projectionTypeAsString() == null
        ? SourceIndex.Projection.ALL
        : SourceIndex.Projection.valueOf(p.projectionTypeAsString());
    ImmutableSet<String> included = p == null ? ImmutableSet.of() : ImmutableSet.copyOf(p.nonKeyAttributes());
    return new SourceIndex(name, kind, keySchema(keys), projection, included);
  }

  /** The KeySchema's attributes in their order: a multi-attribute key lists several of a kind. */
  private static KeySchema keySchema(List<KeySchemaElement> elements) {
    ImmutableList.Builder<String> partition = ImmutableList.builder();
    ImmutableList.Builder<String> sort = ImmutableList.builder();
    for (KeySchemaElement e : elements) {
      (e.keyType() == KeyType.HASH ? partition : sort).add(e.attributeName());
    }
    return new KeySchema(partition.build(), sort.build());
  }
}
