package dev.keycond.hibernate;

import jakarta.persistence.TemporalType;
import org.hibernate.boot.model.FunctionContributions;
import org.hibernate.dialect.DatabaseVersion;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.SimpleDatabaseVersion;
import org.hibernate.dialect.function.CommonFunctionFactory;
import org.hibernate.dialect.lock.internal.NoLockingSupport;
import org.hibernate.dialect.lock.spi.LockingSupport;
import org.hibernate.dialect.pagination.LimitHandler;
import org.hibernate.dialect.pagination.LimitOffsetLimitHandler;
import org.hibernate.engine.jdbc.dialect.spi.DialectResolutionInfo;
import org.hibernate.exception.spi.SQLExceptionConversionDelegate;
import org.hibernate.query.common.TemporalUnit;
import org.hibernate.query.sqm.IntervalType;

/**
 * What keycond's SQL is, told to Hibernate ORM: ids are assigned by the application (DynamoDB has
 * no sequences and no identity columns, and Hibernate's defaults say so), a native query's page is
 * {@code LIMIT ? OFFSET ?}, date arithmetic is {@code TIMESTAMPADD} and {@code TIMESTAMPDIFF} in
 * milliseconds, no row is locked (a transaction's writes are checked at commit
 * instead, see {@link KeycondSqlStates}), and keycond's SQLStates become Hibernate's exceptions.
 * A versioned entity's stale write is a 0-row update that Hibernate turns into an
 * OptimisticLockException by its own row-count check.
 */
public class KeycondDialect extends Dialect {
  /** For {@code hibernate.dialect=dev.keycond.hibernate.KeycondDialect}. */
  public KeycondDialect() {
    super(SimpleDatabaseVersion.ZERO_VERSION);
  }

  /** For {@link KeycondDialectResolver}, with the driver's version. */
  public KeycondDialect(DialectResolutionInfo info) {
    super(info);
  }

  @Override
  protected DatabaseVersion getMinimumSupportedVersion() {
    return SimpleDatabaseVersion.ZERO_VERSION;
  }

  /**
   * JPQL's string functions in the SQL keycond reads: {@code concat} (and {@code ||}) as SQL's
   * {@code ||} operator, {@code locate} and {@code position} as {@code POSITION(... IN ...)}; the
   * base dialect's {@code concat(...)} and {@code locate(...)} are functions keycond does not have.
   */
  @Override
  public void initializeFunctionRegistry(FunctionContributions functionContributions) {
    super.initializeFunctionRegistry(functionContributions);
    CommonFunctionFactory functions = new CommonFunctionFactory(functionContributions);
    functions.concat_pipeOperator();
    functions.position();
    functions.locate_positionSubstring();
  }

  /**
   * HQL's {@code timestampadd} and date arithmetic ({@code f.modified + 1 day}) as keycond's
   * {@code TIMESTAMPADD}; its count is cast, since SQL cannot tell a bound parameter's type there. A
   * magnitude that already is an interval is added as one.
   */
  @Override
  @SuppressWarnings({"deprecation", "removal"}) // Hibernate's own signature: its base dialect has no other
  public String timestampaddPattern(TemporalUnit unit, TemporalType temporalType, IntervalType intervalType) {
    return intervalType != null ? "(?3+?2)" : "timestampadd(?1,cast(?2 as bigint),?3)";
  }

  /** HQL's {@code timestampdiff}, and the difference of two date-times ({@code f.modified - :t}). */
  @Override
  @SuppressWarnings("deprecation") // Hibernate's own signature, as timestampaddPattern's
  public String timestampdiffPattern(TemporalUnit unit, TemporalType fromTemporalType, TemporalType toTemporalType) {
    return "timestampdiff(?1,?2,?3)";
  }

  /** keycond's intervals count milliseconds: a {@code Duration} in date arithmetic is counted so. */
  @Override
  public long getFractionalSecondPrecisionInNanos() {
    return 1_000_000;
  }

  @Override
  public String translateDurationField(TemporalUnit unit) {
    return unit == TemporalUnit.NATIVE ? "millisecond" : super.translateDurationField(unit);
  }

  @Override
  public LimitHandler getLimitHandler() {
    return LimitOffsetLimitHandler.INSTANCE;
  }

  /** DynamoDB locks nothing: keycond refuses {@code FOR UPDATE}, so Hibernate must not send it. */
  @Override
  public LockingSupport getLockingSupport() {
    return NoLockingSupport.NO_LOCKING_SUPPORT;
  }

  @Override
  public String getForUpdateString() {
    return "";
  }

  @Override
  public SQLExceptionConversionDelegate buildSQLExceptionConversionDelegate() {
    return KeycondSqlStates::convert;
  }
}
