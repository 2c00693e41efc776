package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * TransactWriteItems: up to {@link #MAX_ACTIONS} actions on distinct items of any tables, applied
 * all or none. Its {@code ClientRequestToken} makes a call sent again (its answer lost) apply once:
 * every attempt of one commit carries the same token.
 */
public record TransactWriteItems(ImmutableList<TransactWriteItems.Action> actions, String clientRequestToken)
    implements WriteRequest {

  /** DynamoDB's limit on the actions of one transaction. */
  public static final int MAX_ACTIONS = 100;

  /** DynamoDB's limit on the size of one transaction's items, in bytes. */
  public static final long MAX_BYTES = 4L * 1024 * 1024;

  /** The longest ClientRequestToken DynamoDB takes. */
  public static final int MAX_TOKEN_LENGTH = 36;

  public TransactWriteItems {
    if (actions.isEmpty() || actions.size() > MAX_ACTIONS) {
      throw new IllegalArgumentException("a transaction has 1 to " + MAX_ACTIONS + " actions, not " + actions.size());
    }
    if (clientRequestToken.isEmpty() || clientRequestToken.length() > MAX_TOKEN_LENGTH) {
      throw new IllegalArgumentException("a ClientRequestToken has 1 to " + MAX_TOKEN_LENGTH + " characters");
    }
  }

  /** One action of the transaction, on one item. */
  public sealed interface Action {
    String tableName();

    /** The action's name in TransactItems: {@code Put}, {@code Update}, {@code Delete} or {@code ConditionCheck}. */
    String kind();

    /** The whole item a Put writes; the key of the item of any other action. */
    ImmutableMap<String, RequestValue> item();

    Optional<String> conditionExpression();

    ExpressionAttributes attributes();

    TransactWriteItem toSdk();
  }

  /** Writes a whole item. */
  public record Put(String tableName, ImmutableMap<String, RequestValue> item, Optional<String> conditionExpression,
      ExpressionAttributes attributes) implements Action {
    public Put {
      attributes.checkUsedExactlyBy(conditionExpression);
    }

    @Override
    public String kind() {
      return "Put";
    }

    @Override
    public TransactWriteItem toSdk() {
      return TransactWriteItem.builder().put(p -> p.tableName(tableName).item(RequestValue.bind(item))
          .conditionExpression(conditionExpression.orElse(null))
          .expressionAttributeNames(attributes.sdkNames()).expressionAttributeValues(attributes.sdkValues())).build();
    }
  }

  /** Sets and removes attributes of the item with a key. */
  public record Update(String tableName, ImmutableMap<String, RequestValue> key, String updateExpression,
      Optional<String> conditionExpression, ExpressionAttributes attributes) implements Action {
    public Update {
      attributes.checkUsedExactlyBy(Optional.of(updateExpression), conditionExpression);
    }

    @Override
    public String kind() {
      return "Update";
    }

    @Override
    public ImmutableMap<String, RequestValue> item() {
      return key;
    }

    @Override
    public TransactWriteItem toSdk() {
      return TransactWriteItem.builder().update(u -> u.tableName(tableName).key(RequestValue.bind(key))
          .updateExpression(updateExpression).conditionExpression(conditionExpression.orElse(null))
          .expressionAttributeNames(attributes.sdkNames()).expressionAttributeValues(attributes.sdkValues())).build();
    }
  }

  /** Deletes the item with a key. */
  public record Delete(String tableName, ImmutableMap<String, RequestValue> key, Optional<String> conditionExpression,
      ExpressionAttributes attributes) implements Action {
    public Delete {
      attributes.checkUsedExactlyBy(conditionExpression);
    }

    @Override
    public String kind() {
      return "Delete";
    }

    @Override
    public ImmutableMap<String, RequestValue> item() {
      return key;
    }

    @Override
    public TransactWriteItem toSdk() {
      return TransactWriteItem.builder().delete(d -> d.tableName(tableName).key(RequestValue.bind(key))
          .conditionExpression(conditionExpression.orElse(null))
          .expressionAttributeNames(attributes.sdkNames()).expressionAttributeValues(attributes.sdkValues())).build();
    }
  }

  /** Writes nothing: the transaction applies only if the item with the key meets the condition. */
  public record ConditionCheck(String tableName, ImmutableMap<String, RequestValue> key, String condition,
      ExpressionAttributes attributes) implements Action {
    public ConditionCheck {
      attributes.checkUsedExactlyBy(Optional.of(condition));
    }

    @Override
    public String kind() {
      return "ConditionCheck";
    }

    @Override
    public ImmutableMap<String, RequestValue> item() {
      return key;
    }

    @Override
    public Optional<String> conditionExpression() {
      return Optional.of(condition);
    }

    @Override
    public TransactWriteItem toSdk() {
      return TransactWriteItem.builder().conditionCheck(c -> c.tableName(tableName).key(RequestValue.bind(key))
          .conditionExpression(condition)
          .expressionAttributeNames(attributes.sdkNames()).expressionAttributeValues(attributes.sdkValues())).build();
    }
  }

  @Override
  public String operation() {
    return "TransactWriteItems";
  }

  @Override
  public <R> R accept(WriteRequest.Visitor<R> visitor) {
    return visitor.transactWriteItems(this);
  }

  /** The tables the actions write, in the order they first appear: {@code files, projects}. */
  @Override
  public String tableName() {
    return String.join(", ", tableNames());
  }

  @Override
  public List<String> tableNames() {
    Set<String> tables = new LinkedHashSet<>();
    actions.forEach(a -> tables.add(a.tableName()));
    return List.copyOf(tables);
  }

  public TransactWriteItemsRequest toSdk(ReturnConsumedCapacity capacity) {
    return TransactWriteItemsRequest.builder()
        .transactItems(actions.stream().map(Action::toSdk).toList())
        .clientRequestToken(clientRequestToken)
        .returnConsumedCapacity(capacity)
        .build();
  }
}
