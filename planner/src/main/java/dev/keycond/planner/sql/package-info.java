/**
 * The SQL front end as keycond sets Calcite up: its defaults (UTF-8 before Calcite starts), the
 * validator's type coercion and the converter's convertlets that keep values as written, constant
 * folding left to keycond, metadata handlers without code generation; the checks and rewrites of a
 * parsed statement (string literals with a character set made plain, ESCAPE clauses, NOT IN with NULLs, row values as column equalities,
 * INFORMATION_SCHEMA views as the VALUES of their rows, an UPDATE's or DELETE's EXISTS subqueries taken
 * out to be planned apart, exponent literals written as the exact
 * numbers they spell, statements nested too deep, correlations
 * Calcite cannot plan); the validator, which types a parameter wherever a literal could stand;
 * result column labels; the tables a statement names and the messages, with the nearest names,
 * for names that do not exist; the statement as written, to which a Scan refusal's advice adds the
 * key condition; and how SQL identifiers are quoted.
 */
package dev.keycond.planner.sql;
