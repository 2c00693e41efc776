package dev.keycond.planner.exec;

import com.google.common.collect.ImmutableList;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.plan.KeyValueBinder;
import dev.keycond.planner.plan.Operand;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.ReadRequestBuilder;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.rex.RexNode;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Executes a {@link DynamoRead}: sends its requests, follows pages lazily through
 * LastEvaluatedKey as rows are pulled, and turns items into rows: entity check, residual
 * conditions, projection, offset and limit.
 */
public final class ReadOperator implements Operator {
  private final ReadPlan plan;
  private final ItemDecoder decoder;
  private final ImmutableList<Scalar> residual;

  public ReadOperator(DynamoRead read) {
    this.plan = read.plan();
    this.decoder = new ItemDecoder(plan.table(), new ArrayList<>(ReadRequestBuilder.neededColumns(plan)));
    ImmutableList.Builder<Scalar> residual = ImmutableList.builder();
    for (RexNode condition : plan.residual()) {
      residual.add(PENDING_SCALAR_COMPILER(condition));
    }
    this.residual = residual.build();
  }

  private static Scalar PENDING_SCALAR_COMPILER(RexNode condition) {
    throw new UnsupportedOperationException("residual: " + condition);
  }

  @Override
  public RowCursor open(ExecutionContext context) {
    List<ReadRequest> requests =
        new ReadRequestBuilder(plan, context.settings(), Optional.of(context.parameters())).build();
    PageReader pages = new PageReader(context, requests, plan.access().isScan());
    KeyValueBinder binder = new KeyValueBinder(context.parameters());
    long offset = plan.offset().map(o -> count(binder, o)).orElse(0L);
    long fetch = plan.fetch().map(f -> count(binder, f)).orElse(Long.MAX_VALUE);
    if (plan.count()) {
      return new CountCursor(pages, context, offset, fetch);
    }
    return new RowsCursor(pages, context, offset, fetch);
  }

  private static long count(KeyValueBinder binder, Operand operand) {
    Object value = binder.valueOf(operand);
    if (!(value instanceof Number n) || n.longValue() < 0) {
      throw new KeycondException(SqlState.INVALID_PARAMETER_VALUE,
          "LIMIT and OFFSET take a non-negative whole number, not " + value);
    }
    return n.longValue();
  }

  /** The item as an output row, or null when it is not a row (another entity, or the residual says no). */
  private Object[] toRow(Map<String, AttributeValue> item, ExecutionContext context) {
    Object[] tableRow = decoder.decode(item);
    if (tableRow == null) {
      return null;
    }
    for (Scalar condition : residual) {
      if (!Boolean.TRUE.equals(condition.evaluate(tableRow, context))) {
        return null;
      }
    }
    Object[] row = new Object[plan.projection().size()];
    for (int i = 0; i < row.length; i++) {
      row[i] = tableRow[plan.projection().get(i)];
    }
    return row;
  }

  /** Streams rows, fetching a page only when the previous one is used up. */
  private final class RowsCursor implements RowCursor {
    private final PageReader pages;
    private final ExecutionContext context;
    private long toSkip;
    private long remaining;
    private Iterator<Map<String, AttributeValue>> items = List.<Map<String, AttributeValue>>of().iterator();
    private Object[] current;

    RowsCursor(PageReader pages, ExecutionContext context, long offset, long fetch) {
      this.pages = pages;
      this.context = context;
      this.toSkip = offset;
      this.remaining = fetch;
    }

    @Override
    public boolean next() {
      while (remaining > 0) {
        if (!items.hasNext()) {
          Optional<List<Map<String, AttributeValue>>> page = pages.next();
          if (page.isEmpty()) {
            break;
          }
          items = page.get().iterator();
          continue;
        }
        Object[] row = toRow(items.next(), context);
        if (row == null) {
          continue;
        }
        if (toSkip > 0) {
          toSkip--;
          continue;
        }
        remaining--;
        current = row;
        context.statistics().addReturned(1);
        return true;
      }
      current = null;
      return false;
    }

    @Override
    public Object[] row() {
      return current;
    }

    @Override
    public void close() {
      remaining = 0;
    }
  }

  /** Produces the single COUNT(*) row: DynamoDB's counts when it counts for us, or rows counted here. */
  private final class CountCursor implements RowCursor {
    private final PageReader pages;
    private final ExecutionContext context;
    private final long offset;
    private final long fetch;
    private Object[] current;
    private boolean done;

    CountCursor(PageReader pages, ExecutionContext context, long offset, long fetch) {
      this.pages = pages;
      this.context = context;
      this.offset = offset;
      this.fetch = fetch;
    }

    @Override
    public boolean next() {
      if (done) {
        current = null;
        return false;
      }
      done = true;
      long total = 0;
      for (Optional<List<Map<String, AttributeValue>>> page = pages.next(); page.isPresent(); page = pages.next()) {
        if (pages.lastPageCount().isPresent()) {
          total += pages.lastPageCount().get();
          continue;
        }
        for (Map<String, AttributeValue> item : page.get()) {
          if (toRow(item, context) != null) {
            total++;
          }
        }
      }
      current = new Object[] {total};
      context.statistics().addReturned(1);
      // An aggregate without GROUP BY has one row; OFFSET and LIMIT act on that row.
      return offset == 0 && fetch > 0;
    }

    @Override
    public Object[] row() {
      return current;
    }

    @Override
    public void close() {
      done = true;
    }
  }
}
