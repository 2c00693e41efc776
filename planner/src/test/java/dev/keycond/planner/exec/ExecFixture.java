package dev.keycond.planner.exec;

import dev.keycond.planner.compile.OperatorCompiler;
import static org.apache.calcite.sql.type.SqlTypeName.VARCHAR;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import dev.keycond.planner.settings.StatementSettings;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCollation;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.NlsString;
import org.junit.jupiter.api.function.Executable;

/** Plans built with Calcite's RelBuilder over VALUES, run through keycond's executor. */
public final class ExecFixture {
  static final JavaTypeFactory TYPES = new JavaTypeFactoryImpl(RelDataTypeSystem.DEFAULT);
  static final RexBuilder REX = new RexBuilder(TYPES);
  private static final RelOptCluster CLUSTER =
      RelOptCluster.create(new HepPlanner(HepProgram.builder().build()), REX);

  private ExecFixture() {}

  /** A builder that keeps expressions as written, so that the executor, not the simplifier, evaluates them. */
  public static RelBuilder builder() {
    RelBuilder.Config config = RelBuilder.Config.DEFAULT.withSimplify(false).withSimplifyValues(false);
    return RelBuilder.proto(Contexts.of(config)).create(CLUSTER, null);
  }

  static ExecutionContext context(Object... parameters) {
    return new ExecutionContext(null, Arrays.asList(parameters), StatementSettings.defaults(), 0);
  }

  /** Every row of the compiled plan, in order. */
  public static List<List<Object>> run(RelNode plan, Object... parameters) {
    return rows(OperatorCompiler.compile(plan), context(parameters));
  }

  static List<List<Object>> rows(Operator operator, ExecutionContext context) {
    List<List<Object>> rows = new ArrayList<>();
    try (RowCursor cursor = operator.open(context)) {
      while (cursor.next()) {
        rows.add(Arrays.asList(cursor.row().clone()));
      }
    }
    return rows;
  }

  /** Rows written out, for comparing with {@link #run}. */
  public static List<List<Object>> rows(Object[]... rows) {
    return Arrays.stream(rows).map(Arrays::asList).toList();
  }

  public static Object[] row(Object... values) {
    return values;
  }

  static Object evaluate(RexNode expression, Object[] row, Object... parameters) {
    return ScalarCompiler.compile(expression, REX).evaluate(row, context(parameters));
  }

  static RelDataType type(SqlTypeName name) {
    return TYPES.createTypeWithNullability(TYPES.createSqlType(name), true);
  }

  static RelDataType type(SqlTypeName name, int precision, int scale) {
    return TYPES.createTypeWithNullability(TYPES.createSqlType(name, precision, scale), true);
  }

  /** A row type of nullable columns, from alternating names and types. */
  public static RelDataType rowType(Object... namesAndTypes) {
    RelDataTypeFactory.Builder builder = TYPES.builder();
    for (int i = 0; i < namesAndTypes.length; i += 2) {
      Object type = namesAndTypes[i + 1];
      builder.add((String) namesAndTypes[i], type instanceof SqlTypeName name ? type(name) : (RelDataType) type);
    }
    return builder.build();
  }

  /**
   * Pushes a VALUES of one VARCHAR column {@code s}. Its literals are UTF-8, because Calcite's
   * default charset, ISO-8859-1, cannot hold the characters that order tests need.
   */
  static RelBuilder strings(RelBuilder builder, String... values) {
    RelDataType varchar = TYPES.createTypeWithCharsetAndCollation(type(VARCHAR), StandardCharsets.UTF_8,
        SqlCollation.IMPLICIT);
    List<List<RexLiteral>> tuples = Arrays.stream(values)
        .map(value -> List.of(REX.makeCharLiteral(new NlsString(value, "UTF-8", SqlCollation.IMPLICIT))))
        .toList();
    return builder.values(tuples, TYPES.createStructType(List.of(varchar), List.of("s")));
  }

  static SqlState stateOf(Executable executable) {
    return assertThrows(KeycondException.class, executable).state();
  }

  /** Wraps an operator and counts what its consumer asks of it, to show that others read no more than they must. */
  static final class Counting implements Operator {
    private final Operator operator;
    int opened;
    int rowsPulled;

    Counting(Operator operator) {
      this.operator = operator;
    }

    @Override
    public RowCursor open(ExecutionContext context) {
      opened++;
      RowCursor rows = operator.open(context);
      return new RowCursor() {
        @Override
        public boolean next() {
          boolean more = rows.next();
          rowsPulled += more ? 1 : 0;
          return more;
        }

        @Override
        public Object[] row() {
          return rows.row();
        }

        @Override
        public void close() {
          rows.close();
        }
      };
    }
  }
}
