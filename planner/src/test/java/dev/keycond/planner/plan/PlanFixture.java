package dev.keycond.planner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.keycond.planner.codec.DynamoOrder;
import dev.keycond.planner.request.BatchGetItem;
import dev.keycond.planner.request.GetItem;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.Scan;
import dev.keycond.planner.schema.SqlTypes;
import dev.keycond.planner.source.KeySchema;
import dev.keycond.planner.source.SourceIndex;
import dev.keycond.planner.source.SourceTable;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.mapping.AttributeType;
import dev.keycond.planner.mapping.Mapping;
import dev.keycond.planner.mapping.MappingParser;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.ReadRequestBuilder;
import dev.keycond.planner.request.RequestValue;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.table.EntityTable;
import dev.keycond.planner.schema.KeycondTypeSystem;
import dev.keycond.planner.table.TableBinding;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimestampString;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Tables over hand-made DynamoDB descriptions, conditions written as RexNodes over their row types,
 * and the requests the planner builds for them, rendered as text a person can check.
 */
final class PlanFixture {
  static final JavaTypeFactory TYPES = new JavaTypeFactoryImpl(KeycondTypeSystem.INSTANCE);
  static final RexBuilder REX = new RexBuilder(TYPES);

  private PlanFixture() {}

  // ---- DynamoDB descriptions -------------------------------------------------------------------

  static KeySchema keys(String hash, String range) {
    return new KeySchema(hash, Optional.ofNullable(range));
  }

  /** A table whose key attributes (of the table and its indexes) are all strings. */
  static SourceTable source(String name, String hash, String range, SourceIndex... indexes) {
    return source(name, keys(hash, range), Map.of(), indexes);
  }

  /** @param types the key attributes that are not strings */
  static SourceTable source(String name, KeySchema keys, Map<String, AttributeType> types, SourceIndex... indexes) {
    return new SourceTable(name, keys, ImmutableMap.copyOf(types), ImmutableList.copyOf(indexes));
  }

  static SourceIndex gsi(String name, String hash, String range, SourceIndex.Projection projection,
      String... included) {
    return new SourceIndex(name, SourceIndex.Kind.GLOBAL, keys(hash, range), projection, ImmutableSet.copyOf(included));
  }

  static EntityTable bind(String mappingJson, String tableName, SourceTable source) {
    Mapping mapping = MappingParser.parse(mappingJson, "test mapping");
    return TableBinding.bind(mapping.table(tableName).orElseThrow(), source, mapping.tables().values());
  }

  // ---- Plans and requests ----------------------------------------------------------------------

  /** The requests execution would send, with these parameter values. */
  static List<ReadRequest> requests(ReadPlan plan, Object... parameters) {
    return new ReadRequestBuilder(plan, StatementSettings.defaults(), Optional.of(Arrays.asList(parameters))).build()
        .requests();
  }

  /** The requests as EXPLAIN describes them before parameters are set. */
  static List<ReadRequest> unboundRequests(ReadPlan plan) {
    return new ReadRequestBuilder(plan, StatementSettings.defaults(), Optional.empty()).build().requests();
  }

  /** Each request as one line, such as {@code Query Drive: PK = 'DRIVE#acme' AND begins_with(SK, 'a/')}. */
  static List<String> render(ReadPlan plan, Object... parameters) {
    return requests(plan, parameters).stream().map(PlanFixture::render).toList();
  }

  static String render(ReadRequest request) {
    String target = request.tableName() + request.indexName().map(i -> "@" + i).orElse("");
    return request.accept(new ReadRequest.Visitor<>() {
      @Override
      public String getItem(GetItem get) {
        return keys(get, List.of(get.key()));
      }

      @Override
      public String batchGetItem(BatchGetItem batch) {
        return keys(batch, batch.keys());
      }

      @Override
      public String query(Query query) {
        return "Query " + target + ": " + substitute(query.keyConditionExpression(), request);
      }

      @Override
      public String scan(Scan scan) {
        return "Scan " + target;
      }

      private String keys(ReadRequest read, List<ImmutableMap<String, RequestValue>> keys) {
        return read.operation() + " " + target + ": " + keys.stream()
            .map(key -> key.entrySet().stream().map(e -> e.getKey() + "=" + render(e.getValue()))
                .collect(Collectors.joining(", ", "{", "}")))
            .collect(Collectors.joining(" "));
      }
    });
  }

  /** A Query's KeyConditionExpression; the other reads have none. */
  private static final ReadRequest.Visitor<String> KEY_CONDITION = new ReadRequest.Visitor<>() {
    @Override
    public String getItem(GetItem get) {
      return "";
    }

    @Override
    public String batchGetItem(BatchGetItem batch) {
      return "";
    }

    @Override
    public String query(Query query) {
      return query.keyConditionExpression();
    }

    @Override
    public String scan(Scan scan) {
      return "";
    }
  };

  private static final Pattern PLACEHOLDER = Pattern.compile("#a\\d+|:v\\d+");

  private static String substitute(String expression, ReadRequest request) {
    Matcher m = PLACEHOLDER.matcher(expression);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String p = m.group();
      String replacement = p.startsWith("#") ? request.attributes().names().get(p)
          : render(request.attributes().values().get(p));
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** The request's ProjectionExpression with attribute names in place of placeholders. */
  static Optional<String> projection(ReadRequest request) {
    return request.projectionExpression().map(p -> substitute(p, request));
  }

  static String render(RequestValue value) {
    if (value instanceof RequestValue.Unbound u) {
      return "<" + u.description() + ">";
    }
    AttributeValue v = ((RequestValue.Bound) value).value();
    if (v.s() != null) {
      return "'" + v.s() + "'";
    }
    if (v.n() != null) {
      return v.n();
    }
    if (v.b() != null) {
      return "0x" + HexFormat.of().formatHex(v.b().asByteArray());
    }
    return v.toString();
  }

  static RequestValue.Bound s(String text) {
    return new RequestValue.Bound(AttributeValue.fromS(text));
  }

  /** Whether a key condition's sort condition admits an item whose sort key is {@code sortKey}. */
  static boolean admits(KeyCondition key, String sortKey) {
    SortCondition sort = key.sort().orElseThrow();
    KeyValueBinder binder = new KeyValueBinder(List.of());
    String low = binder.bind(sort.low()).orElseThrow().s();
    int c = DynamoOrder.compareStrings(sortKey, low);
    switch (sort.op()) {
      case EQ:
        return c == 0;
      case BEGINS_WITH:
        return sortKey.startsWith(low);
      case LT:
        return c < 0;
      case LE:
        return c <= 0;
      case GT:
        return c > 0;
      case GE:
        return c >= 0;
      default:
        return c >= 0 && DynamoOrder.compareStrings(sortKey, binder.bind(sort.high()).orElseThrow().s()) <= 0;
    }
  }

  private static final Pattern BETWEEN = Pattern.compile("BETWEEN (:v\\d+) AND (:v\\d+)");

  /**
   * The BETWEEN conditions of the requests whose lower bound is above the upper bound; DynamoDB
   * rejects such a request with a ValidationException.
   */
  static List<String> invertedBetweens(List<ReadRequest> requests) {
    List<String> inverted = new ArrayList<>();
    for (ReadRequest r : requests) {
      Matcher m = BETWEEN.matcher(r.accept(KEY_CONDITION));
      while (m.find()) {
        AttributeValue low = ((RequestValue.Bound) r.attributes().values().get(m.group(1))).value();
        AttributeValue high = ((RequestValue.Bound) r.attributes().values().get(m.group(2))).value();
        int c = low.s() != null ? DynamoOrder.compareStrings(low.s(), high.s())
            : new BigDecimal(low.n()).compareTo(new BigDecimal(high.n()));
        if (c > 0) {
          inverted.add(render(r));
        }
      }
    }
    return inverted;
  }

  static KeycondException assertKeycondError(SqlState state, Executable executable) {
    KeycondException e = assertThrows(KeycondException.class, executable);
    assertEquals(state, e.state(), e.getMessage());
    return e;
  }

  // ---- Conditions ------------------------------------------------------------------------------

  /** Conditions over one table's row type. */
  static final class Where {
    private final EntityTable table;
    private final RelDataType rowType;

    Where(EntityTable table) {
      this.table = table;
      this.rowType = SqlTypes.rowType(TYPES, table);
    }

    RexInputRef col(String name) {
      int index = table.columnIndex(name);
      if (index < 0) {
        throw new IllegalArgumentException("no column " + name + " in " + table);
      }
      return REX.makeInputRef(rowType.getFieldList().get(index).getType(), index);
    }

    /** A literal for a value compared with {@code column}: a String, a whole number, a BigDecimal or null. */
    RexNode value(String column, Object value) {
      if (value instanceof RexNode node) {
        return node;
      }
      if (value == null) {
        return REX.makeNullLiteral(col(column).getType());
      }
      if (value instanceof String s) {
        return REX.makeLiteral(s);
      }
      if (value instanceof BigDecimal d) {
        return REX.makeExactLiteral(d);
      }
      if (value instanceof Integer || value instanceof Long) {
        return REX.makeExactLiteral(BigDecimal.valueOf(((Number) value).longValue()));
      }
      if (value instanceof LocalDate d) {
        return REX.makeDateLiteral(new DateString(d.toString()));
      }
      if (value instanceof LocalDateTime t) {
        return REX.makeTimestampLiteral(new TimestampString(t.getYear(), t.getMonthValue(), t.getDayOfMonth(),
            t.getHour(), t.getMinute(), t.getSecond()).withNanos(t.getNano()), 3);
      }
      throw new IllegalArgumentException("no literal for " + value);
    }

    /** The {@code index}-th (0-based) parameter marker, typed like {@code column}. */
    RexNode param(String column, int index) {
      return REX.makeDynamicParam(col(column).getType(), index);
    }

    RexNode eq(String column, Object value) {
      return compare(SqlStdOperatorTable.EQUALS, column, value);
    }

    RexNode lt(String column, Object value) {
      return compare(SqlStdOperatorTable.LESS_THAN, column, value);
    }

    RexNode le(String column, Object value) {
      return compare(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, column, value);
    }

    RexNode gt(String column, Object value) {
      return compare(SqlStdOperatorTable.GREATER_THAN, column, value);
    }

    RexNode ge(String column, Object value) {
      return compare(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, column, value);
    }

    private RexNode compare(SqlOperator op, String column, Object value) {
      return REX.makeCall(op, col(column), value(column, value));
    }

    RexNode like(String column, String pattern) {
      return REX.makeCall(SqlStdOperatorTable.LIKE, col(column), REX.makeLiteral(pattern));
    }

    /** {@code column LIKE ?}, the pattern being the {@code index}-th parameter. */
    RexNode likeParam(String column, int index) {
      return REX.makeCall(SqlStdOperatorTable.LIKE, col(column), param(column, index));
    }

    RexNode like(String column, String pattern, char escape) {
      return REX.makeCall(SqlStdOperatorTable.LIKE, col(column), REX.makeLiteral(pattern),
          REX.makeLiteral(String.valueOf(escape)));
    }

    /** {@code column IN (values)}, as Calcite leaves it for a short list: an OR of equalities. */
    RexNode in(String column, Object... values) {
      List<RexNode> equalities = Arrays.stream(values).map(v -> eq(column, v)).toList();
      return REX.makeCall(SqlStdOperatorTable.OR, equalities);
    }

    /** {@code column BETWEEN low AND high}, as two conjuncts. */
    List<RexNode> between(String column, Object low, Object high) {
      return List.of(ge(column, low), le(column, high));
    }

    /** {@code CAST(value AS type)}. */
    RexNode cast(SqlTypeName type, Object value, String column) {
      return REX.makeAbstractCast(TYPES.createSqlType(type), value(column, value), false);
    }

    /** The table's read with these conjuncts (RexNodes, or lists of them from {@link #between}). */
    ReadPlan plan(Object... conjuncts) {
      return ReadPlan.of(table).withConditions(conjuncts(conjuncts));
    }

    List<RexNode> conjuncts(Object... conjuncts) {
      List<RexNode> all = new ArrayList<>();
      for (Object c : conjuncts) {
        if (c instanceof RexNode node) {
          all.add(node);
        } else {
          for (Object n : (List<?>) c) {
            all.add((RexNode) n);
          }
        }
      }
      return all;
    }
  }
}
