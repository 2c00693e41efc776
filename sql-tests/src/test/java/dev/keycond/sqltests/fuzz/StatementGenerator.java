package dev.keycond.sqltests.fuzz;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Writes random SELECTs over the tables of a {@link FuzzUniverse}, with values drawn mostly from
 * the rows the reference holds (so that key reads find items) and sometimes from values no row
 * holds, out of a column's range or repeated.
 *
 * <p>One generator writes one statement from its own seed, so any statement of a run can be
 * written again from the run's seed and its index.
 */
final class StatementGenerator {
  /** Text values no row holds, some of them edge cases of keys and LIKE (empty, a prefix of many). */
  private static final List<String> ABSENT_TEXT = List.of("zz", "", "a", "root/zz/", "Oslo ", "ANN", "o0", "u", "c");

  private static final List<String> ABSENT_NUMBERS = List.of("-1", "0", "3", "99999", "2.5", "-7.25", "1000000");

  /** Numbers out of BIGINT's and INTEGER's range, fractions, and a number written with an exponent. */
  private static final List<String> OUT_OF_RANGE = List.of(
      "99999999999999999999", "-99999999999999999999", "2147483648", "-2.5", "0.5", "1E2", "2.5E0",
      "12345678901234567890");

  private final FuzzUniverse universe;
  private final ReferenceDatabase reference;
  private final Random random;
  private final boolean prepared;
  /** Prepared statements lean to repeated and out-of-range values, which literals rarely get. */
  private final boolean hostile;
  private SqlText sql;

  private record Output(String expression, String label, boolean nullable) {}

  private StatementGenerator(FuzzUniverse universe, ReferenceDatabase reference, Random random, boolean prepared) {
    this.universe = universe;
    this.reference = reference;
    this.random = random;
    this.prepared = prepared;
    this.hostile = prepared && random.nextBoolean();
  }

  static FuzzStatement generate(FuzzUniverse universe, ReferenceDatabase reference, long seed, int index) {
    Random random = new Random(seed);
    String category = pickCategory(universe, random);
    boolean prepared = category.equals("prepared") || random.nextInt(10) == 0 && !category.equals("recursive");
    StatementGenerator generator = new StatementGenerator(universe, reference, random, prepared);
    return generator.write(index, category);
  }

  private static String pickCategory(FuzzUniverse universe, Random random) {
    boolean hierarchy = universe.tables().stream().anyMatch(t -> t.hierarchy().isPresent());
    if (hierarchy && random.nextInt(5) == 0) {
      return "recursive";
    }
    int roll = random.nextInt(100);
    if (roll < 22) {
      return "key-read";
    }
    if (roll < 34) {
      return "order-limit";
    }
    if (roll < 48) {
      return "join";
    }
    if (roll < 62) {
      return "subquery";
    }
    if (roll < 72) {
      return "aggregate";
    }
    if (roll < 77) {
      return "distinct";
    }
    if (roll < 84) {
      return "set-operation";
    }
    if (roll < 91) {
      return hierarchy ? "recursive" : "key-read";
    }
    return "prepared";
  }

  private FuzzStatement write(int index, String category) {
    sql = new SqlText(prepared);
    Comparison comparison = switch (category) {
      case "key-read", "prepared" -> simple(false);
      case "order-limit" -> simple(true);
      case "join" -> join();
      case "subquery" -> subquery();
      case "aggregate" -> aggregate();
      case "distinct" -> distinct();
      case "set-operation" -> setOperation();
      case "recursive" -> recursive();
      default -> throw new IllegalStateException(category);
    };
    return new FuzzStatement(index, universe.mapping(), category, sql.driverSql(), sql.parameters(),
        sql.referenceSql(), comparison);
  }

  // ---- statement shapes

  private Comparison simple(boolean ordered) {
    FuzzTable table = pick(universe.tables());
    Optional<FuzzIndex> index = table.indexes().isEmpty() || random.nextInt(6) != 0
        ? Optional.empty() : Optional.of(pick(table.indexes()));
    List<Output> outputs;
    boolean star = table.allColumns() && random.nextInt(5) == 0;
    if (star) {
      outputs = table.columns().stream().map(c -> new Output(q(c.name()), q(c.name()), !c.key())).toList();
      sql.add("SELECT * FROM ");
    } else {
      outputs = outputs(table, "t1", 1 + random.nextInt(table.columns().size()));
      sql.add("SELECT ").add(selectList(outputs)).add(" FROM ");
    }
    sql.add(q(table.name() + index.map(i -> "@" + i.name()).orElse(""))).add(" t1");
    where(table, "t1", index);
    return orderAndLimit(outputs, ordered || random.nextInt(4) == 0);
  }

  private Comparison join() {
    List<JoinPair> pairs = joinPairs();
    if (pairs.isEmpty()) {
      return simple(false);
    }
    JoinPair pair = pick(pairs);
    String kind = pickWeighted(new String[] {"JOIN", "LEFT JOIN", "RIGHT JOIN"}, new int[] {55, 30, 15});
    List<Output> outputs = new ArrayList<>(outputs(pair.left, "t1", 1 + random.nextInt(3)));
    boolean nullableRight = !kind.equals("JOIN") && !kind.equals("RIGHT JOIN");
    boolean nullableLeft = kind.equals("RIGHT JOIN") || kind.equals("FULL JOIN");
    if (nullableLeft) {
      outputs = new ArrayList<>(outputs.stream().map(o -> new Output(o.expression, o.label, true)).toList());
    }
    for (Output o : outputs(pair.right, "t2", 1 + random.nextInt(3))) {
      outputs.add(new Output(o.expression, "c" + outputs.size(), o.nullable || nullableRight));
    }
    outputs = relabel(outputs);
    sql.add("SELECT ").add(selectList(outputs)).add(" FROM ").add(q(pair.left.name())).add(" t1 ").add(kind)
        .add(" ").add(q(pair.right.name())).add(" t2 ON ");
    for (int i = 0; i < pair.leftColumns.size(); i++) {
      sql.add(i == 0 ? "" : " AND ").add("t2." + q(pair.rightColumns.get(i))).add(" = ").add("t1." + q(pair.leftColumns.get(i)));
    }
    if (random.nextInt(5) == 0) {
      sql.add(" AND ");
      predicate(pair.right, "t2", pick(pair.right.columns()), 0);
    }
    where(pair.left, "t1", Optional.empty());
    return orderAndLimit(outputs, random.nextInt(3) == 0);
  }

  private Comparison subquery() {
    FuzzTable outer = pick(universe.tables());
    List<Output> outputs = outputs(outer, "t1", 1 + random.nextInt(Math.min(3, outer.columns().size())));
    FuzzColumn x = pick(outer.columns());
    List<FuzzTable> candidates = universe.tables().stream()
        .filter(t -> t.columns().stream().anyMatch(c -> c.comparableWith(x))).toList();
    FuzzTable inner = pick(candidates);
    FuzzColumn y = related(outer, x, inner);
    int form = random.nextInt(8);
    if (form == 7) {
      // A correlated scalar subquery in the select list.
      List<Output> withScalar = new ArrayList<>(outputs);
      FuzzColumn aggregated = pick(inner.columns());
      String function = random.nextBoolean() ? "COUNT(*)" : "MAX(t2." + q(aggregated.name()) + ")";
      withScalar.add(new Output("(SELECT " + function + " FROM " + q(inner.name()) + " t2 WHERE t2." + q(y.name())
          + " = t1." + q(x.name()) + ")", "c" + outputs.size(), true));
      outputs = relabel(withScalar);
      sql.add("SELECT ").add(selectList(outputs)).add(" FROM ").add(q(outer.name())).add(" t1");
      where(outer, "t1", Optional.empty());
      return orderAndLimit(outputs, random.nextInt(3) == 0);
    }
    sql.add("SELECT ").add(selectList(outputs)).add(" FROM ").add(q(outer.name())).add(" t1 WHERE ");
    if (random.nextInt(5) != 0) {
      partitionBinding(outer, "t1", outer.partitionColumns());
      sql.add(" AND ");
    }
    switch (form) {
      case 0, 1 -> {
        sql.add("t1." + q(x.name())).add(form == 1 ? " NOT IN (" : " IN (").add("SELECT t2." + q(y.name()))
            .add(" FROM ").add(q(inner.name())).add(" t2");
        where(inner, "t2", Optional.empty());
        sql.add(")");
      }
      case 2, 3 -> {
        sql.add(form == 3 ? "NOT EXISTS (" : "EXISTS (").add("SELECT 1 FROM ").add(q(inner.name()))
            .add(" t2 WHERE t2." + q(y.name()) + " = t1." + q(x.name()));
        if (random.nextBoolean()) {
          sql.add(" AND ");
          predicate(inner, "t2", pick(inner.columns()), 0);
        }
        sql.add(")");
      }
      case 4 -> {
        sql.add("EXISTS (SELECT 1 FROM ").add(q(inner.name())).add(" t2");
        where(inner, "t2", Optional.empty());
        sql.add(")");
      }
      default -> {
        // Correlated IN: the inner rows depend on the outer row.
        FuzzColumn picked = pick(inner.columns());
        FuzzColumn w = outer.columns().stream().filter(c -> c.comparableWith(picked)).findFirst().orElse(x);
        FuzzColumn z = w.comparableWith(picked) ? picked : y;
        sql.add("t1." + q(x.name())).add(form == 6 ? " NOT IN (" : " IN (").add("SELECT t2." + q(y.name()))
            .add(" FROM ").add(q(inner.name())).add(" t2 WHERE t2." + q(z.name()) + " = t1." + q(w.name())).add(")");
      }
    }
    return orderAndLimit(outputs, random.nextInt(3) == 0);
  }

  private Comparison aggregate() {
    FuzzTable table = pick(universe.tables());
    List<Output> outputs = new ArrayList<>();
    Optional<FuzzColumn> group = random.nextBoolean() ? Optional.of(pick(table.columns())) : Optional.empty();
    group.ifPresent(g -> outputs.add(new Output("t1." + q(g.name()), "c0", !g.key())));
    int aggregates = 1 + random.nextInt(3);
    for (int i = 0; i < aggregates; i++) {
      FuzzColumn c = pick(table.columns());
      String function = switch (random.nextInt(c.numeric() ? 6 : 4)) {
        case 0 -> "COUNT(*)";
        case 1 -> "COUNT(t1." + q(c.name()) + ")";
        case 2 -> "MIN(t1." + q(c.name()) + ")";
        case 3 -> "MAX(t1." + q(c.name()) + ")";
        case 4 -> "SUM(t1." + q(c.name()) + ")";
        default -> "COUNT(DISTINCT t1." + q(c.name()) + ")";
      };
      outputs.add(new Output(function, "c" + outputs.size(), true));
    }
    sql.add("SELECT ").add(selectList(outputs)).add(" FROM ").add(q(table.name())).add(" t1");
    where(table, "t1", Optional.empty());
    if (group.isPresent()) {
      sql.add(" GROUP BY t1." + q(group.get().name()));
      if (random.nextInt(4) == 0) {
        sql.add(" HAVING COUNT(*) > 1");
      }
      return orderAndLimit(outputs, random.nextInt(3) == 0);
    }
    return new Comparison.Unordered();
  }

  private Comparison distinct() {
    FuzzTable table = pick(universe.tables());
    List<Output> outputs = outputs(table, "t1", 1 + random.nextInt(2));
    sql.add("SELECT DISTINCT ").add(selectList(outputs)).add(" FROM ").add(q(table.name())).add(" t1");
    where(table, "t1", Optional.empty());
    return orderAndLimit(outputs, random.nextInt(3) == 0);
  }

  private Comparison setOperation() {
    FuzzTable left = pick(universe.tables());
    FuzzColumn column = pick(left.columns());
    List<FuzzTable> others = universe.tables().stream()
        .filter(t -> t.columns().stream().anyMatch(c -> c.comparableWith(column))).toList();
    FuzzTable right = pick(others);
    FuzzColumn other = pick(right.columns().stream().filter(c -> c.comparableWith(column)).toList());
    String operator = pickWeighted(new String[] {"UNION", "UNION ALL", "INTERSECT", "EXCEPT"}, new int[] {40, 40, 10, 10});
    sql.add("SELECT t1." + q(column.name()) + " AS \"c0\" FROM ").add(q(left.name())).add(" t1");
    where(left, "t1", Optional.empty());
    sql.add(" " + operator + " SELECT t1." + q(other.name()) + " FROM ").add(q(right.name())).add(" t1");
    where(right, "t1", Optional.empty());
    return orderAndLimit(List.of(new Output("\"c0\"", "c0", true)), random.nextInt(3) == 0);
  }

  /** The recursive walk in the README's shape: down by parent, or up by path. */
  private Comparison recursive() {
    FuzzTable table = pick(universe.tables().stream().filter(t -> t.hierarchy().isPresent()).toList());
    FuzzTable.Hierarchy h = table.hierarchy().get();
    String partition = table.partitionColumns().get(0);
    boolean up = random.nextInt(4) == 0;
    boolean level = random.nextInt(3) == 0;
    String union = random.nextBoolean() ? "UNION ALL" : "UNION";
    List<String> columns = new ArrayList<>(List.of(partition, h.path()));
    if (up) {
      columns.add(h.parent());
    }
    // H2 needs the column list of a recursive query; keycond is given the shape the README shows.
    sql.add("WITH RECURSIVE \"tree\"").referenceOnly(" (" + String.join(", ", columns.stream().map(StatementGenerator::q).toList())
        + (level ? ", \"lvl\"" : "") + ")").add(" AS (SELECT ");
    sql.add(String.join(", ", columns.stream().map(StatementGenerator::q).toList()));
    if (level) {
      sql.add(", 0 AS \"lvl\"");
    }
    sql.add(" FROM ").add(q(table.name())).add(" WHERE ");
    partitionBinding(table, null, table.partitionColumns());
    sql.add(" AND ");
    List<Object> paths = reference.values(table.name(), h.path());
    List<Object> folders = paths.stream().filter(p -> p.toString().endsWith(h.delimiter())).toList();
    List<Object> starts = up ? paths : folders.isEmpty() ? paths : folders;
    if (random.nextInt(3) == 0) {
      sql.add(q(h.path())).add(" IN (").value(Literal.of(pick(starts).toString())).add(", ")
          .value(Literal.of(pick(starts).toString())).add(")");
    } else {
      sql.add(q(h.path())).add(" = ").value(Literal.of(random.nextInt(8) == 0 ? "root/zz/" : pick(starts).toString()));
    }
    sql.add(" " + union + " SELECT ");
    sql.add(String.join(", ", columns.stream().map(c -> "f." + q(c)).toList()));
    if (level) {
      sql.add(", t.\"lvl\" + 1");
    }
    sql.add(" FROM ").add(q(table.name())).add(" f JOIN \"tree\" t ON ");
    sql.add(up ? "f." + q(h.path()) + " = t." + q(h.parent()) : "f." + q(h.parent()) + " = t." + q(h.path()));
    sql.add(" AND f." + q(partition) + " = t." + q(partition));
    if (random.nextInt(3) == 0) {
      List<FuzzColumn> filterable = table.columns().stream().filter(c -> !c.name().equals(partition)).toList();
      sql.add(" WHERE ");
      predicate(table, "f", pick(filterable), 0);
    }
    sql.add(") SELECT ");
    List<Output> outputs = new ArrayList<>();
    outputs.add(new Output("\"tree\"." + q(h.path()), "c0", false));
    if (level) {
      outputs.add(new Output("\"tree\".\"lvl\"", "c1", false));
    }
    if (random.nextBoolean()) {
      outputs.add(new Output("\"tree\"." + q(partition), "c" + outputs.size(), false));
    }
    sql.add(selectList(outputs)).add(" FROM ");
    // H2 keeps the duplicates of a recursive UNION as UNION ALL does; the walk reaches the same rows
    // either way, so the distinct ones are the UNION's.
    if (union.equals("UNION")) {
      sql.driverOnly("\"tree\"").referenceOnly("(SELECT DISTINCT * FROM \"tree\") AS \"tree\"");
    } else {
      sql.add("\"tree\"");
    }
    return orderAndLimit(outputs, random.nextBoolean());
  }

  // ---- predicates

  /**
   * A WHERE clause: usually the partition key bound (of the table or of the index read), often a
   * sort key condition, and conditions on other columns; sometimes none of them, which needs a Scan.
   */
  private void where(FuzzTable table, String alias, Optional<FuzzIndex> index) {
    List<String> partition = index.map(FuzzIndex::partitionColumns).orElse(table.partitionColumns());
    List<String> sort = index.map(FuzzIndex::sortColumns).orElse(table.sortColumns());
    List<Consumer<SqlText>> conjuncts = new ArrayList<>();
    if (random.nextInt(10) < 8) {
      conjuncts.add(s -> partitionBinding(table, alias, partition));
    }
    if (!sort.isEmpty() && random.nextBoolean()) {
      conjuncts.add(s -> sortCondition(table, alias, sort));
    }
    int others = random.nextInt(3);
    for (int i = 0; i < others; i++) {
      FuzzColumn column = pick(table.columns());
      conjuncts.add(s -> predicate(table, alias, column, 0));
    }
    if (conjuncts.isEmpty()) {
      return;
    }
    sql.add(" WHERE ");
    if (random.nextInt(12) == 0 && conjuncts.size() > 1) {
      // Two alternatives, each with its own partition: an OR across partitions.
      sql.add("(");
      conjuncts.get(0).accept(sql);
      sql.add(" AND ");
      conjuncts.get(1).accept(sql);
      sql.add(") OR (");
      partitionBinding(table, alias, partition);
      sql.add(")");
      return;
    }
    for (int i = 0; i < conjuncts.size(); i++) {
      sql.add(i == 0 ? "" : " AND ");
      conjuncts.get(i).accept(sql);
    }
  }

  private void partitionBinding(FuzzTable table, String alias, List<String> columns) {
    for (int i = 0; i < columns.size(); i++) {
      sql.add(i == 0 ? "" : " AND ");
      FuzzColumn column = table.column(columns.get(i));
      String ref = ref(alias, column);
      int form = random.nextInt(20);
      if (form < 12) {
        sql.add(ref).add(" = ").value(value(table, column));
      } else if (form < 17) {
        sql.add(ref).add(" IN (");
        inList(table, column, 1 + random.nextInt(4));
        sql.add(")");
      } else {
        Literal first = value(table, column);
        Literal second = hostile || random.nextInt(4) == 0 ? first : value(table, column);
        sql.add("(").add(ref).add(" = ").value(first).add(" OR ").add(ref).add(" = ").value(second).add(")");
      }
    }
  }

  private void inList(FuzzTable table, FuzzColumn column, int size) {
    Literal previous = null;
    for (int i = 0; i < size; i++) {
      Literal next = previous != null && (hostile || random.nextInt(5) == 0) ? previous : value(table, column);
      sql.add(i == 0 ? "" : ", ").value(next);
      previous = next;
    }
  }

  /** A condition on the sort key: equalities on leading slots, then one condition on the next. */
  private void sortCondition(FuzzTable table, String alias, List<String> columns) {
    int last = random.nextInt(columns.size());
    for (int i = 0; i < last; i++) {
      FuzzColumn column = table.column(columns.get(i));
      sql.add(ref(alias, column)).add(" = ").value(value(table, column)).add(" AND ");
    }
    FuzzColumn column = table.column(columns.get(last));
    String ref = ref(alias, column);
    int form = random.nextInt(column.numeric() ? 7 : 10);
    switch (form) {
      case 0 -> sql.add(ref).add(" = ").value(value(table, column));
      case 1 -> sql.add(ref).add(" < ").value(value(table, column));
      case 2 -> sql.add(ref).add(" <= ").value(value(table, column));
      case 3 -> sql.add(ref).add(" > ").value(value(table, column));
      case 4 -> sql.add(ref).add(" >= ").value(value(table, column));
      case 5 -> {
        Literal low = value(table, column);
        Literal high = value(table, column);
        sql.add(ref).add(" BETWEEN ").value(low).add(" AND ").value(high);
      }
      case 6 -> {
        sql.add(ref).add(" IN (");
        inList(table, column, 1 + random.nextInt(3));
        sql.add(")");
      }
      default -> like(table, ref, column, form == 9);
    }
  }

  /** A condition on any column, nested up to two levels in NOT and OR. */
  private void predicate(FuzzTable table, String alias, FuzzColumn column, int depth) {
    String ref = ref(alias, column);
    int form = random.nextInt(depth < 2 ? 14 : 12);
    switch (form) {
      case 0 -> sql.add(ref).add(" = ").value(value(table, column));
      case 1 -> sql.add(ref).add(" <> ").value(value(table, column));
      case 2 -> sql.add(ref).add(random.nextBoolean() ? " < " : " >= ").value(value(table, column));
      case 3 -> {
        Literal low = value(table, column);
        Literal high = value(table, column);
        sql.add(ref).add(random.nextInt(3) == 0 ? " NOT BETWEEN " : " BETWEEN ").value(low).add(" AND ").value(high);
      }
      case 4 -> {
        sql.add(ref).add(random.nextInt(3) == 0 ? " NOT IN (" : " IN (");
        inList(table, column, 1 + random.nextInt(3));
        sql.add(")");
      }
      case 5 -> sql.add(ref).add(" IS NULL");
      case 6 -> sql.add(ref).add(" IS NOT NULL");
      case 7 -> sql.add(ref).add(random.nextBoolean() ? " IS NOT DISTINCT FROM " : " IS DISTINCT FROM ")
          .value(value(table, column));
      case 8, 9, 10, 11 -> {
        if (column.numeric()) {
          sql.add(ref).add(" > ").value(value(table, column));
        } else {
          like(table, ref, column, random.nextInt(3) == 0);
        }
      }
      case 12 -> {
        sql.add("NOT (");
        predicate(table, alias, pick(table.columns()), depth + 1);
        sql.add(")");
      }
      default -> {
        sql.add("(");
        predicate(table, alias, column, depth + 1);
        sql.add(" OR ");
        predicate(table, alias, pick(table.columns()), depth + 1);
        sql.add(")");
      }
    }
  }

  /**
   * A LIKE built from a value the column holds: a prefix, a prefix with one character replaced by
   * {@code _}, a substring or suffix, or the whole value; wildcard characters in the value are
   * escaped when an ESCAPE clause is written, and act as wildcards when none is.
   */
  private void like(FuzzTable table, String ref, FuzzColumn column, boolean negated) {
    List<Object> pool = reference.values(table.name(), column.name());
    String value = pool.isEmpty() || random.nextInt(8) == 0 ? pick(ABSENT_TEXT) : pick(pool).toString();
    int escapeChoice = random.nextInt(10);
    String escape = escapeChoice < 3 ? "\\" : escapeChoice < 4 ? "!" : "";
    int cut = value.isEmpty() ? 0 : random.nextInt(value.length() + 1);
    String pattern = switch (random.nextInt(6)) {
      case 0, 1 -> escaped(value.substring(0, cut), escape) + "%";
      case 2 -> {
        if (value.isEmpty()) {
          yield "_%";
        }
        int at = random.nextInt(value.length());
        yield escaped(value.substring(0, at), escape) + "_" + escaped(value.substring(at + 1), escape)
            + (random.nextBoolean() ? "%" : "");
      }
      case 3 -> "%" + escaped(value.substring(cut), escape);
      case 4 -> "%" + escaped(value.substring(cut / 2, cut), escape) + "%";
      default -> escaped(value, escape);
    };
    sql.add(ref).add(negated ? " NOT LIKE " : " LIKE ").value(Literal.of(pattern));
    if (!escape.isEmpty()) {
      sql.add(" ESCAPE '" + escape + "'");
    }
  }

  private static String escaped(String text, String escape) {
    if (escape.isEmpty()) {
      return text;
    }
    StringBuilder out = new StringBuilder();
    for (char c : text.toCharArray()) {
      if (c == '%' || c == '_' || c == escape.charAt(0)) {
        out.append(escape);
      }
      out.append(c);
    }
    return out.toString();
  }

  // ---- values

  /** A value of the column: mostly one a row holds, sometimes one none does or (hostile) out of range. */
  private Literal value(FuzzTable table, FuzzColumn column) {
    List<Object> pool = reference.values(table.name(), column.name());
    int roll = random.nextInt(10);
    if (column.numeric()) {
      if (hostile && roll < 3) {
        return Literal.number(new BigDecimal(pick(OUT_OF_RANGE)), random);
      }
      if (pool.isEmpty() || roll == 9) {
        return Literal.number(new BigDecimal(pick(ABSENT_NUMBERS)), random);
      }
      return Literal.number((BigDecimal) pick(pool), random);
    }
    if (pool.isEmpty() || roll == 9) {
      return Literal.of(pick(ABSENT_TEXT));
    }
    return Literal.of(pick(pool).toString());
  }

  // ---- select lists, order, limit

  private List<Output> outputs(FuzzTable table, String alias, int count) {
    List<FuzzColumn> columns = new ArrayList<>(table.columns());
    List<Output> outputs = new ArrayList<>();
    for (int i = 0; i < count && !columns.isEmpty(); i++) {
      FuzzColumn column = columns.remove(random.nextInt(columns.size()));
      outputs.add(new Output(ref(alias, column), "c" + i, !column.key()));
    }
    return outputs;
  }

  private static List<Output> relabel(List<Output> outputs) {
    List<Output> relabelled = new ArrayList<>();
    for (Output o : outputs) {
      relabelled.add(new Output(o.expression, "c" + relabelled.size(), o.nullable));
    }
    return relabelled;
  }

  private static String selectList(List<Output> outputs) {
    return String.join(", ", outputs.stream().map(o -> o.expression + " AS " + q(o.label)).toList());
  }

  /**
   * ORDER BY every output column (each ASC or DESC, NULLs placed explicitly, since engines differ
   * in where they put them), which fixes the rows' order; then maybe LIMIT and OFFSET. Without
   * such an ORDER BY, a LIMIT is checked as a subset of the reference.
   */
  private Comparison orderAndLimit(List<Output> outputs, boolean ordered) {
    if (ordered) {
      List<Output> order = new ArrayList<>(outputs);
      if (random.nextBoolean()) {
        Collections.shuffle(order, random);
      }
      boolean descending = random.nextInt(3) == 0;
      sql.add(" ORDER BY ");
      for (int i = 0; i < order.size(); i++) {
        Output o = order.get(i);
        boolean desc = random.nextInt(5) == 0 ? !descending : descending;
        sql.add(i == 0 ? "" : ", ").add(o.label.startsWith("\"") ? o.label : q(o.label)).add(desc ? " DESC" : "");
        if (o.nullable) {
          sql.add(random.nextBoolean() ? " NULLS FIRST" : " NULLS LAST");
        }
      }
      if (random.nextInt(5) < 2) {
        long limit = random.nextInt(6);
        sql.add(" LIMIT " + limit);
        if (random.nextBoolean()) {
          sql.add(" OFFSET " + random.nextInt(4));
        }
      } else if (random.nextInt(8) == 0) {
        sql.add(" OFFSET " + random.nextInt(4) + " ROWS");
      }
      return new Comparison.Ordered();
    }
    if (random.nextInt(6) == 0) {
      long limit = random.nextInt(5);
      long offset = random.nextInt(3) == 0 ? random.nextInt(3) : 0;
      sql.driverOnly(" LIMIT " + limit + (offset > 0 ? " OFFSET " + offset : ""));
      return new Comparison.Subset(limit, offset);
    }
    return new Comparison.Unordered();
  }

  // ---- joins

  private record JoinPair(FuzzTable left, List<String> leftColumns, FuzzTable right, List<String> rightColumns) {}

  /** Item collections (joined on the partition columns), references, and columns of one name. */
  private List<JoinPair> joinPairs() {
    List<JoinPair> pairs = new ArrayList<>();
    for (FuzzTable a : universe.tables()) {
      for (FuzzTable b : universe.tables()) {
        if (a.sharesCollectionWith(b)) {
          pairs.add(new JoinPair(a, a.partitionColumns(), b, b.partitionColumns()));
        }
        a.references().forEach((column, target) -> {
          String[] parts = target.split("\\.");
          if (parts[0].equals(b.name())) {
            pairs.add(new JoinPair(a, List.of(column), b, List.of(parts[1])));
            pairs.add(new JoinPair(b, List.of(parts[1]), a, List.of(column)));
          }
        });
        if (a != b) {
          for (FuzzColumn c : a.columns()) {
            b.columns().stream().filter(d -> d.name().equals(c.name()) && d.comparableWith(c) && !c.key() && !d.key())
                .forEach(d -> pairs.add(new JoinPair(a, List.of(c.name()), b, List.of(d.name()))));
          }
        }
      }
    }
    return pairs;
  }

  /** A column of {@code inner} to compare with {@code x}: a related one when there is, else any comparable. */
  private FuzzColumn related(FuzzTable outer, FuzzColumn x, FuzzTable inner) {
    String target = outer.references().get(x.name());
    if (target != null && target.startsWith(inner.name() + ".") && random.nextBoolean()) {
      return inner.column(target.substring(inner.name().length() + 1));
    }
    List<FuzzColumn> same = inner.columns().stream().filter(c -> c.name().equals(x.name()) && c.comparableWith(x)).toList();
    if (!same.isEmpty() && random.nextBoolean()) {
      return same.get(0);
    }
    return pick(inner.columns().stream().filter(c -> c.comparableWith(x)).toList());
  }

  // ---- helpers

  private static String ref(String alias, FuzzColumn column) {
    return alias == null ? q(column.name()) : alias + "." + q(column.name());
  }

  static String q(String identifier) {
    return ReferenceDatabase.quote(identifier);
  }

  private <T> T pick(List<T> items) {
    return items.get(random.nextInt(items.size()));
  }

  private String pickWeighted(String[] choices, int[] weights) {
    int total = 0;
    for (int w : weights) {
      total += w;
    }
    int roll = random.nextInt(total);
    for (int i = 0; i < choices.length; i++) {
      roll -= weights[i];
      if (roll < 0) {
        return choices[i];
      }
    }
    throw new IllegalStateException();
  }
}
