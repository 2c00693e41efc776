package dev.keycond.planner.error;

import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLTransientException;
import java.sql.SQLWarning;

/**
 * The SQLStates keycond reports. Each state also decides which {@link SQLException} subclass a
 * JDBC caller receives, so that tools which branch on the exception type (retry on transient,
 * re-connect on connection errors) behave correctly.
 */
public enum SqlState {
  /** The statement text does not parse, or names something that does not exist. */
  SYNTAX_ERROR("42000"),
  UNKNOWN_TABLE("42S02"),
  UNKNOWN_COLUMN("42S22"),
  /** The only plan for the statement is a full-table Scan and the {@code scan} property forbids it. */
  SCAN_REFUSED("42Z01"),
  /** The statement needs more key reads than {@code maxFanOut} permits. */
  FAN_OUT_EXCEEDED("42Z02"),
  /** The mapping file is malformed or does not fit the DynamoDB tables. */
  INVALID_MAPPING("42Z10"),
  /** DynamoDB rejected a request as malformed. */
  INVALID_REQUEST("42Z20"),

  DATA_EXCEPTION("22000"),
  DIVISION_BY_ZERO("22012"),
  NUMERIC_OUT_OF_RANGE("22003"),
  INVALID_DATETIME("22007"),
  /** Date arithmetic whose result falls outside the years 1 to 9999 of a SQL date. */
  DATETIME_FIELD_OVERFLOW("22008"),
  INVALID_CHARACTER_VALUE("22018"),
  /** The ESCAPE clause of LIKE is not a single character. */
  INVALID_ESCAPE_CHARACTER("22019"),
  /** A LIKE pattern's escape character is last, or precedes something other than %, _ or itself. */
  INVALID_ESCAPE_SEQUENCE("22025"),
  /** A connection property, statement parameter or function argument has a value keycond cannot use. */
  INVALID_PARAMETER_VALUE("22023"),
  /** A string is not valid Unicode (a lone surrogate), so it has no UTF-8 form DynamoDB could store or match. */
  CHARACTER_NOT_IN_REPERTOIRE("22021"),
  /** A key value is longer than DynamoDB allows for its key attribute. */
  STRING_TOO_LONG("22001"),
  /** A key column value cannot be encoded into its key template (it contains a template literal). */
  KEY_VALUE_NOT_REPRESENTABLE("22Z01"),
  /** A write would store an empty string or binary value in a key attribute of the table or an index. */
  EMPTY_KEY_VALUE("22Z02"),
  /** The logarithm of zero or of a negative number. */
  INVALID_ARGUMENT_FOR_LOGARITHM("2201E"),
  /** An array slice reaches past the array's elements. */
  ARRAY_SUBSCRIPT_ERROR("2202E"),

  /** A scalar subquery returned more than one row. */
  CARDINALITY_VIOLATION("21000"),
  /** A row gives no value for a column of the table's key. */
  NOT_NULL_VIOLATION("23502"),
  UNIQUE_VIOLATION("23505"),
  /** A written row breaks an invariant of the mapping: a hierarchy's parent that is not its path's. */
  CHECK_VIOLATION("23514"),

  /** A statement ran with a {@code ?} marker that has no value. */
  PARAMETER_NOT_SET("07001"),
  /** {@code executeUpdate} was given a query, which returns rows rather than an update count. */
  DYNAMIC_SQL_ERROR("07000"),
  /** A column or parameter index is outside 1 to the number of columns or parameters. */
  INVALID_DESCRIPTOR_INDEX("07009"),

  CONNECTION_FAILED("08001"),
  CONNECTION_LOST("08006"),
  INVALID_AUTHORIZATION("28000"),
  THROTTLED("53000"),
  /** DynamoDB failed the request on its side (HTTP 5xx) on every attempt the SDK made. */
  SERVICE_FAILED("58000"),
  /** The statement nests too deeply to be planned. */
  STATEMENT_TOO_COMPLEX("54001"),
  /** A transaction would pass DynamoDB's limits on one TransactWriteItems (100 actions, 4 MB). */
  TRANSACTION_LIMIT("54000"),
  /** DynamoDB cancelled a transaction: an item it read or wrote was changed by another writer. */
  SERIALIZATION_FAILURE("40001"),
  /** Commit or rollback without a transaction (auto-commit on). */
  INVALID_TRANSACTION_STATE("25000"),
  /** A write on a connection set read-only ({@code Connection.setReadOnly(true)}). */
  READ_ONLY_TRANSACTION("25006"),
  /** A savepoint that is not the transaction's. */
  INVALID_SAVEPOINT("3B001"),
  FEATURE_NOT_SUPPORTED("0A000"),
  QUERY_CANCELED("57014"),
  TIMEOUT("HYT00"),
  /** A row was read before {@code next()} was called, or after it returned false. */
  INVALID_CURSOR_STATE("24000"),
  OBJECT_CLOSED("HY010"),
  /** A JDBC setting (a timeout, maxRows, the fetch size) was given a value it cannot take. */
  INVALID_ATTRIBUTE_VALUE("HY024"),
  /** A JDBC method was called in a way its interface allows but keycond's class does not. */
  GENERAL_ERROR("HY000"),
  INTERNAL_ERROR("XX000"),

  /** A warning: a Scan the {@code scan} property permits, items read and discarded, what a read cost. */
  WARNING("01000"),
  /** A warning: a JDBC option was replaced by the nearest one keycond has (ODBC's "option value changed"). */
  OPTION_VALUE_CHANGED("01S02");

  private final String code;

  SqlState(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }

  /**
   * Whether a request that failed with this state may still have been applied: its answer did not
   * come (the time ran out, the statement was cancelled, the connection was lost), so a write may
   * have reached DynamoDB or not, and no message may say either.
   */
  public boolean leavesOutcomeUnknown() {
    return this == TIMEOUT || this == QUERY_CANCELED || this == CONNECTION_LOST;
  }

  /** Builds a warning with this state, which should be of class {@code 01}. */
  public SQLWarning toWarning(String message) {
    return new SQLWarning(message, code);
  }

  /** Builds the JDBC exception whose type matches this state's class. */
  public SQLException toException(String message, Throwable cause) {
    String cls = code.substring(0, 2);
    SQLException e;
    if (this == THROTTLED || this == SERVICE_FAILED) {
      e = new SQLTransientException(message, code, cause);
    } else if (this == TIMEOUT) {
      e = new SQLTimeoutException(message, code, cause);
    } else if (this == CONNECTION_LOST) {
      e = new SQLTransientConnectionException(message, code, cause);
    } else {
      switch (cls) {
        case "42":
          e = new SQLSyntaxErrorException(message, code, cause);
          break;
        case "22":
          e = new SQLDataException(message, code, cause);
          break;
        case "23":
          e = new SQLIntegrityConstraintViolationException(message, code, cause);
          break;
        case "08":
          e = new SQLNonTransientConnectionException(message, code, cause);
          break;
        case "28":
          e = new SQLInvalidAuthorizationSpecException(message, code, cause);
          break;
        case "40":
          e = new java.sql.SQLTransactionRollbackException(message, code, cause);
          break;
        case "0A":
          e = new SQLFeatureNotSupportedException(message, code, cause);
          break;
        default:
          e = new SQLException(message, code, cause);
      }
    }
    return e;
  }
}
