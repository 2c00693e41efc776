package dev.keycond.planner.schema;

import java.util.List;
import java.util.Properties;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.validate.SqlNameMatchers;

/**
 * How Calcite's validator finds a connection's tables: by case-sensitive names, in the root schema
 * first and then in {@link KeycondSchema#NAME}.
 *
 * <p>The root comes first because the validator looks up an UPDATE's or DELETE's target, and any
 * qualified name, as {@code dynamodb.files}: tried in the default schema first, that is a table
 * named {@code dynamodb} inside it, which only listing the account's raw tables could rule out.
 * From the root, the qualified name resolves at once, and a bare name costs two lookups in a schema
 * that holds no tables, both without a request.
 */
public final class KeycondCatalogReader extends CalciteCatalogReader {
  private KeycondCatalogReader(CalciteSchema root, RelDataTypeFactory typeFactory, Properties properties) {
    super(root, SqlNameMatchers.withCaseSensitive(true), List.of(List.of(), List.of(KeycondSchema.NAME)),
        typeFactory, new CalciteConnectionConfigImpl(properties));
  }

  /** A catalog whose only schema is {@code schema}, under its name. */
  public static KeycondCatalogReader of(KeycondSchema schema, RelDataTypeFactory typeFactory) {
    CalciteSchema root = CalciteSchema.createRootSchema(false, false);
    root.add(KeycondSchema.NAME, schema);
    Properties properties = new Properties();
    properties.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
    return new KeycondCatalogReader(root, typeFactory, properties);
  }
}
