package dev.keycond.planner.rel;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.AbstractRelNode;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.type.RelDataType;

/**
 * The rows of one of the tables of a {@link CollectionRead}. The parts of a join share the
 * collection read, which runs once per execution.
 */
public final class CollectionPart extends AbstractRelNode implements KeycondRel {
  private final CollectionRead collection;
  private final int index;
  private final RelDataType outputType;

  /** @param index the position of this part's table in the collection's parts */
  public CollectionPart(RelOptCluster cluster, RelTraitSet traits, CollectionRead collection, int index,
      RelDataType outputType) {
    super(cluster, traits);
    this.collection = collection;
    this.index = index;
    this.outputType = outputType;
  }

  public CollectionRead collection() {
    return collection;
  }

  public int index() {
    return index;
  }

  /** Whether this part shows the collection's requests: the first one, which the plan meets first. */
  public boolean isFirst() {
    return index == 0;
  }

  public ReadPlan plan() {
    return collection.part(index);
  }

  /** This part in {@code widened}, a collection with more tables, where its plan now sits at {@code newIndex}. */
  public CollectionPart in(CollectionRead widened, int newIndex) {
    return new CollectionPart(getCluster(), getTraitSet(), widened, newIndex, outputType);
  }

  @Override
  public <R> R accept(KeycondRelVisitor<R> visitor) {
    return visitor.collectionPart(this);
  }

  @Override
  protected RelDataType deriveRowType() {
    return outputType;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new CollectionPart(getCluster(), traitSet, collection, index, outputType);
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    // The index and every part of the collection are in the digest: the planner merges nodes with
    // equal digests, and parts of different collections, or two parts of one, must stay apart.
    return super.explainTerms(pw)
        .item("table", plan().table().name())
        .item("part", index)
        .item("collection", collection.parts().stream()
            .map(p -> p.table().name() + p.conditions() + p.projection()).toList())
        .item("partition", collection.shared().keys())
        .item("conditions", plan().conditions())
        .item("projection", plan().projection());
  }
}
