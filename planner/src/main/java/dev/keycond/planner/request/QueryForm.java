package dev.keycond.planner.request;

/**
 * What decides a read's Query apart from its values: which of the read's key conditions it reads,
 * the form its sort condition takes with the values, and whether it carries a Limit. The builder
 * gives two Queries of one form the same expressions, placeholders and settings.
 *
 * @param key the index of the key condition among the read's
 * @param sort the form of its sort condition; {@link SortBound.Form#EVERY_ITEM} also for a key without one
 * @param limited whether the Query carries a Limit
 */
record QueryForm(int key, SortBound.Form sort, boolean limited) {
  private static final int PER_KEY = SortBound.Form.values().length * 2;

  /** How many forms the Queries of a read with {@code keys} key conditions take. */
  static int slots(int keys) {
    return keys * PER_KEY;
  }

  /** This form's place among {@link #slots}, one for each form. */
  int slot() {
    return key * PER_KEY + sort.ordinal() * 2 + (limited ? 1 : 0);
  }
}
