package dev.keycond.sqltests.types;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.harness.RecordedRequest;
import dev.keycond.sqltests.harness.RequestRecorder;
import dev.keycond.sqltests.support.Keycond;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * Tables without a mapping (issue 5 item 4): key attributes as typed columns (S as
 * VARCHAR, N as DECIMAL, B as VARBINARY, index keys included) and the whole item, every DynamoDB
 * type of it, as the JSON text of the {@code document} column.
 */
@ExtendWith(DynaliteExtension.class)
class RawTypesTest {
  /** Reads JSON numbers as exact BigDecimals, trailing zeros and all. */
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

  private static Connection connection;

  @BeforeAll
  static void connect(DynamoServer server) throws SQLException {
    Fixtures.load(server, "types");
    connection = Keycond.connect(server, null);
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  @BeforeEach
  void forgetEarlierRequests() {
    RequestRecorder.clear();
  }

  @Test
  void keyAttributesAreTypedColumnsAndTheDocumentIsJsonText() throws Exception {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT * FROM types_Raw WHERE pk = 'every' AND sk = 1")) {
      ResultSetMetaData meta = result.getMetaData();
      assertEquals(List.of("pk", "sk", "img", "document"), labels(meta));
      assertEquals(List.of(Types.VARCHAR, Types.DECIMAL, Types.VARBINARY, Types.VARCHAR),
          List.of(meta.getColumnType(1), meta.getColumnType(2), meta.getColumnType(3),
              meta.getColumnType(4)));
      assertEquals(List.of("java.lang.String", "java.math.BigDecimal", "[B", "java.lang.String"),
          List.of(meta.getColumnClassName(1), meta.getColumnClassName(2),
              meta.getColumnClassName(3), meta.getColumnClassName(4)));
      assertEquals(ResultSetMetaData.columnNoNulls, meta.isNullable(1));
      assertEquals(ResultSetMetaData.columnNoNulls, meta.isNullable(2));
      assertEquals(ResultSetMetaData.columnNullable, meta.isNullable(3));

      assertTrue(result.next());
      assertEquals("every", result.getObject("pk"));
      assertEquals(new BigDecimal("1"), result.getObject("sk"));
      assertArrayEquals(HexFormat.of().parseHex("deadbeef"),
          assertInstanceOf(byte[].class, result.getObject("img")));
      String text = assertInstanceOf(String.class, result.getObject("document"));
      JsonNode document = JSON.readTree(text);

      assertEquals(List.of("b", "bs", "img", "l", "m", "n", "nexp", "nil", "nlong", "no", "ns", "pk",
          "s", "sk", "ss", "yes"), fieldNames(document), "attributes in name order");
      // S, N (exact, exponent form read as its value), B as base64, BOOL, NULL.
      assertEquals("text", document.get("s").textValue());
      assertEquals(new BigDecimal("12.5"), document.get("n").decimalValue());
      assertEquals(0, new BigDecimal("1000").compareTo(document.get("nexp").decimalValue()));
      assertEquals(new BigDecimal("12345678901234567890123456789.012345678"),
          document.get("nlong").decimalValue());
      assertArrayEquals(HexFormat.of().parseHex("0001feff"),
          Base64.getDecoder().decode(document.get("b").textValue()));
      assertEquals(JsonNodeType.BOOLEAN, document.get("yes").getNodeType());
      assertTrue(document.get("yes").booleanValue());
      assertEquals(JsonNodeType.BOOLEAN, document.get("no").getNodeType());
      assertEquals(JsonNodeType.NULL, document.get("nil").getNodeType());
      // M nested two levels, L with mixed element types.
      assertEquals(1, document.at("/m/outer/inner/x").intValue());
      assertEquals("v", document.at("/m/t").textValue());
      JsonNode list = document.get("l");
      List<JsonNodeType> elementTypes = new ArrayList<>();
      list.forEach(e -> elementTypes.add(e.getNodeType()));
      assertEquals(List.of(JsonNodeType.NUMBER, JsonNodeType.STRING, JsonNodeType.BOOLEAN,
          JsonNodeType.NULL, JsonNodeType.STRING, JsonNodeType.ARRAY), elementTypes);
      assertEquals("AQ==", list.get(4).textValue());
      assertEquals(new BigDecimal("2.5"), list.get(5).get(0).decimalValue());
      // SS, NS, BS as arrays.
      assertEquals("[\"a\",\"b\"]", document.get("ss").toString());
      assertEquals(List.of(new BigDecimal("1.5"), new BigDecimal("3")),
          List.of(document.get("ns").get(0).decimalValue(), document.get("ns").get(1).decimalValue()));
      assertEquals("[\"AQ==\"]", document.get("bs").toString());
      // Keys and the index key are in the document as well as in their columns.
      assertEquals("every", document.get("pk").textValue());
      assertEquals(new BigDecimal("1"), document.get("sk").decimalValue());
      assertEquals("3q2+7w==", document.get("img").textValue());
    }
  }

  @Test
  void numericSortKeysAreExactDecimals() throws SQLException {
    List<BigDecimal> keys = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT sk FROM types_Raw WHERE pk = 'every'")) {
      while (result.next()) {
        keys.add(assertInstanceOf(BigDecimal.class, result.getObject(1)));
      }
    }
    assertEquals(List.of(new BigDecimal("-2.5"), new BigDecimal("1"),
        new BigDecimal("12345678901234567890123456789.012345678")), keys);
  }

  @Test
  void aBigDecimalParameterWithEveryDigitIsOneGetItem() throws SQLException {
    BigDecimal key = new BigDecimal("12345678901234567890123456789.012345678");
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT sk FROM types_Raw WHERE pk = 'every' AND sk = ?")) {
      statement.setBigDecimal(1, key);
      try (ResultSet result = statement.executeQuery()) {
        assertTrue(result.next());
        assertEquals(key, result.getBigDecimal(1));
      }
    }
    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertEquals(1, requests.size(), requests::toString);
    GetItemRequest get = requests.get(0).raw(GetItemRequest.class);
    assertEquals(Map.of("pk", AttributeValue.fromS("every"), "sk",
        AttributeValue.fromN("12345678901234567890123456789.012345678")), get.key());
  }

  @Test
  void aBinaryPartitionKeyIsAVarbinaryColumnAndParameter() throws SQLException {
    byte[] key = HexFormat.of().parseHex("0001feff");
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT bk, document FROM types_RawBinary WHERE bk = ?")) {
      assertEquals(Types.VARBINARY, statement.getParameterMetaData().getParameterType(1));
      statement.setBytes(1, key);
      try (ResultSet result = statement.executeQuery()) {
        assertEquals(Types.VARBINARY, result.getMetaData().getColumnType(1));
        assertTrue(result.next());
        assertArrayEquals(key, result.getBytes(1));
        assertArrayEquals(key, (byte[]) result.getObject(1));
        assertEquals("0001feff", result.getString(1));
        assertEquals("{\"bk\":\"AAH+/w==\",\"v\":\"bytes key\"}", result.getString(2));
      }
    }
    List<RecordedRequest> requests = RequestRecorder.dataRequests();
    assertEquals(1, requests.size(), requests::toString);
    assertEquals("GetItem", requests.get(0).operation());
  }

  private static List<String> labels(ResultSetMetaData meta) throws SQLException {
    List<String> labels = new ArrayList<>();
    for (int i = 1; i <= meta.getColumnCount(); i++) {
      labels.add(meta.getColumnLabel(i));
    }
    return labels;
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
