package dev.keycond.planner.request;

import com.google.common.collect.ImmutableList;

/**
 * The sort key part of a KeyConditionExpression once its values are bound: which form the
 * condition takes with them, and the values it compares with, in the order the expression uses
 * them. Keys are never empty strings, so an empty bound lets every item through or none, and the
 * form says which; two bindings of the same form give the same expression but for the values.
 */
record SortBound(Form form, ImmutableList<RequestValue> values) {

  enum Form {
    /** Every item of the partition meets it (a prefix or lower bound that is empty): no sort condition is sent. */
    EVERY_ITEM(0),
    /** {@code begins_with(#sk, :low)}. */
    BEGINS_WITH(1),
    /** {@code #sk <op> :low}, the condition's own comparison. */
    COMPARE(1),
    /** {@code #sk <= :high}: a range whose low end is empty. */
    AT_MOST(1),
    /** {@code #sk BETWEEN :low AND :high}. */
    BETWEEN(2);

    private final int values;

    Form(int values) {
      this.values = values;
    }
  }

  SortBound {
    if (values.size() != form.values) {
      throw new IllegalArgumentException(form + " compares with " + form.values + " values, not " + values.size());
    }
  }
}
