package dev.keycond.planner.exec;

import com.google.common.collect.MapMaker;
import dev.keycond.planner.functions.DynamoDbTypeFunction;
import dev.keycond.planner.mapping.Column;
import dev.keycond.planner.mapping.ColumnType;
import dev.keycond.planner.rel.PlanExpressions;
import dev.keycond.planner.table.EntityTable;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The DynamoDB values behind the JSON texts one execution's reads decoded, for
 * {@code DYNAMODB_TYPE}: the text of a binary value or a set does not say its type. A text is
 * found by identity, the very string a read put in its row, which the operators above pass on
 * unchanged; it is held weakly, so rows that are gone take their values with them.
 */
public final class StoredValues {
  private final Map<Object, AttributeValue> byText = new MapMaker().weakKeys().makeMap();

  /**
   * Whether an expression of the plan, above the reads or inside one, calls DYNAMODB_TYPE, whose
   * reads must then keep the values behind the JSON texts they decode; checked once, when the
   * plan is compiled.
   */
  public static boolean neededBy(RelNode plan) {
    boolean[] found = {false};
    RexShuttle finder = new RexShuttle() {
      @Override
      public RexNode visitCall(RexCall call) {
        found[0] |= call.getOperator() == DynamoDbTypeFunction.DYNAMODB_TYPE;
        return super.visitCall(call);
      }
    };
    PlanExpressions.byNode(plan).forEach(finder::apply);
    return found[0];
  }

  /**
   * Keeps the DynamoDB value behind each JSON text of a row decoded from {@code item}: its
   * document column, and its JSON columns.
   */
  public void rememberRow(EntityTable table, Map<String, AttributeValue> item, Object[] row) {
    for (int i = 0; i < row.length; i++) {
      Column column = table.column(i);
      if (row[i] == null) {
        continue;
      }
      if (column.isWholeItem()) {
        byText.put(row[i], AttributeValue.fromM(item));
      } else if (column.type() == ColumnType.JSON && item.containsKey(table.readFrom(column).attribute())) {
        byText.put(row[i], item.get(table.readFrom(column).attribute()));
      }
    }
  }

  /** The value a read decoded into this very text, if one did. */
  public Optional<AttributeValue> of(Object text) {
    return Optional.ofNullable(byText.get(text));
  }
}
