package dev.keycond.planner.rel;

import dev.keycond.planner.write.WritePlan;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A write to one DynamoDB table: the rows its input yields are inserted, upserted or merged, or,
 * for UPDATE and DELETE, its input is the read that finds the rows to change. Its one output row
 * is the count of rows written.
 */
public final class DynamoWrite extends SingleRel implements KeycondRel {
  private final WritePlan write;

  public DynamoWrite(RelOptCluster cluster, RelTraitSet traits, RelNode input, WritePlan write) {
    super(cluster, traits, input);
    this.write = write;
  }

  public WritePlan write() {
    return write;
  }

  @Override
  public <R> R accept(KeycondRelVisitor<R> visitor) {
    return visitor.write(this);
  }

  @Override
  protected RelDataType deriveRowType() {
    return getCluster().getTypeFactory().builder()
        .add("ROWCOUNT", org.apache.calcite.sql.type.SqlTypeName.BIGINT).build();
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new DynamoWrite(getCluster(), traitSet, sole(inputs), write);
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw).item("write", write);
  }
}
