package dev.keycond.sqltests.fuzz;

import dev.keycond.sqltests.fuzz.WriteStatement.Execution;
import dev.keycond.sqltests.fuzz.WriteStatement.Step;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Writes random writes over the tables of a {@link WriteTarget}: INSERT and UPSERT of one to three
 * rows, UPDATE by key with SET expressions (a literal, NULL, arithmetic, {@code ||}) and an extra
 * predicate, DELETE by key, MERGE from a VALUES source, and {@code executeBatch} of a
 * PreparedStatement; literals or parameters. Keys are mostly those the reference holds (so that
 * writes find items) or new ones; values are drawn from the rows, from new values and from edge
 * values: 38-digit decimals, DynamoDB's smallest and largest magnitudes and one past them, integer
 * limits, empty strings, keys over DynamoDB's sizes, template literals in slots, lone surrogates,
 * an item near 400 KB, NULLs.
 *
 * <p>A generator writes one statement from its own seed and the reference's rows at that moment,
 * so a run is repeated by its seed and count.
 */
final class WriteGenerator {
  private static final List<String> EDGE_TEXT = List.of("", "a#b", "ü😀", "50%_", "O'Brien", " ", "q\uD800",
      "x".repeat(1025), "y".repeat(2049));
  private static final List<String> EDGE_DECIMALS = List.of(
      "1.2345678901234567890123456789012345678", "0.000000000000000000001", "123456789012345678901234567890.12345678",
      "1.23456789012345678901234567890123456789", "1E-130", "1E-131", "9.9999999999999999999999999999999999999E+125",
      "1E+126", "-0.5", "99999999999999999999999999999999999999", "0", "-7.25");
  /** Edge numbers that a DOUBLE's shortest form writes exactly, given in exponent form. */
  private static final List<String> EXPONENT_DECIMALS = List.of("2.5E-3", "1E+3", "1E-130", "-4.5E+20");
  private static final List<String> EDGE_BIGINT = List.of("9223372036854775807", "-9223372036854775808",
      "9223372036854775808", "0", "-1");
  private static final List<String> EDGE_INTEGER = List.of("2147483647", "-2147483648", "2147483648", "0");
  private static final List<String> EDGE_SEQ = List.of("1234567", "-5", "999999");

  private final WriteTarget target;
  private final Random random;
  private final int index;
  private final FuzzTable table;
  private final List<Map<String, Object>> rows;
  private final Set<String> refusals = new HashSet<>();
  private final List<Map.Entry<String, Literal>> written = new ArrayList<>();
  private int fresh;

  private WriteGenerator(WriteTarget target, Random random, int index) throws SQLException {
    this.target = target;
    this.random = random;
    this.index = index;
    this.table = pick(target.universe.tables());
    this.rows = target.rows(table);
  }

  static WriteStatement generate(WriteTarget target, long seed, int index) throws SQLException {
    return new WriteGenerator(target, new Random(seed), index).write();
  }

  private WriteStatement write() {
    int roll = random.nextInt(100);
    if (roll < 22) {
      return insert(false);
    }
    if (roll < 32) {
      return insert(true);
    }
    if (roll < 57) {
      return update();
    }
    if (roll < 70) {
      return delete();
    }
    if (roll < 82) {
      return merge();
    }
    return batch();
  }

  // ---- statement shapes

  private WriteStatement insert(boolean upsert) {
    boolean prepared = random.nextInt(4) == 0;
    SqlText sql = new SqlText(prepared);
    List<FuzzColumn> columns = new ArrayList<>(keyColumns().stream().map(table::column).toList());
    columns.addAll(someOf(writable(), 1 + random.nextInt(3)));
    boolean parentListed = hierarchy().isPresent() && random.nextInt(4) == 0;
    if (parentListed) {
      columns.add(table.column(hierarchy().get().parent()));
    }
    sql.add((upsert ? "UPSERT" : "INSERT") + " INTO " + q(table.name()) + " (" + names(columns) + ") VALUES ");
    int count = random.nextInt(3) == 0 ? 2 + random.nextInt(2) : 1;
    List<Step> steps = new ArrayList<>();
    for (int r = 0; r < count; r++) {
      Map<String, Object> key = random.nextInt(4) == 0 ? existingKey() : newKey();
      Map<String, Literal> values = new LinkedHashMap<>();
      key.forEach((column, value) -> values.put(column, literal(table.column(column), value)));
      for (FuzzColumn column : columns.subList(keyColumns().size(), columns.size())) {
        values.put(column.name(), column.name().equals(parentColumn()) ? parentValue(key) : value(column, !prepared));
      }
      sql.add(r == 0 ? "(" : ", (");
      for (int i = 0; i < columns.size(); i++) {
        sql.add(i == 0 ? "" : ", ");
        put(sql, values.get(columns.get(i).name()));
      }
      sql.add(")");
      values.forEach((c, l) -> written.add(new AbstractMap.SimpleEntry<>(c, l)));
      List<String> reference = new ArrayList<>();
      if (upsert) {
        reference.add("DELETE FROM " + q(table.name()) + " WHERE " + keyPredicate(key));
      }
      reference.add(referenceInsert(key, values));
      steps.add(new Step(0, reference, key));
    }
    return statement(upsert ? "upsert" : "insert", false, List.of(new Execution(sql.driverSql(), sql.parameters())), steps);
  }

  private WriteStatement update() {
    boolean prepared = random.nextInt(4) == 0;
    SqlText sql = new SqlText(prepared);
    StringBuilder reference = new StringBuilder("UPDATE " + q(table.name()) + " SET ");
    Map<String, Object> key = random.nextInt(5) == 0 ? newKey() : existingKey();
    sql.add("UPDATE " + q(table.name()) + " SET ");
    List<FuzzColumn> set = someOf(updatable(), 1 + random.nextInt(2));
    if (random.nextInt(30) == 0) {
      // A key column: another item, which keycond refuses.
      FuzzColumn keyColumn = pick(keyColumns().stream().map(table::column).toList());
      set = List.of(keyColumn);
      refusals.add("0A000");
    }
    for (int i = 0; i < set.size(); i++) {
      FuzzColumn column = set.get(i);
      sql.add(i == 0 ? "" : ", ").add(q(column.name()) + " = ");
      reference.append(i == 0 ? "" : ", ").append(q(column.name())).append(" = ");
      assignment(sql, reference, column, key, prepared);
    }
    sql.add(" WHERE ");
    reference.append(" WHERE ");
    return byKey("update", sql, reference, key);
  }

  private WriteStatement delete() {
    boolean prepared = random.nextInt(4) == 0;
    SqlText sql = new SqlText(prepared);
    StringBuilder reference = new StringBuilder("DELETE FROM " + q(table.name()) + " WHERE ");
    Map<String, Object> key = random.nextInt(5) == 0 ? newKey() : existingKey();
    sql.add("DELETE FROM " + q(table.name()) + " WHERE ");
    return byKey("delete", sql, reference, key);
  }

  /** The rest of an UPDATE or DELETE after its WHERE: the whole key, sometimes a predicate on another column. */
  private WriteStatement byKey(String kind, SqlText sql, StringBuilder reference, Map<String, Object> key) {
    keyCondition(sql, reference, key);
    if (random.nextInt(3) == 0) {
      extraPredicate(sql, reference);
    }
    return statement(kind, false, List.of(new Execution(sql.driverSql(), sql.parameters())),
        List.of(new Step(0, List.of(reference.toString()), key)));
  }

  /** A MERGE in the README's shape: ON the whole key, both branches writing the same source values. */
  private WriteStatement merge() {
    List<FuzzColumn> columns = new ArrayList<>(keyColumns().stream().map(table::column).toList());
    columns.addAll(someOf(writable(), 1 + random.nextInt(3)));
    List<String> aliases = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      aliases.add("s" + i);
    }
    int count = 1 + random.nextInt(3);
    List<Map<String, Object>> keys = new ArrayList<>();
    while (keys.size() < count) {
      Map<String, Object> key = random.nextBoolean() ? existingKey() : newKey();
      if (!keys.contains(key)) {
        keys.add(key);
      }
    }
    SqlText sql = new SqlText(false);
    sql.add("MERGE INTO " + q(table.name()) + " t USING (VALUES ");
    List<Step> steps = new ArrayList<>();
    for (int r = 0; r < keys.size(); r++) {
      Map<String, Object> key = keys.get(r);
      Map<String, Literal> values = new LinkedHashMap<>();
      key.forEach((column, value) -> values.put(column, literal(table.column(column), value)));
      for (FuzzColumn column : columns.subList(key.size(), columns.size())) {
        values.put(column.name(), value(column, false));
      }
      sql.add(r == 0 ? "(" : ", (");
      List<String> referenceValues = new ArrayList<>();
      for (int i = 0; i < columns.size(); i++) {
        Literal value = values.get(columns.get(i).name());
        sql.add(i == 0 ? "" : ", ");
        put(sql, value);
        referenceValues.add(ref(value));
      }
      sql.add(")");
      values.forEach((c, l) -> written.add(new AbstractMap.SimpleEntry<>(c, l)));
      Optional<String> parent = hierarchy().map(h -> ref(literal(table.column(h.parent()), parentOf(key))));
      steps.add(new Step(0, List.of("MERGE INTO " + q(table.name()) + " t USING (VALUES (" + String.join(", ", referenceValues)
          + ")) AS s(" + String.join(", ", aliases) + ")" + mergeBody(columns, aliases, parent)), key));
    }
    sql.add(") AS s(" + String.join(", ", aliases) + ")" + mergeBody(columns, aliases, Optional.empty()));
    return statement("merge", false, List.of(new Execution(sql.driverSql(), sql.parameters())), steps);
  }

  private String mergeBody(List<FuzzColumn> columns, List<String> aliases, Optional<String> parent) {
    int keys = keyColumns().size();
    StringBuilder body = new StringBuilder(" ON ");
    for (int i = 0; i < keys; i++) {
      body.append(i == 0 ? "" : " AND ").append("t.").append(q(columns.get(i).name())).append(" = s.").append(aliases.get(i));
    }
    body.append(" WHEN MATCHED THEN UPDATE SET ");
    for (int i = keys; i < columns.size(); i++) {
      body.append(i == keys ? "" : ", ").append(q(columns.get(i).name())).append(" = s.").append(aliases.get(i));
    }
    body.append(" WHEN NOT MATCHED THEN INSERT (").append(names(columns))
        .append(parent.map(p -> ", " + q(parentColumn())).orElse("")).append(") VALUES (")
        .append(aliases.stream().map(a -> "s." + a).collect(Collectors.joining(", ")))
        .append(parent.map(p -> ", " + p).orElse("")).append(")");
    return body.toString();
  }

  /** executeBatch of a PreparedStatement: INSERTs, UPDATEs or DELETEs by key, each entry its own item. */
  private WriteStatement batch() {
    int form = random.nextInt(3);
    int count = 2 + random.nextInt(8);
    List<Map<String, Object>> keys = new ArrayList<>();
    for (int tries = 0; keys.size() < count && tries < 50; tries++) {
      Map<String, Object> key = form > 0 && random.nextInt(4) > 0 || form == 0 && random.nextInt(4) == 0
          ? existingKey() : newKey();
      if (!keys.contains(key)) {
        keys.add(key);
      }
    }
    List<FuzzColumn> keyColumns = keyColumns().stream().map(table::column).toList();
    List<FuzzColumn> others = form == 0 ? someOf(writable(), 1 + random.nextInt(3))
        : form == 1 ? someOf(writable(), 1) : List.of();
    String sql = switch (form) {
      case 0 -> {
        List<FuzzColumn> columns = new ArrayList<>(keyColumns);
        columns.addAll(others);
        yield "INSERT INTO " + q(table.name()) + " (" + names(columns) + ") VALUES ("
            + columns.stream().map(c -> "?").collect(Collectors.joining(", ")) + ")";
      }
      case 1 -> "UPDATE " + q(table.name()) + " SET " + q(others.get(0).name()) + " = ? WHERE "
          + keyColumns.stream().map(c -> q(c.name()) + " = ?").collect(Collectors.joining(" AND "));
      default -> "DELETE FROM " + q(table.name()) + " WHERE "
          + keyColumns.stream().map(c -> q(c.name()) + " = ?").collect(Collectors.joining(" AND "));
    };
    List<Execution> executions = new ArrayList<>();
    List<Step> steps = new ArrayList<>();
    for (Map<String, Object> key : keys) {
      Map<String, Literal> keyValues = new LinkedHashMap<>();
      key.forEach((column, value) -> keyValues.put(column, literal(table.column(column), value)));
      Map<String, Literal> values = new LinkedHashMap<>();
      others.forEach(c -> values.put(c.name(), value(c, false)));
      keyValues.forEach((c, l) -> written.add(new AbstractMap.SimpleEntry<>(c, l)));
      values.forEach((c, l) -> written.add(new AbstractMap.SimpleEntry<>(c, l)));
      List<Object> parameters = new ArrayList<>();
      String reference;
      if (form == 0) {
        keyValues.values().forEach(l -> parameters.add(l.value()));
        values.values().forEach(l -> parameters.add(l.value()));
        Map<String, Literal> all = new LinkedHashMap<>(keyValues);
        all.putAll(values);
        reference = referenceInsert(key, all);
      } else if (form == 1) {
        Literal value = values.values().iterator().next();
        parameters.add(value.value());
        keyValues.values().forEach(l -> parameters.add(l.value()));
        reference = "UPDATE " + q(table.name()) + " SET " + q(others.get(0).name()) + " = " + ref(value) + " WHERE "
            + keyPredicate(key);
      } else {
        keyValues.values().forEach(l -> parameters.add(l.value()));
        reference = "DELETE FROM " + q(table.name()) + " WHERE " + keyPredicate(key);
      }
      steps.add(new Step(executions.size(), List.of(reference), key));
      executions.add(new Execution(sql, parameters));
    }
    return statement("batch-" + List.of("insert", "update", "delete").get(form), true, executions, steps);
  }

  private WriteStatement statement(String kind, boolean batch, List<Execution> executions, List<Step> steps) {
    if (written.stream().anyMatch(w -> !w.getValue().validUnicode())) {
      refusals.add("22021");
    }
    // A key DynamoDB cannot hold (empty, too long) is refused by DynamoDB itself in any request: keycond must not send it.
    for (Map.Entry<String, Literal> w : written) {
      if (table.column(w.getKey()).key()) {
        WriteCheck.unstorable(table, w.getKey(), w.getValue()).stream()
            .filter(v -> v.rule().startsWith(DynamoRules.TABLE_KEY)).forEach(v -> refusals.add(v.sqlState()));
      }
    }
    return new WriteStatement(index, table.name(), kind, batch, executions, steps, refusals, written);
  }

  // ---- SET, WHERE

  private void assignment(SqlText sql, StringBuilder reference, FuzzColumn column, Map<String, Object> key,
      boolean prepared) {
    if (column.name().equals(parentColumn())) {
      Literal parent = parentValue(key);
      written.add(new AbstractMap.SimpleEntry<>(column.name(), parent));
      put(sql, parent);
      // SET parent = NULL computes it from the path, as INSERT does.
      reference.append(ref(parent.value() == null ? literal(column, parentOf(key)) : parent));
      return;
    }
    int form = random.nextInt(20);
    if (form < 3 && !prepared) {
      sql.add("NULL");
      reference.append("NULL");
      return;
    }
    if (form < 11) {
      Literal value = value(column, false);
      written.add(new AbstractMap.SimpleEntry<>(column.name(), value));
      put(sql, value);
      reference.append(ref(value));
      return;
    }
    String self = q(column.name());
    Literal operand;
    String operator;
    if (column.numeric()) {
      operator = pick(column.type().equals("DECIMAL") ? List.of(" + ", " - ", " * ") : List.of(" + ", " - "));
      operand = column.type().equals("DECIMAL") && random.nextInt(3) == 0 ? edgeDecimal()
          : Literal.number(BigDecimal.valueOf(random.nextInt(7) - 2), random);
    } else {
      operator = " || ";
      operand = random.nextInt(4) == 0 ? Literal.of(pick(EDGE_TEXT.subList(0, 6))) : Literal.of("-" + random.nextInt(10));
    }
    boolean operandFirst = !column.numeric() && random.nextBoolean();
    if (operandFirst) {
      put(sql, operand);
      sql.add(operator + self);
      reference.append(ref(operand)).append(operator).append(self);
    } else {
      sql.add(self + operator);
      put(sql, operand);
      reference.append(self).append(operator).append(ref(operand));
    }
  }

  private void keyCondition(SqlText sql, StringBuilder reference, Map<String, Object> key) {
    int i = 0;
    for (Map.Entry<String, Object> column : key.entrySet()) {
      Literal value = literal(table.column(column.getKey()), column.getValue());
      written.add(new AbstractMap.SimpleEntry<>(column.getKey(), value));
      sql.add(i == 0 ? "" : " AND ").add(q(column.getKey()) + " = ");
      put(sql, value);
      reference.append(i == 0 ? "" : " AND ").append(q(column.getKey())).append(" = ").append(ref(value));
      i++;
    }
  }

  /** A predicate on a column that is not the key's, which DynamoDB checks in the write's condition. */
  private void extraPredicate(SqlText sql, StringBuilder reference) {
    FuzzColumn column = pick(writable());
    String self = q(column.name());
    int form = random.nextInt(5);
    if (form == 0) {
      String test = random.nextBoolean() ? " IS NULL" : " IS NOT NULL";
      sql.add(" AND " + self + test);
      reference.append(" AND ").append(self).append(test);
      return;
    }
    Literal value = value(column, false);
    if (value.value() == null || !value.validUnicode()) {
      value = column.numeric() ? Literal.of(BigDecimal.ONE) : Literal.of("red");
    }
    String[] shape = switch (form) {
      case 1 -> new String[] {" AND ", " = ", ""};
      case 2 -> new String[] {" AND NOT (", " = ", ")"};
      case 3 -> new String[] {" AND ", " <> ", ""};
      default -> new String[] {" AND ", column.numeric() ? " > " : " >= ", ""};
    };
    sql.add(shape[0] + self + shape[1]);
    put(sql, value);
    sql.add(shape[2]);
    reference.append(shape[0]).append(self).append(shape[1]).append(ref(value)).append(shape[2]);
  }

  // ---- keys and values

  private List<String> keyColumns() {
    List<String> columns = new ArrayList<>(table.partitionColumns());
    columns.addAll(table.sortColumns());
    return columns;
  }

  /** The columns a write may give: every column that is no key column and not the derived parent. */
  private List<FuzzColumn> writable() {
    return table.columns().stream().filter(c -> !c.key() && !c.name().equals(parentColumn())).toList();
  }

  private List<FuzzColumn> updatable() {
    return table.columns().stream().filter(c -> !c.key()).toList();
  }

  private Optional<FuzzTable.Hierarchy> hierarchy() {
    return table.hierarchy();
  }

  private String parentColumn() {
    return hierarchy().map(FuzzTable.Hierarchy::parent).orElse("");
  }

  private Map<String, Object> existingKey() {
    if (rows.isEmpty()) {
      return newKey();
    }
    Map<String, Object> row = pick(rows);
    Map<String, Object> key = new LinkedHashMap<>();
    keyColumns().forEach(c -> key.put(c, row.get(c)));
    return key;
  }

  private Map<String, Object> newKey() {
    Map<String, Object> key = new LinkedHashMap<>();
    for (String name : keyColumns()) {
      FuzzColumn column = table.column(name);
      key.put(name, hierarchy().isPresent() && name.equals(hierarchy().get().path()) ? newPath() : newKeyValue(column));
    }
    return key;
  }

  private Object newKeyValue(FuzzColumn column) {
    int roll = random.nextInt(20);
    switch (column.type()) {
      case "DATE":
        return LocalDate.of(2024 + random.nextInt(3), 1 + random.nextInt(12), 1 + random.nextInt(28));
      case "VARCHAR":
        if (roll == 0) {
          return pick(EDGE_TEXT);
        }
        List<Object> seen = target.reference.values(table.name(), column.name());
        return roll < 8 && !seen.isEmpty() ? pick(seen) : "k" + random.nextInt(40) + ++fresh;
      default:
        return roll == 0 ? new BigDecimal(pick(EDGE_SEQ)) : BigDecimal.valueOf(random.nextInt(1000));
    }
  }

  private String newPath() {
    int roll = random.nextInt(25);
    if (roll == 0) {
      return "";
    }
    if (roll == 1) {
      return "root/" + "p".repeat(1100);
    }
    List<String> folders = rows.stream().map(r -> (String) r.get(hierarchy().get().path()))
        .filter(p -> p.endsWith("/")).toList();
    String folder = folders.isEmpty() ? "root/" : pick(folders);
    String name = pick(List.of("f", "g", "ü", "😀", "n")) + random.nextInt(30);
    return folder + name + (random.nextInt(3) == 0 ? "/" : "");
  }

  private String parentOf(Map<String, Object> key) {
    return hierarchy().get().parentOf((String) key.get(hierarchy().get().path()));
  }

  /** The parent a write gives: the path's (or NULL, which means the same), or another, which the reference's item then breaks. */
  private Literal parentValue(Map<String, Object> key) {
    int roll = random.nextInt(5);
    String parent = parentOf(key);
    if (roll < 2) {
      return literal(table.column(parentColumn()), parent);
    }
    if (roll < 4) {
      return new Literal("NULL", null);
    }
    return Literal.of("root/zz/");
  }

  /** A value for a column: one the rows hold, a new one, an edge one, or NULL (never NULL when {@code nullable} is false). */
  private Literal value(FuzzColumn column, boolean nullable) {
    int roll = random.nextInt(20);
    if (roll == 0 && nullable) {
      return new Literal("NULL", null);
    }
    List<Object> seen = target.reference.values(table.name(), column.name());
    if (roll < 7 && !seen.isEmpty()) {
      return literal(column, pick(seen));
    }
    boolean edge = roll >= 14;
    return switch (column.type()) {
      case "VARCHAR" -> edge ? Literal.of(random.nextInt(40) == 0 ? "z".repeat(210_000) : pick(EDGE_TEXT))
          : Literal.of(pick(List.of("red", "blue", "", "Ann", "n")) + random.nextInt(5));
      case "DECIMAL" -> edge ? edgeDecimal() : Literal.number(BigDecimal.valueOf(random.nextInt(2000) - 500, 2), random);
      case "BIGINT" -> edge ? Literal.of(new BigDecimal(pick(EDGE_BIGINT))) : Literal.of(BigDecimal.valueOf(random.nextInt(100)));
      case "INTEGER" -> edge ? Literal.of(new BigDecimal(pick(EDGE_INTEGER))) : Literal.of(BigDecimal.valueOf(random.nextInt(100)));
      default -> literal(column, LocalDate.of(2025, 1 + random.nextInt(12), 1 + random.nextInt(28)));
    };
  }

  private Literal edgeDecimal() {
    if (random.nextInt(4) == 0) {
      return Literal.scientific(new BigDecimal(pick(EXPONENT_DECIMALS)), "an exponent edge value");
    }
    return Literal.of(new BigDecimal(pick(EDGE_DECIMALS)));
  }

  private Literal literal(FuzzColumn column, Object value) {
    if (value == null) {
      return new Literal("NULL", null);
    }
    if (value instanceof LocalDate date) {
      return new Literal("DATE '" + date + "'", java.sql.Date.valueOf(date));
    }
    if (value instanceof BigDecimal number) {
      return column.type().equals("DECIMAL") ? Literal.number(number, random) : Literal.of(number);
    }
    return Literal.of((String) value);
  }

  // ---- text

  private String referenceInsert(Map<String, Object> key, Map<String, Literal> values) {
    Map<String, String> columns = new LinkedHashMap<>();
    values.forEach((column, value) -> columns.put(column, ref(value)));
    if (hierarchy().isPresent() && columns.getOrDefault(parentColumn(), "NULL").equals("NULL")) {
      columns.put(parentColumn(), ref(literal(table.column(parentColumn()), parentOf(key))));
    }
    return "INSERT INTO " + q(table.name()) + " (" + columns.keySet().stream().map(WriteGenerator::q)
        .collect(Collectors.joining(", ")) + ") VALUES (" + String.join(", ", columns.values()) + ")";
  }

  private String keyPredicate(Map<String, Object> key) {
    return key.entrySet().stream().map(e -> q(e.getKey()) + " = " + ref(literal(table.column(e.getKey()), e.getValue())))
        .collect(Collectors.joining(" AND "));
  }

  /** NULL as text (never a parameter, which would need its type), else a marker or the literal. */
  private static void put(SqlText sql, Literal literal) {
    if (literal.value() == null) {
      sql.add("NULL");
    } else {
      sql.value(literal);
    }
  }

  private static String ref(Literal literal) {
    return literal.value() == null || !literal.validUnicode() ? "NULL" : literal.referenceSql();
  }

  private String names(List<FuzzColumn> columns) {
    return columns.stream().map(c -> q(c.name())).collect(Collectors.joining(", "));
  }

  private List<FuzzColumn> someOf(List<FuzzColumn> columns, int count) {
    List<FuzzColumn> left = new ArrayList<>(columns);
    List<FuzzColumn> picked = new ArrayList<>();
    while (picked.size() < count && !left.isEmpty()) {
      picked.add(left.remove(random.nextInt(left.size())));
    }
    return picked;
  }

  private <T> T pick(List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  static String q(String identifier) {
    return ReferenceDatabase.quote(identifier);
  }
}
