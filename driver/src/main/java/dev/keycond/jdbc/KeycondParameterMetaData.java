package dev.keycond.jdbc;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.ParameterType;
import java.sql.ParameterMetaData;
import java.sql.SQLException;

/** The types the validator inferred for a statement's {@code ?} markers. */
final class KeycondParameterMetaData implements ParameterMetaData {
  private final ImmutableList<ParameterType> parameters;

  KeycondParameterMetaData(ImmutableList<ParameterType> parameters) {
    this.parameters = parameters;
  }

  private ParameterType parameter(int index) throws SQLException {
    if (index < 1 || index > parameters.size()) {
      throw new SQLException("Parameter index " + index + " is out of range 1.." + parameters.size(), "07009");
    }
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
    return parameter(param).precision();
  }

  @Override
  public int getScale(int param) throws SQLException {
    return parameter(param).scale();
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

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    return Jdbc.unwrap(this, iface);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
