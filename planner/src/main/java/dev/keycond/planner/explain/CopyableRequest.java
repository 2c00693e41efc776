package dev.keycond.planner.explain;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.BatchWriteItem;
import dev.keycond.planner.request.DeleteItem;
import dev.keycond.planner.request.DynamoRequest;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.PutItem;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.Scan;
import dev.keycond.planner.request.TransactWriteItems;
import dev.keycond.planner.request.UpdateItem;
import dev.keycond.planner.settings.AwsCliTarget;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * A request EXPLAIN lists, as something to send by hand: the exact request, or why it cannot be
 * given before the statement runs.
 */
public sealed interface CopyableRequest {

  /** The operation, such as {@code Query}. */
  String operation();

  /**
   * Of a request record that EXPLAIN shows: exact unless {@code perRow} says it stands for a
   * request per row read, or a value in it is a parameter not set.
   *
   * @param perRow why the request is only known once rows are read, if it is
   * @param capacity what the connection's requests ask DynamoDB to report of the capacity they consumed
   */
  static CopyableRequest of(DynamoRequest request, Optional<String> perRow, ReturnConsumedCapacity capacity) {
    if (perRow.isPresent()) {
      return new Unknown(request.operation(), perRow.get());
    }
    try {
      return new Exact(request.operation(), SdkRequests.first(request, capacity), firstPageOnly(request));
    } catch (KeycondException e) {
      if (e.state() != SqlState.PARAMETER_NOT_SET) {
        throw e;
      }
      return new Unknown(request.operation(), e.getMessage()
          + "; the request is shown once every parameter of the PreparedStatement is set");
    }
  }

  private static Optional<String> firstPageOnly(DynamoRequest request) {
    boolean firstPageOnly = request.accept(new DynamoRequest.Visitor<Boolean>() {
      @Override
      public Boolean getItem(GetItem get) {
        return false;
      }

      @Override
      public Boolean batchGetItem(BatchGetItem batch) {
        return false;
      }

      @Override
      public Boolean query(Query query) {
        return query.limitsFirstPageOnly();
      }

      @Override
      public Boolean scan(Scan scan) {
        return scan.limitsFirstPageOnly();
      }

      @Override
      public Boolean putItem(PutItem put) {
        return false;
      }

      @Override
      public Boolean updateItem(UpdateItem update) {
        return false;
      }

      @Override
      public Boolean deleteItem(DeleteItem delete) {
        return false;
      }

      @Override
      public Boolean batchWriteItem(BatchWriteItem batch) {
        return false;
      }

      @Override
      public Boolean transactWriteItems(TransactWriteItems transaction) {
        return false;
      }
    });
    return firstPageOnly
        ? Optional.of("the request of the first page: keycond sends the pages after it without Limit")
        : Optional.empty();
  }

  /**
   * The request exactly as keycond sends it first (a Query's or Scan's later pages add
   * ExclusiveStartKey).
   *
   * @param note what the request alone does not say, if anything
   */
  record Exact(String operation, DynamoDbRequest request, Optional<String> note) implements CopyableRequest {
    /** The request in DynamoDB JSON, as {@code aws dynamodb <command> --cli-input-json} takes it. */
    public String json() {
      return RequestJson.of(request);
    }

    /** The AWS CLI command that sends it where {@code target} says. */
    public String cliCommand(AwsCliTarget target) {
      boolean onePage = request.getValueForField("Limit", Integer.class).isPresent();
      return CliCommand.of(operation, json(), onePage, RequestJson.hasBinary(request), target);
    }

    /** AWS SDK for Java v2 code that sends it, line by line. */
    public List<String> javaSnippet() {
      return JavaSnippet.of(operation, request);
    }
  }

  /**
   * A request whose values are not known before the statement runs.
   *
   * @param reason why, as EXPLAIN says it
   */
  record Unknown(String operation, String reason) implements CopyableRequest {}
}
