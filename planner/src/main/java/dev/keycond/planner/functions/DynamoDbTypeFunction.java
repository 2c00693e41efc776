package dev.keycond.planner.functions;

import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;

/**
 * {@code DYNAMODB_TYPE(document, '$.a.b')}: the DynamoDB type of the value at a path of a JSON
 * column or a raw table's document column ({@code S}, {@code N}, {@code B}, {@code BOOL},
 * {@code NULL}, {@code M}, {@code L}, {@code SS}, {@code NS}, {@code BS}), or NULL when nothing is
 * there. Without a path it is the type of the whole value. JSON text alone cannot tell a binary
 * value from a string or a set from a list, so the type is read from the value as DynamoDB
 * returned it.
 */
public final class DynamoDbTypeFunction {
  public static final SqlFunction DYNAMODB_TYPE = new SqlFunction("DYNAMODB_TYPE", SqlKind.OTHER_FUNCTION,
      ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.FORCE_NULLABLE), null,
      OperandTypes.or(OperandTypes.STRING, OperandTypes.STRING_STRING), SqlFunctionCategory.USER_DEFINED_FUNCTION);

  private DynamoDbTypeFunction() {}
}
