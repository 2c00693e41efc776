package dev.keycond.jdbc;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.ParameterType;
import java.sql.ParameterMetaData;
import java.sql.SQLException;

/** The types the validator inferred for a statement's {@code ?} markers. */
final class KeycondParameterMetaData extends AbstractWrapper implements ParameterMetaData {
  private final ImmutableList<ParameterType> parameters;

  KeycondParameterMetaData(ImmutableList<ParameterType> parameters) {
    this.parameters = parameters;
  }

  private ParameterType parameter(int index) throws SQLException {
    Jdbc.checkIndex("Parameter", index, parameters.size());
    return parameters.get(index - 1);
  }

  @Override
  public int getParameterCount() {
    return parameters.size();
  }

  @Override
  public int isNullable(int param) throws SQLException {
    parameter(param);
    return parameterNullable;
  }

  @Override
  public boolean isSigned(int param) throws SQLException {
    return JdbcTypes.isSigned(parameter(param).type());
  }

  @Override
  public int getPrecision(int param) throws SQLException {
    ParameterType p = parameter(param);
    return JdbcTypes.zeroIfNone(JdbcTypes.columnSize(p.type(), p.precision()));
  }

  @Override
  public int getScale(int param) throws SQLException {
    ParameterType p = parameter(param);
    return JdbcTypes.zeroIfNone(JdbcTypes.decimalDigits(p.type(), p.precision(), p.scale()));
  }

  @Override
  public int getParameterType(int param) throws SQLException {
    return JdbcTypes.code(parameter(param).type());
  }

  @Override
  public String getParameterTypeName(int param) throws SQLException {
    return JdbcTypes.name(parameter(param).type());
  }

  @Override
  public String getParameterClassName(int param) throws SQLException {
    return JdbcTypes.className(parameter(param).type());
  }

  @Override
  public int getParameterMode(int param) throws SQLException {
    parameter(param);
    return parameterModeIn;
  }
}
