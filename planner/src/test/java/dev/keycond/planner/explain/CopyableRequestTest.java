package dev.keycond.planner.explain;

import static software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity.INDEXES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.request.BatchWriteItem;
import dev.keycond.planner.request.ExpressionAttributes;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.PutItem;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.request.TransactWriteItems;
import dev.keycond.planner.settings.AwsCliTarget;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A request as text to send by hand: its DynamoDB JSON, the AWS CLI command and the Java code. The
 * tests against dynalite (sql-tests: ExplainJsonTest) send what they give and compare the items.
 */
class CopyableRequestTest {
  private static RequestValue bound(AttributeValue value) {
    return new RequestValue.Bound(value);
  }

  @Test
  void everyKindOfValueIsWrittenInDynamoDbJson() {
    ImmutableMap<String, RequestValue> item = ImmutableMap.<String, RequestValue>builder()
        .put("PK", bound(AttributeValue.fromS("it's \"x\"")))
        .put("n", bound(AttributeValue.fromN("-1.50")))
        .put("b", bound(AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, (byte) 255}))))
        .put("t", bound(AttributeValue.fromBool(true)))
        .put("z", bound(AttributeValue.fromNul(true)))
        .put("ss", bound(AttributeValue.fromSs(List.of("a", "b"))))
        .put("ns", bound(AttributeValue.fromNs(List.of("1", "2"))))
        .put("bs", bound(AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[] {0})))))
        .put("m", bound(AttributeValue.fromM(Map.of("k", AttributeValue.fromL(List.of(AttributeValue.fromN("7")))))))
        .put("e", bound(AttributeValue.fromS("")))
        .put("f", bound(AttributeValue.fromS("café")))
        .build();
    PutItem put = new PutItem("Drive", item, Optional.of("attribute_not_exists(#a0)"),
        new ExpressionAttributes(ImmutableMap.of("#a0", "PK"), ImmutableMap.of()));

    CopyableRequest.Exact exact = (CopyableRequest.Exact) CopyableRequest.of(put, Optional.empty(), INDEXES);

    assertEquals("{\"TableName\":\"Drive\",\"Item\":{\"PK\":{\"S\":\"it's \\\"x\\\"\"},\"n\":{\"N\":\"-1.50\"},"
        + "\"b\":{\"B\":\"AQL/\"},\"t\":{\"BOOL\":true},\"z\":{\"NULL\":true},\"ss\":{\"SS\":[\"a\",\"b\"]},"
        + "\"ns\":{\"NS\":[\"1\",\"2\"]},\"bs\":{\"BS\":[\"AA==\"]},\"m\":{\"M\":{\"k\":{\"L\":[{\"N\":\"7\"}]}}},\"e\":{\"S\":\"\"},\"f\":{\"S\":\"café\"}},"
        + "\"ReturnConsumedCapacity\":\"INDEXES\",\"ConditionExpression\":\"attribute_not_exists(#a0)\","
        + "\"ExpressionAttributeNames\":{\"#a0\":\"PK\"}}", exact.json());
    // Its binary values are base64, which the AWS CLI is told (v2 reads them so; v1 refuses the option).
    assertEquals("aws dynamodb put-item --cli-input-json '" + exact.json().replace("'", "'\\''") + "'"
        + " --cli-binary-format base64", exact.cliCommand(AwsCliTarget.CLI_DEFAULTS));
    assertEquals(List.of(
        "PutItemResponse response = client.putItem(PutItemRequest.builder()",
        "    .tableName(\"Drive\")",
        "    .item(Map.ofEntries(",
        "        Map.entry(\"PK\", AttributeValue.fromS(\"it's \\\"x\\\"\")),",
        "        Map.entry(\"n\", AttributeValue.fromN(\"-1.50\")),",
        "        Map.entry(\"b\", AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode(\"AQL/\")))),",
        "        Map.entry(\"t\", AttributeValue.fromBool(true)),",
        "        Map.entry(\"z\", AttributeValue.fromNul(true)),",
        "        Map.entry(\"ss\", AttributeValue.fromSs(List.of(\"a\", \"b\"))),",
        "        Map.entry(\"ns\", AttributeValue.fromNs(List.of(\"1\", \"2\"))),",
        "        Map.entry(\"bs\", AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(Base64.getDecoder().decode(\"AA==\"))))),",
        "        Map.entry(\"m\", AttributeValue.fromM(Map.of(\"k\", AttributeValue.fromL(List.of(AttributeValue.fromN(\"7\")))))),",
        "        Map.entry(\"e\", AttributeValue.fromS(\"\")),",
        "        Map.entry(\"f\", AttributeValue.fromS(\"caf\\u00e9\"))))",
        "    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)",
        "    .conditionExpression(\"attribute_not_exists(#a0)\")",
        "    .expressionAttributeNames(Map.of(\"#a0\", \"PK\"))",
        "    .build());"), exact.javaSnippet(), "more than 10 entries take Map.ofEntries");
  }

  @Test
  void aTransactionIsCopyableWithItsToken() {
    ImmutableMap<String, RequestValue> key = ImmutableMap.of("PK", bound(AttributeValue.fromS("DRIVE#a91")));
    TransactWriteItems transaction = new TransactWriteItems(ImmutableList.of(
        new TransactWriteItems.Put("Drive", key, Optional.of("attribute_not_exists(#a0)"),
            new ExpressionAttributes(ImmutableMap.of("#a0", "PK"), ImmutableMap.of())),
        new TransactWriteItems.Delete("Other", key, Optional.empty(), ExpressionAttributes.NONE)), "token-1");

    CopyableRequest.Exact exact = (CopyableRequest.Exact) CopyableRequest.of(transaction, Optional.empty(), INDEXES);

    assertEquals("{\"TransactItems\":[{\"Put\":{\"Item\":{\"PK\":{\"S\":\"DRIVE#a91\"}},\"TableName\":\"Drive\","
        + "\"ConditionExpression\":\"attribute_not_exists(#a0)\",\"ExpressionAttributeNames\":{\"#a0\":\"PK\"}}},"
        + "{\"Delete\":{\"Key\":{\"PK\":{\"S\":\"DRIVE#a91\"}},\"TableName\":\"Other\"}}],"
        + "\"ReturnConsumedCapacity\":\"INDEXES\",\"ClientRequestToken\":\"token-1\"}", exact.json());
    assertEquals("aws dynamodb transact-write-items --cli-input-json '" + exact.json() + "'",
        exact.cliCommand(AwsCliTarget.CLI_DEFAULTS));
    assertEquals("TransactWriteItemsResponse response = client.transactWriteItems(TransactWriteItemsRequest.builder()",
        exact.javaSnippet().get(0));
    assertEquals(List.of("TransactWriteItems on tables Drive, Other",
        "  ClientRequestToken:        token-1",
        "  TransactItems:             2 actions",
        "    Put on table 'Drive': Item {\"PK\":{\"S\":\"DRIVE#a91\"}}, ConditionExpression attribute_not_exists(#a0)",
        "      ExpressionAttributeNames:  {\"#a0\":\"PK\"}",
        "    Delete on table 'Other': Key {\"PK\":{\"S\":\"DRIVE#a91\"}}"), RequestFormatter.format(transaction));
  }

  @Test
  void javaLiteralsEscapeWhatJavaWouldReadOtherwise() {
    assertEquals("\"a\\\"b\\\\c\"", JavaSnippet.literal("a\"b\\c"));
    // A unicode escape of a line break would end the literal: control characters are octal.
    assertEquals("\"x\\012y\\000\"", JavaSnippet.literal("x\ny\0"));
    assertEquals("\"caf\\u00e9 \\ud83d\\ude00\"", JavaSnippet.literal("café 😀"));
  }

  @Test
  void aBatchIsOneCommandWithAllItsWrites() {
    BatchWriteItem batch = new BatchWriteItem("Drive", ImmutableList.of("PK"), ImmutableList.of(
        new BatchWriteItem.Put(ImmutableMap.of("PK", bound(AttributeValue.fromS("a")))),
        new BatchWriteItem.Delete(ImmutableMap.of("PK", bound(AttributeValue.fromS("b"))))));

    CopyableRequest.Exact exact = (CopyableRequest.Exact) CopyableRequest.of(batch, Optional.empty(), INDEXES);

    assertEquals("{\"RequestItems\":{\"Drive\":[{\"PutRequest\":{\"Item\":{\"PK\":{\"S\":\"a\"}}}},"
        + "{\"DeleteRequest\":{\"Key\":{\"PK\":{\"S\":\"b\"}}}}]},\"ReturnConsumedCapacity\":\"INDEXES\"}",
        exact.json());
    assertTrue(exact.cliCommand(AwsCliTarget.CLI_DEFAULTS).startsWith("aws dynamodb batch-write-item --cli-input-json '{"),
        exact.cliCommand(AwsCliTarget.CLI_DEFAULTS));
    assertEquals(List.of(
        "BatchWriteItemResponse response = client.batchWriteItem(BatchWriteItemRequest.builder()",
        "    .requestItems(Map.of(",
        "        \"Drive\", List.of(",
        "            WriteRequest.builder()",
        "                .putRequest(PutRequest.builder()",
        "                    .item(Map.of(\"PK\", AttributeValue.fromS(\"a\")))",
        "                    .build())",
        "                .build(),",
        "            WriteRequest.builder()",
        "                .deleteRequest(DeleteRequest.builder()",
        "                    .key(Map.of(\"PK\", AttributeValue.fromS(\"b\")))",
        "                    .build())",
        "                .build())))",
        "    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)",
        "    .build());"), exact.javaSnippet());
  }

  @Test
  void theCommandGoesWhereTheConnectionGoesQuotedWhereTheShellWouldReadItOtherwise() {
    GetItem get = new GetItem("Drive", ImmutableMap.of("PK", bound(AttributeValue.fromS("a"))), Optional.empty(),
        ExpressionAttributes.NONE, false);
    CopyableRequest.Exact exact = (CopyableRequest.Exact) CopyableRequest.of(get, Optional.empty(), INDEXES);
    String json = exact.json();
    assertEquals("aws dynamodb get-item --cli-input-json '" + json + "' --endpoint-url http://127.0.0.1:8000 "
        + "--region eu-west-1 --profile 'my team'", exact.cliCommand(new AwsCliTarget(
            Optional.of("http://127.0.0.1:8000"), Optional.of("eu-west-1"), Optional.of("my team"))));
    assertEquals("aws dynamodb get-item --cli-input-json '" + json + "' --region us-east-1",
        exact.cliCommand(new AwsCliTarget(Optional.empty(), Optional.of("us-east-1"), Optional.empty())));
  }

  @Test
  void anEndpointWithUserInformationIsNotATarget() {
    assertThrows(IllegalArgumentException.class, () -> new AwsCliTarget(Optional.of("http://a:b@host"),
        Optional.empty(), Optional.empty()));
  }

  @Test
  void aRequestWithAParameterNotSetSaysWhichAndIsNotGiven() {
    GetItem get = new GetItem("Drive", ImmutableMap.of("PK", new RequestValue.Unbound("'DRIVE#' || ?1")),
        Optional.empty(), ExpressionAttributes.NONE, false);

    CopyableRequest copyable = CopyableRequest.of(get, Optional.empty(), INDEXES);

    assertEquals(new CopyableRequest.Unknown("GetItem", "Parameter 'DRIVE#' || ?1 is not set; the request is "
        + "shown once every parameter of the PreparedStatement is set"), copyable);
  }

  @Test
  void aRequestPerRowIsNotGivenEvenWhenItsValuesAreKnown() {
    GetItem get = new GetItem("Drive", ImmutableMap.of("PK", bound(AttributeValue.fromS("DRIVE#a"))),
        Optional.empty(), ExpressionAttributes.NONE, false);

    assertEquals(new CopyableRequest.Unknown("GetItem", "one per row"),
        CopyableRequest.of(get, Optional.of("one per row"), INDEXES));
  }
}
