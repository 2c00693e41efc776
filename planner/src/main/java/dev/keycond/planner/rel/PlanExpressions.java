package dev.keycond.planner.rel;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexNode;

/**
 * The expressions of a plan, one list per node: a read's conditions (a hierarchy walk's root and
 * step conditions among them), a lookup's inner conditions and its join condition, a filter's, a
 * join's and a projection's. Every walker that looks for something in a plan's expressions uses
 * this one, so that a node kind, or an expression a node holds, cannot be missed by one of them.
 */
public final class PlanExpressions {
  private PlanExpressions() {}

  public static List<List<RexNode>> byNode(RelNode plan) {
    List<List<RexNode>> groups = new ArrayList<>();
    collect(plan, groups);
    return groups;
  }

  private static void collect(RelNode node, List<List<RexNode>> groups) {
    KeycondRelVisitor.visit(node, new KeycondRelVisitor<Void>() {
      @Override
      public Void read(DynamoRead read) {
        groups.add(conditions(read.plan()));
        return null;
      }

      @Override
      public Void collectionPart(CollectionPart part) {
        groups.add(conditions(part.plan()));
        return null;
      }

      @Override
      public Void lookupJoin(LookupJoin lookup) {
        groups.add(conditions(lookup.inner().plan()));
        groups.add(List.of(lookup.join().getCondition()));
        return inputs(lookup);
      }

      @Override
      public Void write(DynamoWrite write) {
        return inputs(write);
      }

      @Override
      public Void calcite(RelNode other) {
        if (other instanceof Filter filter) {
          groups.add(List.of(filter.getCondition()));
        } else if (other instanceof Join join) {
          groups.add(List.of(join.getCondition()));
        } else if (other instanceof Project project) {
          groups.add(project.getProjects());
        }
        return inputs(other);
      }

      private Void inputs(RelNode parent) {
        parent.getInputs().forEach(input -> collect(input, groups));
        return null;
      }
    });
  }

  private static List<RexNode> conditions(ReadPlan plan) {
    List<RexNode> conditions = new ArrayList<>(plan.conditions());
    plan.walk().ifPresent(walk -> {
      conditions.addAll(walk.rootConditions());
      conditions.addAll(walk.stepConditions());
    });
    return conditions;
  }
}
