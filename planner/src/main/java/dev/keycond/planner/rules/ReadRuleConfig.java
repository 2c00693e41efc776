package dev.keycond.planner.rules;

import java.util.function.Function;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.tools.RelBuilderFactory;

/**
 * The configuration of keycond's planning rules. Calcite generates such classes with an annotation
 * processor; a record does the same job for our handful of rules without one.
 */
record ReadRuleConfig(
    RelRule.OperandTransform operandSupplier,
    String description,
    RelBuilderFactory relBuilderFactory,
    Function<ReadRuleConfig, RelOptRule> factory) implements RelRule.Config {

  static ReadRuleConfig of(String description, RelRule.OperandTransform operands,
      Function<ReadRuleConfig, RelOptRule> factory) {
    return new ReadRuleConfig(operands, description, org.apache.calcite.rel.core.RelFactories.LOGICAL_BUILDER, factory);
  }

  @Override
  public RelOptRule toRule() {
    return factory.apply(this);
  }

  @Override
  public RelRule.Config withRelBuilderFactory(RelBuilderFactory newFactory) {
    return new ReadRuleConfig(operandSupplier, description, newFactory, factory);
  }

  @Override
  public RelRule.Config withDescription(String newDescription) {
    return new ReadRuleConfig(operandSupplier, newDescription, relBuilderFactory, factory);
  }

  @Override
  public RelRule.Config withOperandSupplier(RelRule.OperandTransform transform) {
    return new ReadRuleConfig(transform, description, relBuilderFactory, factory);
  }
}
