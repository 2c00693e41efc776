package dev.keycond.planner.dynamo;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.AttributeType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The DynamoDB tables a connection can see. Key schemas and indexes come from DescribeTable, never
 * from the mapping, and are fetched once per table per connection.
 */
public final class DynamoCatalog {
  private final DynamoDbClient client;
  private final Map<String, SourceTable> described = new ConcurrentHashMap<>();

  public DynamoCatalog(DynamoDbClient client) {
    this.client = client;
  }

  /** The names of the account's tables, listed when a connection opens. */
  public List<String> listTables() {
    List<String> names = new ArrayList<>();
    String start = null;
    do {
      ListTablesResponse page;
      try {
        page = client.listTables(ListTablesRequest.builder().exclusiveStartTableName(start).build());
      } catch (SdkException e) {
        throw DynamoErrors.translate(e, "Listing DynamoDB tables", true);
      }
      names.addAll(page.tableNames());
      start = page.lastEvaluatedTableName();
    } while (start != null);
    return names;
  }

  /**
   * Whether the endpoint answers a one-table ListTables, the cheapest request the connection is
   * known to be allowed, within {@code timeout}; {@link Duration#ZERO} for no bound. Any failure
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

  /** Describes a table; empty when it does not exist. */
  private Optional<SourceTable> find(String tableName) {
    SourceTable cached = described.get(tableName);
    if (cached != null) {
      return Optional.of(cached);
    }
    TableDescription description;
    try {
      description = client.describeTable(b -> b.tableName(tableName)).table();
    } catch (ResourceNotFoundException e) {
      return Optional.empty();
    } catch (SdkException e) {
      throw DynamoErrors.translate(e, "DescribeTable on '" + tableName + "'", false);
    }
    SourceTable table = toSourceTable(description);
    described.put(tableName, table);
    return Optional.of(table);
  }

  public SourceTable describe(String tableName) {
    return find(tableName).orElseThrow(() -> new KeycondException(SqlState.UNKNOWN_TABLE,
        "DynamoDB table '" + tableName + "' does not exist"));
  }

  private static SourceTable toSourceTable(TableDescription d) {
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
    return new SourceTable(d.tableName(), keySchema(d.keySchema()), types.buildKeepingLast(), indexes.build());
  }

  private static SourceIndex index(String name, SourceIndex.Kind kind, List<KeySchemaElement> keys, Projection p) {
    SourceIndex.Projection projection = p == null || p.projectionTypeAsString() == null
        ? SourceIndex.Projection.ALL
        : SourceIndex.Projection.valueOf(p.projectionTypeAsString());
    ImmutableSet<String> included = p == null ? ImmutableSet.of() : ImmutableSet.copyOf(p.nonKeyAttributes());
    return new SourceIndex(name, kind, keySchema(keys), projection, included);
  }

  private static KeySchema keySchema(List<KeySchemaElement> elements) {
    String hash = null;
    String range = null;
    for (KeySchemaElement e : elements) {
      if (e.keyType() == KeyType.HASH) {
        hash = e.attributeName();
      } else {
        range = e.attributeName();
      }
    }
    return new KeySchema(hash, Optional.ofNullable(range));
  }
}
