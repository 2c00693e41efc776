package dev.keycond.planner.compile;

import dev.keycond.planner.exec.ExecutionContext;
import dev.keycond.planner.exec.Operator;
import dev.keycond.planner.exec.Paging;
import dev.keycond.planner.exec.RowCursor;
import dev.keycond.planner.exec.StoredValues;
import dev.keycond.planner.exec.read.CollectionPartOperator;
import dev.keycond.planner.exec.read.LookupJoinOperator;
import dev.keycond.planner.exec.read.ReadOperator;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.relational.AggregateOperator;
import dev.keycond.planner.exec.relational.CorrelateOperator;
import dev.keycond.planner.exec.relational.FilterOperator;
import dev.keycond.planner.exec.relational.IntersectOperator;
import dev.keycond.planner.exec.relational.JoinOperator;
import dev.keycond.planner.exec.relational.MinusOperator;
import dev.keycond.planner.exec.relational.ProjectOperator;
import dev.keycond.planner.exec.relational.SortOperator;
import dev.keycond.planner.exec.relational.UnionOperator;
import dev.keycond.planner.exec.relational.ValuesOperator;
import dev.keycond.planner.rel.CollectionPart;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.DynamoWrite;
import dev.keycond.planner.rel.KeycondRel;
import dev.keycond.planner.exec.write.ChangeOperator;
import dev.keycond.planner.exec.write.InsertOperator;
import dev.keycond.planner.exec.write.MergeOperator;
import dev.keycond.planner.exec.write.WriteOperator;
import dev.keycond.planner.write.WritePlan;
import dev.keycond.planner.rel.KeycondRelVisitor;
import dev.keycond.planner.rel.LookupJoin;
import java.time.DateTimeException;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Match;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RepeatUnion;
import org.apache.calcite.rel.core.Sample;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.Spool;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Uncollect;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexUtil;

/**
 * Turns a planned statement into the operators that execute it: {@link DynamoRead} leaves become
 * reads, and what the planner left above them is evaluated by keycond's own operators, lazily and
 * in DynamoDB's order.
 */
public final class OperatorCompiler {
  private OperatorCompiler() {}

  /**
   * Compiles a plan once, for every execution of its statement.
   *
   * @throws KeycondException 0A000 naming the first construct keycond does not evaluate
   */
  public static Operator compile(RelNode plan) {
    return new Guarded(build(plan, true, limits(plan) ? Paging.ON_DEMAND : Paging.ONE_AHEAD),
        StoredValues.neededBy(plan));
  }

  /**
   * Whether a LIMIT or OFFSET may end a read of the plan before its last page: in a read itself, or
   * above it.
   */
  private static boolean limits(RelNode rel) {
    boolean here = rel instanceof Sort sort && (sort.fetch != null || sort.offset != null)
        || rel instanceof DynamoRead read && (read.plan().fetch().isPresent() || read.plan().offset().isPresent());
    return here || rel.getInputs().stream().anyMatch(OperatorCompiler::limits);
  }

  /**
   * @param rowsOut whether {@code rel}'s rows are the statement's rows, kept or dropped one by one
   * @param paging when the reads send for their next pages
   */
  private static Operator build(RelNode rel, boolean rowsOut, Paging paging) {
    return KeycondRelVisitor.visit(rel, new KeycondRelVisitor<>() {
      @Override
      public Operator read(DynamoRead read) {
        return new ReadOperator(read, rowsOut && !read.plan().count(), paging);
      }

      @Override
      public Operator collectionPart(CollectionPart part) {
        return new CollectionPartOperator(part);
      }

      @Override
      public Operator lookupJoin(LookupJoin lookup) {
        return new LookupJoinOperator(lookup, build(lookup.getInput(), false, paging));
      }

      @Override
      public Operator write(DynamoWrite write) {
        throw new IllegalStateException("a write is the root of its statement, never a row source");
      }

      @Override
      public Operator calcite(RelNode node) {
        return relational(node, rowsOut, paging);
      }
    });
  }

  /**
   * Compiles the plan of a write statement once, for every execution of it.
   *
   * @throws KeycondException 0A000 naming the first construct keycond does not evaluate in its rows
   */
  public static WriteOperator compileWrite(DynamoWrite write) {
    WritePlan plan = write.write();
    if (plan instanceof WritePlan.InsertRows insert) {
      return new InsertOperator(insert, new Guarded(insertedRows(write.getInput()),
          StoredValues.neededBy(write.getInput())), !readsDynamo(write.getInput()));
    }
    if (plan instanceof WritePlan.ChangeRows change) {
      return new ChangeOperator(change, (DynamoRead) write.getInput());
    }
    return new MergeOperator((WritePlan.MergeRows) plan,
        new Guarded(build(write.getInput(), false, Paging.ON_DEMAND), StoredValues.neededBy(write.getInput())),
        write.getCluster().getRexBuilder());
  }

  /**
   * An INSERT's rows: its source, under the projection onto the table's columns that Calcite puts
   * on it, whose values are written into the columns ({@link ProjectOperator#assigning}).
   */
  private static Operator insertedRows(RelNode input) {
    if (input instanceof Project project) {
      return ProjectOperator.assigning(project, build(project.getInput(), false, Paging.ON_DEMAND));
    }
    return build(input, false, Paging.ON_DEMAND);
  }

  /** Whether a plan reads DynamoDB at all; rows that come without are all known before the first is written. */
  private static boolean readsDynamo(RelNode rel) {
    return rel instanceof KeycondRel || rel.getInputs().stream().anyMatch(OperatorCompiler::readsDynamo);
  }

  /** An operator of keycond's own for one of Calcite's relational nodes above the reads. */
  private static Operator relational(RelNode rel, boolean rowsOut, Paging paging) {
    if (rel instanceof Values values) {
      return ValuesOperator.of(values);
    }
    boolean inputRowsOut = rowsOut && passesRowsOn(rel);
    List<Operator> inputs = rel.getInputs().stream().map(input -> build(input, inputRowsOut, paging)).toList();
    if (rel instanceof Filter filter) {
      return FilterOperator.of(filter, inputs.get(0));
    }
    if (rel instanceof Project project) {
      return ProjectOperator.of(project, inputs.get(0));
    }
    if (rel instanceof Sort sort) {
      return SortOperator.of(sort, inputs.get(0));
    }
    if (rel instanceof Aggregate aggregate) {
      return AggregateOperator.of(aggregate, inputs.get(0));
    }
    if (rel instanceof Join join) {
      return JoinOperator.of(join, inputs.get(0), inputs.get(1));
    }
    if (rel instanceof Correlate correlate) {
      return CorrelateOperator.of(correlate, inputs.get(0), inputs.get(1), tableReadPerRow(correlate.getRight()));
    }
    if (rel instanceof Union union) {
      return UnionOperator.of(union, inputs);
    }
    if (rel instanceof Intersect intersect) {
      return IntersectOperator.of(intersect, inputs);
    }
    if (rel instanceof Minus minus) {
      return MinusOperator.of(minus, inputs);
    }
    throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "keycond does not evaluate " + describe(rel) + " yet");
  }

  /**
   * Whether {@code rel} passes on its input's rows one by one, so that a LIMIT above it stops the
   * read below: a filter, a projection, or a LIMIT without ORDER BY; not a sort, a group or a join.
   */
  private static boolean passesRowsOn(RelNode rel) {
    return rel instanceof Filter || rel instanceof Project
        || rel instanceof Sort sort && sort.getCollation().getFieldCollations().isEmpty();
  }

  /** The table the correlated side of a subquery reads by key for each outer row, if it reads one. */
  private static Optional<String> tableReadPerRow(RelNode rel) {
    if (rel instanceof DynamoRead read && read.plan().conditions().stream().anyMatch(RexUtil::containsCorrelation)) {
      return Optional.of(read.plan().table().name());
    }
    return rel.getInputs().stream().map(OperatorCompiler::tableReadPerRow).flatMap(Optional::stream).findFirst();
  }

  /** What a user wrote to get {@code rel}, as far as it can be told. */
  private static String describe(RelNode rel) {
    if (rel instanceof Window) {
      return "window functions (OVER)";
    }
    if (rel instanceof TableModify) {
      return "INSERT, UPDATE, DELETE or MERGE";
    }
    if (rel instanceof Uncollect) {
      return "UNNEST";
    }
    if (rel instanceof RepeatUnion || rel instanceof Spool) {
      return "recursive queries (WITH RECURSIVE) that do not become one read of a hierarchy";
    }
    if (rel instanceof TableFunctionScan) {
      return "table functions";
    }
    if (rel instanceof Match) {
      return "MATCH_RECOGNIZE";
    }
    if (rel instanceof Sample) {
      return "TABLESAMPLE";
    }
    if (rel instanceof TableScan scan) {
      return "reads of " + String.join(".", scan.getTable().getQualifiedName()) + " other than DynamoDB reads";
    }
    return "the relational operator " + rel.getRelTypeName();
  }

  /**
   * The root of a compiled plan. Operators raise {@link KeycondException}s; anything else that
   * escapes one is a keycond bug, and reaches the caller as an internal error with a SQLState
   * rather than as a bare runtime exception.
   */
  private static final class Guarded implements Operator {
    private final Operator plan;
    private final boolean keepsStoredValues;

    Guarded(Operator plan, boolean keepsStoredValues) {
      this.plan = plan;
      this.keepsStoredValues = keepsStoredValues;
    }

    @Override
    public RowCursor open(ExecutionContext context) {
      if (keepsStoredValues) {
        context.keepStoredValues();
      }
      RowCursor rows = guard(() -> plan.open(context));
      return new RowCursor() {
        @Override
        public boolean next() {
          // Called once per row: a plain try, not a Supplier and a boxed Boolean per row as guard() makes.
          try {
            return rows.next();
          } catch (RuntimeException e) {
            throw translated(e);
          }
        }

        @Override
        public Object[] row() {
          return rows.row();
        }

        @Override
        public void close() {
          guard(() -> {
            rows.close();
            return null;
          });
        }
      };
    }

    private static <T> T guard(Supplier<T> step) {
      try {
        return step.get();
      } catch (RuntimeException e) {
        throw translated(e);
      }
    }

    private static KeycondException translated(RuntimeException e) {
      if (e instanceof KeycondException keycond) {
        return keycond;
      }
      if (e instanceof DateTimeException) {
        return new KeycondException(SqlState.DATA_EXCEPTION, "Date or time out of range: " + e.getMessage(), e);
      }
      return new KeycondException(SqlState.INTERNAL_ERROR, "keycond failed to execute the statement: " + e, e);
    }
  }
}
