package dev.keycond.planner.rel;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.AbstractRelNode;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.type.RelDataType;

/**
 * The rows of one of the two tables of a {@link CollectionRead}. The two parts of a join share the
 * collection read, which runs once per execution.
 */
public final class CollectionPart extends AbstractRelNode {
  private final CollectionRead collection;
  private final boolean rightSide;
  private final RelDataType outputType;

  public CollectionPart(RelOptCluster cluster, RelTraitSet traits, CollectionRead collection, boolean rightSide,
      RelDataType outputType) {
    super(cluster, traits);
    this.collection = collection;
    this.rightSide = rightSide;
    this.outputType = outputType;
  }

  public CollectionRead collection() {
    return collection;
  }

  public boolean isRightSide() {
    return rightSide;
  }

  public ReadPlan plan() {
    return collection.side(rightSide);
  }

  @Override
  protected RelDataType deriveRowType() {
    return outputType;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new CollectionPart(getCluster(), traitSet, collection, rightSide, outputType);
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw)
        .item("table", plan().table().name())
        .item("collection", collection.left().table().name() + "+" + collection.right().table().name())
        .item("partition", collection.shared().keys())
        .item("conditions", plan().conditions())
        .item("projection", plan().projection());
  }
}
