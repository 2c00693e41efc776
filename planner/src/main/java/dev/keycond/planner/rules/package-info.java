/**
 * The Hep rules that grow reads: filters, projections, sorts, limits and counts pushed into a
 * read, joins answered by one item collection or by key lookups, and recursive walks of a
 * hierarchy turned into key reads.
 */
package dev.keycond.planner.rules;
