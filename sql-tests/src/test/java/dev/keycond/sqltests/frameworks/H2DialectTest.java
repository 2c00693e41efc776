package dev.keycond.sqltests.frameworks;

import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.H2Dialect;

/** H2's dialect, as a team testing on H2 would set it. */
class H2DialectTest extends OtherDialectFlows {
  @Override
  Class<? extends Dialect> dialect() {
    return H2Dialect.class;
  }
}
