/**
 * Turning a plan into operators, once per statement: {@link dev.keycond.planner.compile.OperatorCompiler}
 * makes keycond's reads and writes of its own nodes, and operators of {@code exec.relational} of
 * what Calcite left above them; anything it cannot evaluate is refused with 0A000 by name.
 */
package dev.keycond.planner.compile;
