package dev.keycond.planner.rel;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A join whose inner table is read by key, once per distinct join key of the outer rows: with
 * BatchGetItem when the join binds the inner table's whole key, otherwise one Query per key, up to
 * {@code maxFanOut} requests.
 *
 * <p>The input is the outer side; {@code inner} is a read whose key conditions refer to outer
 * columns. The rows are then joined by {@code join}'s own condition and type.
 */
public final class LookupJoin extends SingleRel implements KeycondRel {
  private final Join join;
  private final DynamoRead inner;
  private final boolean innerOnRight;

  public LookupJoin(RelOptCluster cluster, RelTraitSet traits, RelNode outer, Join join, DynamoRead inner,
      boolean innerOnRight) {
    super(cluster, traits, outer);
    this.join = join;
    this.inner = inner;
    this.innerOnRight = innerOnRight;
  }

  /** The join whose type and condition this lookup join keeps. */
  public Join join() {
    return join;
  }

  public DynamoRead inner() {
    return inner;
  }

  public boolean innerOnRight() {
    return innerOnRight;
  }

  @Override
  public <R> R accept(KeycondRelVisitor<R> visitor) {
    return visitor.lookupJoin(this);
  }

  @Override
  protected RelDataType deriveRowType() {
    return join.getRowType();
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new LookupJoin(getCluster(), traitSet, sole(inputs), join, inner, innerOnRight);
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw)
        .item("type", join.getJoinType())
        .item("condition", join.getCondition())
        .item("inner", inner.getTable().getQualifiedName())
        .item("innerConditions", inner.plan().conditions())
        .item("innerProjection", inner.plan().projection())
        .item("innerOnRight", innerOnRight);
  }
}
