package dev.keycond.sqltests.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.protocol.MarshallingType;
import software.amazon.awssdk.core.traits.ListTrait;
import software.amazon.awssdk.core.traits.MapTrait;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.utils.builder.SdkBuilder;

/**
 * Reads a request written in DynamoDB's JSON (what {@code aws dynamodb <command> --cli-input-json}
 * takes) into the SDK's request, as the AWS CLI does: each member by the name DynamoDB gives it.
 * A member the request does not have is an error, so text that DynamoDB would refuse is not
 * quietly accepted here.
 */
public final class SdkJson {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, Supplier<? extends SdkPojo>> BUILDERS = Map.of(
      "GetItem", GetItemRequest::builder,
      "BatchGetItem", BatchGetItemRequest::builder,
      "Query", QueryRequest::builder,
      "Scan", ScanRequest::builder,
      "PutItem", PutItemRequest::builder,
      "UpdateItem", UpdateItemRequest::builder,
      "DeleteItem", DeleteItemRequest::builder,
      "BatchWriteItem", BatchWriteItemRequest::builder);

  private SdkJson() {}

  /** The request of {@code operation} (such as {@code Query}) that {@code json} describes. */
  public static DynamoDbRequest request(String operation, String json) {
    try {
      return (DynamoDbRequest) pojo(BUILDERS.get(operation).get(), JSON.readTree(json));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + json, e);
    }
  }

  private static Object pojo(SdkPojo builder, JsonNode node) {
    Set<String> members = new HashSet<>();
    for (SdkField<?> field : builder.sdkFields()) {
      JsonNode value = node.get(field.locationName());
      if (value != null) {
        members.add(field.locationName());
        field.set(builder, value(field, value));
      }
    }
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!members.contains(name)) {
        throw new IllegalArgumentException(builder.getClass().getName() + " has no member " + name);
      }
    }
    return ((SdkBuilder<?, ?>) builder).build();
  }

  private static Object value(SdkField<?> field, JsonNode node) {
    MarshallingType<?> type = field.marshallingType();
    if (type == MarshallingType.STRING) {
      return node.textValue();
    }
    if (type == MarshallingType.INTEGER) {
      return node.intValue();
    }
    if (type == MarshallingType.BOOLEAN) {
      return node.booleanValue();
    }
    if (type == MarshallingType.SDK_BYTES) {
      return software.amazon.awssdk.core.SdkBytes.fromByteArray(Base64.getDecoder().decode(node.textValue()));
    }
    if (type == MarshallingType.SDK_POJO) {
      return pojo(field.constructor().get(), node);
    }
    if (type == MarshallingType.LIST) {
      SdkField<?> member = field.getTrait(ListTrait.class).memberFieldInfo();
      List<Object> list = new ArrayList<>();
      node.forEach(element -> list.add(value(member, element)));
      return list;
    }
    if (type == MarshallingType.MAP) {
      SdkField<?> member = field.getTrait(MapTrait.class).valueFieldInfo();
      Map<String, Object> map = new LinkedHashMap<>();
      node.properties().forEach(entry -> map.put(entry.getKey(), value(member, entry.getValue())));
      return map;
    }
    throw new IllegalArgumentException("a member of type " + type + ": " + field.memberName());
  }
}
