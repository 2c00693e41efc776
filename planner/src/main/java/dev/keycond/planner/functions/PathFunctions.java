package dev.keycond.planner.functions;

import java.util.List;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;

/**
 * SQL functions over materialized paths, for reports over trees. Each takes the delimiter as an
 * optional last argument; when it is left out and the path is a column of a table with a declared
 * hierarchy, the planner supplies that table's delimiter (see {@link DelimiterDefaults}), and
 * {@code '/'} otherwise.
 *
 * <p>A folder's path ends with the delimiter: {@code root/photos/} is the folder {@code photos}.
 */
public final class PathFunctions {
  public static final String DEFAULT_DELIMITER = "/";

  /** The number of segments: {@code PATH_DEPTH('root/photos/x.jpg')} is 3, {@code PATH_DEPTH('root/')} is 1. */
  public static final SqlFunction PATH_DEPTH = function("PATH_DEPTH",
      ReturnTypes.explicit(SqlTypeName.INTEGER).andThen(SqlTypeTransforms.TO_NULLABLE),
      OperandTypes.or(OperandTypes.STRING, OperandTypes.STRING_STRING));

  /** The path of the folder above: {@code 'root/photos/'} for {@code 'root/photos/x.jpg'}; NULL at the top. */
  public static final SqlFunction PARENT_PATH = function("PARENT_PATH",
      ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.FORCE_NULLABLE),
      OperandTypes.or(OperandTypes.STRING, OperandTypes.STRING_STRING));

  /** The n-th segment (from 1), without its delimiter: {@code PATH_SEGMENT('root/photos/x.jpg', 2)} is {@code 'photos'}. */
  public static final SqlFunction PATH_SEGMENT = function("PATH_SEGMENT",
      ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.FORCE_NULLABLE),
      OperandTypes.or(OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.INTEGER),
          OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.INTEGER, SqlTypeFamily.STRING)));

  /** The last segment, without its delimiter: {@code 'x.jpg'}, or {@code 'photos'} for {@code 'root/photos/'}. */
  public static final SqlFunction PATH_NAME = function("PATH_NAME",
      ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.TO_NULLABLE),
      OperandTypes.or(OperandTypes.STRING, OperandTypes.STRING_STRING));

  public static final List<SqlOperator> ALL = List.of(PATH_DEPTH, PARENT_PATH, PATH_SEGMENT, PATH_NAME);

  private PathFunctions() {}

  private static SqlFunction function(String name, org.apache.calcite.sql.type.SqlReturnTypeInference returns,
      org.apache.calcite.sql.type.SqlOperandTypeChecker operands) {
    return new SqlFunction(name, SqlKind.OTHER_FUNCTION, returns, null, operands,
        SqlFunctionCategory.USER_DEFINED_FUNCTION);
  }

  /** How many operands a call has when its delimiter is given. */
  public static int arityWithDelimiter(SqlOperator function) {
    return function == PATH_SEGMENT ? 3 : 2;
  }

  public static int depth(String path, String delimiter) {
    return segments(path, delimiter).length;
  }

  public static String parent(String path, String delimiter) {
    String trimmed = withoutTrailing(path, delimiter);
    int last = trimmed.lastIndexOf(delimiter);
    return last < 0 ? null : trimmed.substring(0, last + delimiter.length());
  }

  public static String segment(String path, int n, String delimiter) {
    String[] segments = segments(path, delimiter);
    return n >= 1 && n <= segments.length ? segments[n - 1] : null;
  }

  public static String name(String path, String delimiter) {
    String[] segments = segments(path, delimiter);
    return segments.length == 0 ? null : segments[segments.length - 1];
  }

  private static String[] segments(String path, String delimiter) {
    String trimmed = withoutTrailing(path, delimiter);
    if (trimmed.isEmpty()) {
      return new String[0];
    }
    return trimmed.split(java.util.regex.Pattern.quote(delimiter), -1);
  }

  private static String withoutTrailing(String path, String delimiter) {
    return path.endsWith(delimiter) ? path.substring(0, path.length() - delimiter.length()) : path;
  }
}
