package dev.keycond.planner.schema;

import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.table.EntityTable;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;

/** An {@link EntityTable} as Calcite's catalog sees it: a row type, read by a {@link DynamoRead}. */
public final class EntitySqlTable extends AbstractTable implements TranslatableTable {
  private final EntityTable entity;

  EntitySqlTable(EntityTable entity) {
    this.entity = entity;
  }

  public EntityTable entity() {
    return entity;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    return SqlTypes.rowType(typeFactory, entity);
  }

  @Override
  public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
    return DynamoRead.create(context.getCluster(), relOptTable, entity);
  }

  @Override
  public String toString() {
    return entity.toString();
  }
}
