package dev.keycond.sqltests.fuzz;

import dev.keycond.sqltests.fixture.FixtureTable;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The rules DynamoDB puts on an item that dynalite does not all enforce (it takes an empty string
 * in an index key and a 1,025-byte sort key), so that a write fuzzer finds what a lenient emulator
 * hides: no empty string in a key attribute of the table or of an index, a partition key of at most
 * 2048 and a sort key of at most 1024 UTF-8 bytes, an item of at most 400 KB, numbers of at most 38
 * significant digits with a magnitude from 1E-130 to below 1E+126, and text that is Unicode. Each
 * broken rule is given with the SQLState the README refuses it with.
 */
final class DynamoRules {
  static final int ITEM_BYTES = 400 * 1024;
  /** How a broken rule of the table's own key begins: DynamoDB refuses any request with such a key. */
  static final String TABLE_KEY = "table key";
  private static final BigDecimal SMALLEST = new BigDecimal("1E-130");
  private static final BigDecimal TOO_LARGE = new BigDecimal("1E+126");

  /** A broken rule: the SQLState that refuses it and what is wrong. */
  record Violation(String sqlState, String rule) {}

  private DynamoRules() {}

  /** Every rule the item breaks in the table (its key attributes and its indexes' key attributes). */
  static List<Violation> check(FixtureTable table, Map<String, AttributeValue> item) {
    List<Violation> violations = new ArrayList<>();
    keys(violations, item, List.copyOf(table.key().keySet()), "table");
    table.globalIndexes().forEach(i -> keys(violations, item, List.copyOf(i.key().keySet()), "index " + i.name()));
    table.localIndexes().forEach(i -> keys(violations, item, List.copyOf(i.key().keySet()), "index " + i.name()));
    long size = 0;
    for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
      AttributeValue value = attribute.getValue();
      size += utf8(attribute.getKey());
      if (value.s() != null) {
        size += utf8(value.s());
        if (!unicode(value.s())) {
          violations.add(new Violation("22021", "attribute " + attribute.getKey() + " is not Unicode text"));
        }
      } else if (value.n() != null) {
        BigDecimal n = new BigDecimal(value.n()).stripTrailingZeros();
        size += (n.precision() + 1) / 2 + 1;
        if (!storable(n)) {
          violations.add(new Violation("22003", "attribute " + attribute.getKey() + " = " + value.n()
              + " is no DynamoDB number (38 digits, magnitude 1E-130 to below 1E+126)"));
        }
      } else {
        size += value.toString().length();
      }
    }
    if (size > ITEM_BYTES) {
      violations.add(new Violation("22001", "the item is " + size + " bytes, over DynamoDB's 400 KB"));
    }
    return violations;
  }

  /** Whether DynamoDB holds the number exactly. */
  static boolean storable(BigDecimal number) {
    BigDecimal n = number.stripTrailingZeros();
    return n.signum() == 0 || n.precision() <= 38 && n.abs().compareTo(SMALLEST) >= 0 && n.abs().compareTo(TOO_LARGE) < 0;
  }

  static boolean unicode(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  private static void keys(List<Violation> violations, Map<String, AttributeValue> item, List<String> key, String of) {
    for (int i = 0; i < key.size(); i++) {
      AttributeValue value = item.get(key.get(i));
      if (value == null || value.s() == null) {
        continue;
      }
      int limit = i == 0 ? 2048 : 1024;
      if (value.s().isEmpty()) {
        violations.add(new Violation("22Z02", of + " key attribute " + key.get(i) + " is an empty string"));
      } else if (utf8(value.s()) > limit) {
        violations.add(new Violation("22001", of + " key attribute " + key.get(i) + " is " + utf8(value.s())
            + " bytes, over " + limit));
      }
    }
  }

  private static long utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }
}
