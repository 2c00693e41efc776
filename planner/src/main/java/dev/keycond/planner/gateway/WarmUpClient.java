package dev.keycond.planner.gateway;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * A DynamoDB client that sends nothing: every Query it is given answers with the same items, every
 * UpdateItem as one that changed its item, and every other operation is unsupported. The planner's
 * warm-up reads and writes through it, so that keycond's read path (the gateway, paging, costs,
 * decoding) and keyed write path (binding, the request, the count) are loaded before a
 * connection's first statement needs them; only the SDK's own handling of a real request is left
 * to that statement.
 */
public final class WarmUpClient implements DynamoDbClient {
  private final List<Map<String, AttributeValue>> items;

  public WarmUpClient(List<Map<String, AttributeValue>> items) {
    this.items = List.copyOf(items);
  }

  @Override
  public QueryResponse query(QueryRequest request) {
    return QueryResponse.builder().items(items).count(items.size()).scannedCount(items.size()).build();
  }

  @Override
  public UpdateItemResponse updateItem(UpdateItemRequest request) {
    return UpdateItemResponse.builder().build();
  }

  @Override
  public DynamoDbServiceClientConfiguration serviceClientConfiguration() {
    return DynamoDbServiceClientConfiguration.builder().region(Region.US_EAST_1).build();
  }

  @Override
  public String serviceName() {
    return SERVICE_NAME;
  }

  @Override
  public void close() {
    // Nothing was opened.
  }
}
