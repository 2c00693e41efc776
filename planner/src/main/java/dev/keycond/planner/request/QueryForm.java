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
record QueryForm(int key, SortBound.Form sort, boolean limited) {}
