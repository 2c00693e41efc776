package dev.keycond.sqltests.codec;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.keycond.planner.codec.DynamoJson;
import dev.keycond.planner.codec.DynamoOrder;
import dev.keycond.planner.codec.ItemCodec;
import dev.keycond.planner.codec.Timestamps;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.gateway.DynamoCatalog;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.mapping.KeyTemplate;
import dev.keycond.planner.mapping.Mapping;
import dev.keycond.planner.mapping.MappingParser;
import dev.keycond.planner.mapping.TableMapping;
import dev.keycond.planner.mapping.TemplateSegment.Slot;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.table.TableBinding;
import dev.keycond.sqltests.fixture.Fixture;
import dev.keycond.sqltests.fixture.Fixtures;
import dev.keycond.sqltests.harness.DynaliteExtension;
import dev.keycond.sqltests.harness.DynamoServer;
import dev.keycond.sqltests.support.TestResources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * The item codec is the one place that knows where a column's value lives in an item, for reads
 * and writes alike. For every table of every test mapping: each item of its fixture that is a row
 * decodes, encodes to exactly the attributes the fixture holds for it (a careful hand-written
 * client's item), and decodes again to the same row; and a few hundred random rows survive
 * encode-then-decode unchanged.
 */
@ExtendWith(DynaliteExtension.class)
class ItemCodecRoundTripTest {
  /** Mappings whose DynamoDB tables are made by the tests that use them, not by a fixture. */
  private static final Map<String, SourceTable> GENERATED_SOURCES = Map.of(
      "tree_Deep", driveTable("tree_Deep"), "tree_Pages", driveTable("tree_Pages"));
  private static final int RANDOM_ROWS = 300;

  @TestFactory
  Stream<DynamicTest> everyTableOfEveryMapping(DynamoServer server) {
    List<DynamicTest> tests = new ArrayList<>();
    for (String name : mappingNames()) {
      Mapping mapping = MappingParser.load(Fixtures.mapping(name).toString());
      Optional<Fixture> fixture = fixture(server, name);
      for (TableMapping table : mapping.tables().values()) {
        tests.add(DynamicTest.dynamicTest(name + ": " + table.name(), () -> {
          EntityTable entity = TableBinding.bind(table, source(server, fixture, table.source()),
              mapping.tables().values());
          ItemCodec codec = ItemCodec.of(entity);
          if (fixture.isPresent()) {
            fixtureItemsRoundTrip(server, entity, codec);
          }
          randomRowsRoundTrip(entity, codec, new Random(name.hashCode() * 31L + table.name().hashCode()));
        }));
      }
    }
    assertFalse(tests.isEmpty(), "no mapping under fixtures/");
    return tests.stream();
  }

  private static void fixtureItemsRoundTrip(DynamoServer server, EntityTable table, ItemCodec codec) {
    List<Map<String, AttributeValue>> items = server.client()
        .scan(ScanRequest.builder().tableName(table.source().name()).build()).items();
    Set<String> jsonAttributes = new HashSet<>();
    table.columns().stream().filter(c -> c.type() == ColumnType.JSON).forEach(c -> jsonAttributes.add(c.attribute()));
    int rows = 0;
    for (Map<String, AttributeValue> item : items) {
      Object[] row;
      try {
        row = codec.decode(item);
      } catch (KeycondException wrongType) {
        // Fixtures hold items whose values do not fit their columns, to test the read errors.
        continue;
      }
      if (row == null) {
        continue;
      }
      rows++;
      Map<String, AttributeValue> encoded = codec.encode(row);
      for (Map.Entry<String, AttributeValue> attribute : encoded.entrySet()) {
        if (jsonAttributes.contains(attribute.getKey())) {
          // JSON has no binary values and no sets: a JSON column shows them as base64 text and arrays,
          // and writes what it shows. Its value is compared as JSON, with the row, below.
          continue;
        }
        AttributeValue stored = item.get(attribute.getKey());
        if (stored == null && !table.ownKeyAttributes().contains(attribute.getKey())
            && table.source().isKeyAttribute(attribute.getKey())) {
          // Some fixture items leave an index on purpose (a sparse index written by hand); the
          // random rows below check that every index key is derived.
          continue;
        }
        assertTrue(sameValue(stored, attribute.getValue()), "attribute " + attribute.getKey()
            + " of the item written for " + codec.describeKey(item) + ": fixture " + stored + ", written "
            + attribute.getValue());
      }
      assertRowEquals(table, row, codec.decode(encoded), codec.describeKey(item));
    }
    assertTrue(rows > 0 || items.isEmpty(), "no item of " + table.source().name() + " is a row of " + table.name());
  }

  /**
   * Whether two attribute values are the same value: sets have no order, a number may be written
   * plain or with an exponent, and a timestamp may be stored in any ISO-8601 form while keycond
   * writes one canonical form.
   */
  private static boolean sameValue(AttributeValue stored, AttributeValue written) {
    if (stored == null) {
      return false;
    }
    if (stored.hasNs() && written.hasNs()) {
      return numbers(stored.ns()).equals(numbers(written.ns()));
    }
    if (stored.hasSs() || stored.hasNs() || stored.hasBs()) {
      return Set.copyOf(stored.hasSs() ? stored.ss() : stored.hasNs() ? stored.ns() : stored.bs())
          .equals(Set.copyOf(written.hasSs() ? written.ss() : written.hasNs() ? written.ns() : written.bs()));
    }
    if (stored.n() != null && written.n() != null) {
      // One number in either text, plain or with an exponent (which keycond writes past 38 digits).
      return numbers(List.of(stored.n())).equals(numbers(List.of(written.n())));
    }
    if (stored.s() != null && written.s() != null && !stored.s().equals(written.s())) {
      try {
        return Timestamps.parse(stored.s()).equals(Timestamps.parse(written.s()));
      } catch (DateTimeException notTimestamps) {
        return false;
      }
    }
    return stored.equals(written);
  }

  /** The numbers of number texts, each in one form whatever its text. */
  private static Set<BigDecimal> numbers(List<String> texts) {
    Set<BigDecimal> numbers = new HashSet<>();
    texts.forEach(text -> numbers.add(new BigDecimal(text).stripTrailingZeros()));
    return numbers;
  }

  private static void randomRowsRoundTrip(EntityTable table, ItemCodec codec, Random random) {
    if (table.isRaw()) {
      return;
    }
    for (int n = 0; n < RANDOM_ROWS; n++) {
      Object[] row = new Object[table.columns().size()];
      for (int i = 0; i < row.length; i++) {
        Column column = table.column(i);
        boolean key = table.isKeyColumn(column.name());
        row[i] = !key && random.nextInt(5) == 0 ? null : randomValue(table, column, random);
      }
      Map<String, AttributeValue> item = codec.encode(row);
      Object[] decoded = codec.decode(item);
      assertNotNull(decoded, "the item written for a row of " + table.name() + " is not one of its rows: " + item);
      assertRowEquals(table, row, decoded, item.toString());
    }
  }

  private static void assertRowEquals(EntityTable table, Object[] expected, Object[] actual, String where) {
    for (int i = 0; i < expected.length; i++) {
      String column = table.column(i).name();
      Object a = expected[i];
      Object b = actual[i];
      boolean same = a == null || b == null ? a == b
          : table.column(i).type() == ColumnType.JSON ? canonicalJson(a).equals(canonicalJson(b))
          : DynamoOrder.INSTANCE.compare(a, b) == 0;
      assertTrue(same, "column " + column + " of " + where + ": wrote " + a + ", read " + b);
    }
  }

  private static String canonicalJson(Object json) {
    return DynamoJson.toJson(DynamoJson.fromJson(json.toString()));
  }

  /** A value of the column's type that its key slots, if any, can hold. */
  private static Object randomValue(EntityTable table, Column column, Random random) {
    Optional<KeyTemplate> template = table.mapping().keys().values().stream()
        .filter(t -> t.columns().contains(column.name())).findFirst();
    Optional<Slot> slot = template.flatMap(t -> t.slots().stream().filter(s -> s.column().equals(column.name()))
        .findFirst());
    String forbidden = table.mapping().keys().values().stream()
        .flatMap(t -> t.slots().stream().filter(s -> s.column().equals(column.name())).map(t::forbiddenCharacters))
        .reduce("", String::concat);
    switch (column.type()) {
      case VARCHAR:
        return text(random, forbidden, slot.isPresent());
      case INTEGER:
        return (int) integer(random, slot, Integer.MAX_VALUE);
      case BIGINT:
        return integer(random, slot, Long.MAX_VALUE);
      case DECIMAL:
        return new BigDecimal(random.nextLong()).movePointLeft(random.nextInt(12));
      case DOUBLE:
        return random.nextDouble() * Math.pow(10, random.nextInt(10));
      case BOOLEAN:
        return random.nextBoolean();
      case VARBINARY:
        byte[] bytes = new byte[1 + random.nextInt(8)];
        random.nextBytes(bytes);
        return new ByteString(bytes);
      case TIMESTAMP:
        return LocalDateTime.of(1970 + random.nextInt(100), 1 + random.nextInt(12), 1 + random.nextInt(28),
            random.nextInt(24), random.nextInt(60), random.nextInt(60), random.nextInt(1_000_000_000));
      case DATE:
        return LocalDate.ofEpochDay(random.nextInt(40_000));
      case JSON:
        return "{\"a\": " + random.nextInt(100) + ", \"b\": [\"" + text(random, "", false) + "\", true, null]}";
      case STRING_SET:
        TreeSet<String> strings = new TreeSet<>(DynamoOrder.INSTANCE);
        for (int i = 0; i <= random.nextInt(3); i++) {
          strings.add(text(random, "", true));
        }
        return List.copyOf(strings);
      case NUMBER_SET:
        TreeSet<Object> numbers = new TreeSet<>(DynamoOrder.INSTANCE);
        for (int i = 0; i <= random.nextInt(3); i++) {
          numbers.add(BigDecimal.valueOf(random.nextInt(1000) - 500, random.nextInt(3)).stripTrailingZeros());
        }
        return List.copyOf(numbers);
      default:
        TreeSet<Object> binaries = new TreeSet<>(DynamoOrder.INSTANCE);
        binaries.add(new ByteString(new byte[] {(byte) random.nextInt()}));
        return List.copyOf(binaries);
    }
  }

  /** Letters, digits, punctuation and characters beyond ASCII (two above U+FFFF), but none of {@code forbidden}. */
  private static String text(Random random, String forbidden, boolean nonEmpty) {
    String alphabet = "abcxyzABC019-_./#:| é日\uD83D\uDE00\uD834\uDD1E";
    int[] codePoints = alphabet.codePoints().filter(c -> forbidden.indexOf(c) < 0).toArray();
    StringBuilder text = new StringBuilder();
    int length = (nonEmpty ? 1 : 0) + random.nextInt(12);
    for (int i = 0; i < length; i++) {
      text.appendCodePoint(codePoints[random.nextInt(codePoints.length)]);
    }
    return text.toString();
  }

  private static long integer(Random random, Optional<Slot> slot, long max) {
    if (slot.filter(Slot::fixedWidth).isPresent()) {
      return (long) (random.nextDouble() * Math.min(Math.pow(10, slot.get().width()), max));
    }
    return random.nextBoolean() ? random.nextInt() % 100_000 : random.nextLong() % max;
  }

  private static Optional<Fixture> fixture(DynamoServer server, String name) {
    return Files.exists(TestResources.path("fixtures").resolve(name + ".fixture.json"))
        ? Optional.of(Fixtures.load(server, name)) : Optional.empty();
  }

  private static SourceTable source(DynamoServer server, Optional<Fixture> fixture, String name) {
    if (fixture.isPresent()) {
      return new DynamoCatalog(server.client()).describe(name);
    }
    SourceTable generated = GENERATED_SOURCES.get(name);
    assertNotNull(generated, "table " + name + " comes from no fixture");
    return generated;
  }

  /** The key schema of the trees that GeneratedTree writes. */
  private static SourceTable driveTable(String name) {
    return new SourceTable(name, new KeySchema("PK", Optional.of("SK")),
        ImmutableMap.of("PK", AttributeType.S, "SK", AttributeType.S), ImmutableList.of());
  }

  /** Every mapping under fixtures/ but the one that is broken on purpose. */
  private static List<String> mappingNames() {
    try (Stream<Path> files = Files.list(TestResources.path("fixtures"))) {
      return files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".mapping.json"))
          .map(f -> f.substring(0, f.length() - ".mapping.json".length()))
          .filter(name -> !name.equals("broken")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
