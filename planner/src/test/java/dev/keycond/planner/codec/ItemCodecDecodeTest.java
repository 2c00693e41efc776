package dev.keycond.planner.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.MappingParser;
import dev.keycond.planner.mapping.TableMapping;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.TableBinding;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads decode an item once into its row: the key columns from the slots of the key attributes'
 * templates, every other column from its attribute as its type, each into its place in the row.
 */
class ItemCodecDecodeTest {
  /**
   * Columns in this order: 0 tenant, 1 shard, 2 day, 3 seq, 4 name, 5 price, 6 big, 7 small, 8 ratio,
   * 9 flag, 10 bin, 11 at, 12 born, 13 doc, 14 tags, 15 nums, 16 bins.
   */
  private static final String MAPPING = """
      {"tables": {"t": {"source": "S",
        "columns": {"tenant": "VARCHAR", "shard": "INTEGER", "day": "DATE", "seq": "BIGINT", "name": "VARCHAR",
                    "price": "DECIMAL", "big": "BIGINT", "small": "INTEGER", "ratio": "DOUBLE", "flag": "BOOLEAN",
                    "bin": "VARBINARY", "at": "TIMESTAMP", "born": "DATE", "doc": "JSON", "tags": "STRING SET",
                    "nums": "NUMBER SET", "bins": "BINARY SET"},
        "keys": {"PK": "T#{tenant}#{shard:02}", "SK": "{day}#{seq}"}}}}
      """;
  private static final EntityTable TABLE = bind(MAPPING, Map.of());
  private static final int WIDTH = 17;

  private static EntityTable bind(String mapping, Map<String, AttributeType> keyTypes) {
    SourceTable source = new SourceTable("S", new KeySchema("PK", Optional.of("SK")), ImmutableMap.copyOf(keyTypes),
        ImmutableList.of());
    TableMapping table = MappingParser.parse(mapping, "test mapping").table("t").orElseThrow();
    return TableBinding.bind(table, source, java.util.List.of(table));
  }

  private static AttributeValue s(String text) {
    return AttributeValue.fromS(text);
  }

  private static AttributeValue n(String number) {
    return AttributeValue.fromN(number);
  }

  private static SdkBytes bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return SdkBytes.fromByteArray(b);
  }

  private static Map<String, AttributeValue> key(String pk, String sk) {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("PK", s(pk));
    item.put("SK", s(sk));
    return item;
  }

  private static Map<String, AttributeValue> fullItem() {
    Map<String, AttributeValue> item = key("T#acme#07", "2026-01-05#42");
    item.put("name", s("report"));
    item.put("price", n("12.50"));
    item.put("big", n("9007199254740993"));
    item.put("small", n("-3"));
    item.put("ratio", n("0.25"));
    item.put("flag", AttributeValue.fromBool(true));
    item.put("bin", AttributeValue.fromB(bytes(1, 0xFF)));
    item.put("at", s("2026-01-01T10:30:00.5Z"));
    item.put("born", s("1990-02-28"));
    item.put("doc", AttributeValue.fromM(Map.of("a", AttributeValue.fromL(List.of(n("1"), s("x"), AttributeValue.fromNul(true))))));
    item.put("tags", AttributeValue.fromSs(List.of("b", "a")));
    item.put("nums", AttributeValue.fromNs(List.of("10", "9.5")));
    item.put("bins", AttributeValue.fromBs(List.of(bytes(2), bytes(1))));
    return item;
  }

  private static List<Integer> allColumns() {
    return IntStream.range(0, WIDTH).boxed().toList();
  }

  @Test
  void everyTypeDecodesIntoItsPlaceInTheRow() {
    Object[] row = new ItemCodec(TABLE, allColumns()).decode(fullItem());
    assertArrayEquals(new Object[] {
        "acme", 7, LocalDate.of(2026, 1, 5), 42L, "report", new BigDecimal("12.50"), 9007199254740993L, -3, 0.25, true,
        new ByteString(new byte[] {1, (byte) 0xFF}), LocalDateTime.of(2026, 1, 1, 10, 30, 0, 500_000_000),
        LocalDate.of(1990, 2, 28), "{\"a\":[1,\"x\",null]}", List.of("a", "b"),
        List.of(new BigDecimal("9.5"), new BigDecimal("10")),
        List.of(new ByteString(new byte[] {1}), new ByteString(new byte[] {2}))}, row);
  }

  @Test
  void stringsAreTheItemsOwnNotCopies() {
    EntityTable files = bind("""
        {"tables": {"t": {"source": "S", "columns": {"account": "VARCHAR", "path": "VARCHAR", "note": "VARCHAR"},
          "keys": {"PK": "DRIVE#{account}", "SK": "{path}"}}}}
        """, Map.of());
    Map<String, AttributeValue> file = key("DRIVE#a1", "root/docs/a.txt");
    file.put("note", s("hello"));
    Object[] row = ItemCodec.of(files).decode(file);
    assertSame(file.get("SK").s(), row[1]);
    assertSame(file.get("note").s(), row[2]);
    assertEquals("a1", row[0]);
  }

  @Test
  void missingAndNullAttributesAreNullColumns() {
    Map<String, AttributeValue> item = key("T#acme#07", "2026-01-05#42");
    item.put("name", AttributeValue.fromNul(true));
    Object[] row = new ItemCodec(TABLE, allColumns()).decode(item);
    Object[] expected = new Object[WIDTH];
    expected[0] = "acme";
    expected[1] = 7;
    expected[2] = LocalDate.of(2026, 1, 5);
    expected[3] = 42L;
    assertArrayEquals(expected, row);
  }

  @Test
  void columnsNotAskedForStayNullButEverySlotIsChecked() {
    ItemCodec nameOnly = new ItemCodec(TABLE, List.of(4, 1));
    Object[] expected = new Object[WIDTH];
    expected[1] = 7;
    expected[4] = "report";
    assertArrayEquals(expected, nameOnly.decode(fullItem()));
    // The day is not asked for, but a key whose day slot is no date was not written by this table.
    Map<String, AttributeValue> otherEntity = fullItem();
    otherEntity.put("SK", s("META#42"));
    assertNull(nameOnly.decode(otherEntity));
  }

  @Test
  void itemsOfOtherEntitiesAreNoRows() {
    ItemCodec codec = new ItemCodec(TABLE, allColumns());
    assertNull(codec.decode(key("USER#acme#07", "2026-01-05#42")), "another literal");
    assertNull(codec.decode(key("T#acme#7", "2026-01-05#42")), "a padded slot of the wrong width");
    assertNull(codec.decode(key("T#acme#xx", "2026-01-05#42")), "a padded slot that is no number");
    assertNull(codec.decode(key("T#acme#07", "2026-01-05#forty")), "a BIGINT slot that is no number");
    assertNull(codec.decode(key("T#acme#07", "2026-02-30#42")), "a DATE slot that is no date");
    assertNull(codec.decode(key("T#acme#07#x", "2026-01-05#42")), "a text left over");
    Map<String, AttributeValue> noSortKey = key("T#acme#07", "x");
    noSortKey.remove("SK");
    assertNull(codec.decode(noSortKey), "no sort key");
    Map<String, AttributeValue> numberKey = key("T#acme#07", "x");
    numberKey.put("SK", n("42"));
    assertNull(codec.decode(numberKey), "a number where the template builds text");
  }

  @Test
  void aNumberKeyIsReadAsItsColumnsValue() {
    EntityTable versions = bind("""
        {"tables": {"t": {"source": "S", "columns": {"doc": "VARCHAR", "version": "BIGINT", "size": "INTEGER"},
          "keys": {"PK": "DOC#{doc}", "SK": "{version}"}}}}
        """, Map.of("SK", AttributeType.N));
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("PK", s("DOC#d1"));
    item.put("SK", n("3"));
    item.put("size", n("100"));
    assertArrayEquals(new Object[] {"d1", 3L, 100}, ItemCodec.of(versions).decode(item));
    assertArrayEquals(new Object[] {null, 3L, null}, new ItemCodec(versions, List.of(1)).decode(item));
  }

  @Test
  void aValueOfTheWrongTypeNamesTheColumnAndTheKey() {
    ItemCodec codec = new ItemCodec(TABLE, allColumns());
    Map<String, AttributeValue> item = fullItem();
    item.put("big", s("many"));
    KeycondException e = assertThrows(KeycondException.class, () -> codec.decode(item));
    assertEquals(SqlState.INVALID_CHARACTER_VALUE, e.state());
    assertEquals("Column 'big' of table 't' in the item with key {PK=T#acme#07, SK=2026-01-05#42} holds the string "
        + "'many', which is not a BIGINT value", e.getMessage());
  }

  @Test
  void theFirstUnreadableColumnInTheRequestedOrderIsTheOneNamed() {
    Map<String, AttributeValue> item = fullItem();
    item.put("small", n("2147483648"));
    item.put("at", s("soon"));
    KeycondException atFirst = assertThrows(KeycondException.class,
        () -> new ItemCodec(TABLE, List.of(11, 7)).decode(item));
    assertEquals(SqlState.INVALID_DATETIME, atFirst.state());
    assertEquals("Column 'at' of table 't' in the item with key {PK=T#acme#07, SK=2026-01-05#42} holds 'soon', "
        + "which is not a valid TIMESTAMP", atFirst.getMessage());
    KeycondException smallFirst = assertThrows(KeycondException.class,
        () -> new ItemCodec(TABLE, List.of(7, 11)).decode(item));
    assertEquals(SqlState.NUMERIC_OUT_OF_RANGE, smallFirst.state());
    assertEquals("Column 'small' of table 't' in the item with key {PK=T#acme#07, SK=2026-01-05#42} holds the "
        + "number 2147483648, which does not fit INTEGER", smallFirst.getMessage());
  }

  @Test
  void aBooleanOrBinaryOrSetOfTheWrongTypeIsRefused() {
    ItemCodec codec = new ItemCodec(TABLE, allColumns());
    for (Map.Entry<String, AttributeValue> wrong : Map.of("flag", n("1"), "bin", s("AQ=="), "tags",
        AttributeValue.fromNs(List.of("1")), "nums", AttributeValue.fromSs(List.of("1")), "bins", s("x"),
        "born", s("1990-02-30"), "price", s("1")).entrySet()) {
      Map<String, AttributeValue> item = fullItem();
      item.put(wrong.getKey(), wrong.getValue());
      KeycondException e = assertThrows(KeycondException.class, () -> codec.decode(item), wrong.getKey());
      assertEquals(wrong.getKey().equals("born") ? SqlState.INVALID_DATETIME : SqlState.INVALID_CHARACTER_VALUE,
          e.state(), wrong.getKey());
    }
  }

  @Test
  void aJsonColumnReadsAnyValue() {
    ItemCodec codec = new ItemCodec(TABLE, List.of(13));
    Map<String, AttributeValue> item = fullItem();
    item.put("doc", AttributeValue.fromL(List.of(AttributeValue.fromBool(false), n("1.50"))));
    assertEquals("[false,1.50]", codec.decode(item)[13]);
    item.put("doc", s("plain"));
    assertEquals("\"plain\"", codec.decode(item)[13]);
  }
}
