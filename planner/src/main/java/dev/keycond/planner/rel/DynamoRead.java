package dev.keycond.planner.rel;

import dev.keycond.planner.table.EntityTable;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;

/**
 * A read of one SQL table from DynamoDB, carrying its {@link ReadPlan}. Planning rules grow the plan
 * by absorbing the filters, projections, sorts, limits and counts above this node.
 */
public final class DynamoRead extends TableScan implements KeycondRel {
  private final EntityTable entity;
  private final ReadPlan plan;
  private final RelDataType outputType;

  private DynamoRead(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, EntityTable entity, ReadPlan plan,
      RelDataType outputType) {
    super(cluster, traits, List.of(), table);
    this.entity = entity;
    this.plan = plan;
    this.outputType = outputType;
  }

  public static DynamoRead create(RelOptCluster cluster, RelOptTable table, EntityTable entity) {
    return new DynamoRead(cluster, cluster.traitSet(), table, entity, ReadPlan.of(entity), table.getRowType());
  }

  public EntityTable entity() {
    return entity;
  }

  public ReadPlan plan() {
    return plan;
  }

  /** The same read with a new plan, whose output row type is {@code newType}. */
  public DynamoRead withPlan(ReadPlan newPlan, RelDataType newType) {
    return new DynamoRead(getCluster(), getTraitSet(), getTable(), entity, newPlan, newType);
  }

  /** The same read with a new plan that outputs the table columns in its projection. */
  public DynamoRead withPlan(ReadPlan newPlan) {
    RelDataTypeFactory.Builder builder = getCluster().getTypeFactory().builder();
    List<RelDataTypeField> fields = getTable().getRowType().getFieldList();
    for (int column : newPlan.projection()) {
      builder.add(fields.get(column));
    }
    return withPlan(newPlan, builder.uniquify().build());
  }

  @Override
  public <R> R accept(KeycondRelVisitor<R> visitor) {
    return visitor.read(this);
  }

  @Override
  public RelDataType deriveRowType() {
    return outputType;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new DynamoRead(getCluster(), traitSet, getTable(), entity, plan, outputType);
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    // Every part of the plan is in the digest, or the planner would take two different reads for one.
    return super.explainTerms(pw)
        .item("conditions", plan.conditions())
        .item("projection", plan.projection())
        .itemIf("order", plan.order().orElse(null), plan.order().isPresent())
        .itemIf("offset", plan.offset().orElse(null), plan.offset().isPresent())
        .itemIf("fetch", plan.fetch().orElse(null), plan.fetch().isPresent())
        .itemIf("count", true, plan.count())
        .item("access", plan.access())
        .itemIf("walk", plan.walk().orElse(null), plan.walk().isPresent())
        .item("type", outputType.getFullTypeString());
  }
}
