package dev.keycond.planner.sql;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.type.CompositeOperandTypeChecker;
import org.apache.calcite.sql.type.ImplicitCastOperandTypeChecker;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorImpl;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * The validator, which types a parameter wherever a literal could stand: a parameter beside a
 * value in an operator that infers no type for its operands ({@code tag || ?}, which
 * Calcite refuses as an illegal use of a dynamic parameter) takes the type of that value, as
 * {@code tag || 'x'} types its literal; one given straight to such a function takes the usual type
 * of what the function takes there.
 */
public final class ParameterTypes extends SqlValidatorImpl {
  /** Parameters typed by the other operand of their operator, noted as the validator comes down to them. */
  private final Map<SqlDynamicParam, RelDataType> besideValue = new IdentityHashMap<>();

  public ParameterTypes(SqlOperatorTable operators, SqlValidatorCatalogReader catalogReader, RelDataTypeFactory typeFactory,
      Config config) {
    super(operators, catalogReader, typeFactory, config);
  }

  @Override
  protected void inferUnknownTypes(RelDataType inferredType, SqlValidatorScope scope, SqlNode node) {
    if (node instanceof SqlCall call && !(call.getOperator() instanceof SqlBinaryOperator)
        && call.getOperator().getOperandTypeInference() == null) {
      families(call.getOperator().getOperandTypeChecker()).ifPresent(families -> typeByFamily(call, families));
    }
    if (node instanceof SqlCall call && call.getOperator() instanceof SqlBinaryOperator
        && call.getOperator().getOperandTypeInference() == null) {
      call.getOperandList().stream().filter(o -> o != null && !holdsParameter(o)).findFirst()
          .map(value -> typeFactory.createTypeWithNullability(deriveType(scope, value), true))
          .ifPresent(type -> call.getOperandList().stream().filter(SqlDynamicParam.class::isInstance)
              .forEach(parameter -> besideValue.put((SqlDynamicParam) parameter, type)));
    }
    RelDataType type = node instanceof SqlDynamicParam parameter && inferredType.equals(getUnknownType())
        ? besideValue.getOrDefault(parameter, inferredType) : inferredType;
    super.inferUnknownTypes(type, scope, node);
  }

  /**
   * A parameter given straight to a function that infers no type for it ({@code UPPER(?)}, which
   * Spring Data's {@code IgnoreCase} queries send, or {@code LEFT(path, ?)}) takes the usual type of
   * what the function takes there: VARCHAR for a string, INTEGER for a count, and so on.
   */
  /** The families of a function's operands: its checker's, or the first alternative's of a checker of several. */
  private static Optional<ImplicitCastOperandTypeChecker> families(SqlOperandTypeChecker checker) {
    if (checker instanceof ImplicitCastOperandTypeChecker families) {
      return Optional.of(families);
    }
    if (checker instanceof CompositeOperandTypeChecker alternatives) {
      return alternatives.getRules().stream().filter(ImplicitCastOperandTypeChecker.class::isInstance)
          .map(ImplicitCastOperandTypeChecker.class::cast).findFirst();
    }
    return Optional.empty();
  }

  private void typeByFamily(SqlCall call, ImplicitCastOperandTypeChecker families) {
    List<SqlNode> operands = call.getOperandList();
    for (int i = 0; i < operands.size(); i++) {
      if (operands.get(i) instanceof SqlDynamicParam parameter) {
        RelDataType type = families.getOperandSqlTypeFamily(i).getDefaultConcreteType(typeFactory);
        if (type != null) {
          besideValue.putIfAbsent(parameter, typeFactory.createTypeWithNullability(type, true));
        }
      }
    }
  }

  private static boolean holdsParameter(SqlNode node) {
    boolean[] found = {false};
    node.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlDynamicParam parameter) {
        found[0] = true;
        return null;
      }
    });
    return found[0];
  }
}
