package dev.keycond.planner;

import dev.keycond.planner.cache.PlanCache;
import dev.keycond.planner.cache.PlanCacheStatistics;
import dev.keycond.planner.cache.StandAloneParameters;
import dev.keycond.planner.sql.CalciteDefaults;
import dev.keycond.planner.sql.ColumnLabels;
import dev.keycond.planner.sql.ConstantsAsWritten;
import dev.keycond.planner.sql.EscapeClauses;
import dev.keycond.planner.sql.ExactNumberCoercion;
import dev.keycond.planner.sql.ExistenceSubqueries;
import dev.keycond.planner.sql.ExactWrittenNumbers;
import dev.keycond.planner.sql.ExactValueConvertlets;
import dev.keycond.planner.sql.InformationSchemaViews;
import dev.keycond.planner.sql.InvalidCorrelation;
import dev.keycond.planner.sql.MetadataHandlers;
import dev.keycond.planner.sql.NotInNulls;
import dev.keycond.planner.sql.ParameterTypes;
import dev.keycond.planner.sql.RowValues;
import dev.keycond.planner.sql.ShadowedColumns;
import dev.keycond.planner.sql.StatementTooComplex;
import dev.keycond.planner.sql.SyntaxError;
import dev.keycond.planner.sql.UnicodeLiterals;
import dev.keycond.planner.sql.UnknownNames;
import dev.keycond.planner.sql.WrittenStatement;
import com.google.common.base.Throwables;
import com.google.common.collect.ImmutableList;
import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.compile.OperatorCompiler;
import dev.keycond.planner.exec.write.WriteOperator;
import dev.keycond.planner.settings.StatementSettings;
import dev.keycond.planner.settings.ScanPolicy;
import dev.keycond.planner.functions.DelimiterDefaults;
import dev.keycond.planner.functions.DynamoDbTypeFunction;
import dev.keycond.planner.functions.KeycondFunctionTable;
import dev.keycond.planner.functions.PathFunctions;
import dev.keycond.planner.rules.CollectionJoinRule;
import dev.keycond.planner.rules.EmptyResultRule;
import dev.keycond.planner.rules.HierarchyWalkRule;
import dev.keycond.planner.rules.LookupJoinRule;
import dev.keycond.planner.rules.ReadCountRule;
import dev.keycond.planner.rules.ReadFilterRule;
import dev.keycond.planner.rules.ReadProjectRule;
import dev.keycond.planner.rules.ReadSortRule;
import dev.keycond.planner.schema.EntitySqlTable;
import dev.keycond.planner.schema.InformationSchema;
import dev.keycond.planner.schema.KeycondCatalogReader;
import dev.keycond.planner.schema.KeycondSchema;
import dev.keycond.planner.schema.SchemaDescription;
import dev.keycond.planner.rel.DynamoWrite;
import dev.keycond.planner.write.WritePlanner;
import dev.keycond.planner.write.ExistenceCheck;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import dev.keycond.planner.schema.SqlTypes;
import dev.keycond.planner.rel.DynamoRead;
import dev.keycond.planner.exec.scalar.ScalarCompiler;
import dev.keycond.planner.shape.ReturningClause;
import org.apache.calcite.sql.SqlMerge;
import dev.keycond.planner.write.MergeShape;
import dev.keycond.planner.write.WritePlan;
import dev.keycond.planner.explain.PlanExplainer;
import dev.keycond.planner.plan.ExpressionFormatter;
import dev.keycond.planner.plan.ParameterText;
import dev.keycond.planner.plan.ScanUse;
import dev.keycond.planner.shape.LiftedLiteral;
import dev.keycond.planner.shape.SimpleChange;
import dev.keycond.planner.shape.SimpleInsert;
import dev.keycond.planner.shape.SimpleSelect;
import dev.keycond.planner.shape.StatementShape;
import dev.keycond.planner.shape.StatementText;
import org.apache.calcite.sql.type.SqlTypeName;
import dev.keycond.planner.schema.KeycondTypeSystem;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.TreeMap;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.logical.LogicalSort;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.rules.FilterCorrelateRule;
import org.apache.calcite.rel.rules.FilterJoinRule;
import org.apache.calcite.rel.rules.FilterMergeRule;
import org.apache.calcite.rel.rules.FilterProjectTransposeRule;
import org.apache.calcite.rel.rules.ProjectMergeRule;
import org.apache.calcite.rel.rules.ProjectRemoveRule;
import org.apache.calcite.rel.rules.SemiJoinRule;
import org.apache.calcite.rel.rules.SortProjectTransposeRule;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;

/**
 * Plans SQL statements for one connection: parse, validate, convert to relational algebra, then a
 * single Hep pass of keycond's own push-down rules. It never builds Calcite's cost-based planner
 * or its default rule set, and never generates code, which is what makes a first statement fast;
 * and a simple SELECT, INSERT, UPDATE or DELETE skips even these ({@link SimpleSelectPlanner},
 * {@link SimpleInsertPlanner}, {@link SimpleChangePlanner}).
 */
public final class StatementPlanner {
  static {
    CalciteDefaults.apply();
  }

  /**
   * Calcite's front end as keycond sets it up (its push-down rules, operators, parser, validator
   * and converter), built the first time a statement needs it: a simple SELECT does not, so that a
   * connection whose first statement is one does not wait for it.
   */
  private static final class FrontEnd {
    /**
     * Three phases: first every condition and projection moves down into the reads, so that each
     * read knows its key access; then recursive walks of hierarchies become key reads; then the
     * shapes that depend on the reads: ORDER BY, LIMIT and COUNT(*) on a read, and the joins that
     * can be answered by one item collection or by key lookups.
     */
    static final HepProgram PUSH_DOWN = new HepProgramBuilder()
        .addMatchOrder(HepMatchOrder.BOTTOM_UP)
        .addRuleCollection(List.of(
            FilterProjectTransposeRule.Config.DEFAULT.toRule(),
            FilterMergeRule.Config.DEFAULT.toRule(),
            FilterJoinRule.FilterIntoJoinRule.FilterIntoJoinRuleConfig.DEFAULT.toRule(),
            FilterJoinRule.JoinConditionPushRule.JoinConditionPushRuleConfig.DEFAULT.toRule(),
            FilterCorrelateRule.Config.DEFAULT.toRule(),
            ProjectMergeRule.Config.DEFAULT.toRule(),
            ProjectRemoveRule.Config.DEFAULT.toRule(),
            // EXISTS and IN subqueries arrive as a join to a distinct aggregate; a semi-join reads better.
            SemiJoinRule.ProjectToSemiJoinRule.ProjectToSemiJoinRuleConfig.DEFAULT.toRule(),
            SemiJoinRule.JoinToSemiJoinRule.JoinToSemiJoinRuleConfig.DEFAULT.toRule(),
            ReadFilterRule.INSTANCE,
            ReadProjectRule.INSTANCE))
        .addRuleInstance(HierarchyWalkRule.INSTANCE)
        .addMatchOrder(HepMatchOrder.BOTTOM_UP)
        .addRuleCollection(List.of(
            SortProjectTransposeRule.Config.DEFAULT.toRule(),
            ReadSortRule.INSTANCE,
            ReadCountRule.DIRECT,
            ReadCountRule.THROUGH_PROJECT,
            CollectionJoinRule.INSTANCE,
            CollectionJoinRule.WIDEN_RIGHT,
            CollectionJoinRule.WIDEN_LEFT,
            LookupJoinRule.INNER_ON_RIGHT,
            LookupJoinRule.INNER_ON_LEFT,
            ReadProjectRule.INSTANCE,
            ProjectRemoveRule.Config.DEFAULT.toRule()))
        .build();

    /**
     * A query's: first, what can give no row gives none, reading nothing ({@code WHERE 1 = 0},
     * {@code LIMIT 0}); then {@link #PUSH_DOWN}. A write's rows are found by a read, always: one that
     * can find none still counts 0 as any other.
     */
    static final HepProgram QUERY_PUSH_DOWN = new HepProgramBuilder()
        .addMatchOrder(HepMatchOrder.BOTTOM_UP)
        .addRuleCollection(List.of(EmptyResultRule.FALSE_FILTER, EmptyResultRule.ZERO_FETCH))
        .addSubprogram(PUSH_DOWN)
        .build();

    /**
     * SQL's standard functions; keycond's own; and LEFT, RIGHT, DAYNAME and MONTHNAME, which the
     * standard lacks but most databases have (and which JDBC's {@code {fn LEFT(...)}} and Hibernate's
     * {@code left} call).
     */
    static final SqlOperatorTable OPERATORS = SqlOperatorTables.chain(SqlStdOperatorTable.instance(),
        new KeycondFunctionTable(Optional.of(KeycondSchema.NAME), ImmutableList.<SqlOperator>builder()
            .addAll(PathFunctions.ALL).add(DynamoDbTypeFunction.DYNAMODB_TYPE).build()),
        new KeycondFunctionTable(Optional.empty(), List.of(SqlLibraryOperators.LEFT, SqlLibraryOperators.RIGHT,
            SqlLibraryOperators.DAYNAME, SqlLibraryOperators.MONTHNAME)));

    static final SqlParser.Config PARSER = SqlParser.config()
        .withQuoting(Quoting.DOUBLE_QUOTE)
        .withUnquotedCasing(Casing.UNCHANGED)
        .withQuotedCasing(Casing.UNCHANGED)
        .withCaseSensitive(true)
        .withConformance(SqlConformanceEnum.LENIENT);

    static final SqlValidator.Config VALIDATOR = SqlValidator.Config.DEFAULT
        .withConformance(SqlConformanceEnum.LENIENT).withIdentifierExpansion(true)
        .withTypeCoercionFactory(ExactNumberCoercion::new);

    static final SqlToRelConverter.Config CONVERTER = SqlToRelConverter.config()
        .withTrimUnusedFields(true).withExpand(true).withInSubQueryThreshold(Integer.MAX_VALUE);
  }

  /** A simple SELECT's read is made whole: no rule runs over it. */
  private static final HepProgram NO_RULES = HepProgram.builder().build();

  /** The plans a connection keeps when the {@code planCache} property does not say. */
  public static final int DEFAULT_PLAN_CACHE = 256;

  private final KeycondSchema schema;
  private final StatementSettings settings;
  private final JavaTypeFactory typeFactory = new JavaTypeFactoryImpl(KeycondTypeSystem.INSTANCE);
  /** Builds the lifted literals of a shape as its texts' own plans hold them, to write them in warnings. */
  private final RexBuilder literals = new RexBuilder(typeFactory);
  private final KeycondCatalogReader catalogReader;
  private final PlanCache<PlannedStatement, CompiledPlan> cache;
  private final DirectPlanning direct;

  /** A planner that keeps {@link #DEFAULT_PLAN_CACHE} plans. */
  public StatementPlanner(KeycondSchema schema, StatementSettings settings) {
    this(schema, settings, DEFAULT_PLAN_CACHE);
  }

  /** @param planCache the most plans kept for texts and shapes; 0 keeps none */
  public StatementPlanner(KeycondSchema schema, StatementSettings settings, int planCache) {
    this(schema, settings, planCache, DirectPlanning.ALL);
  }

  /**
   * @param planCache the most plans kept for texts and shapes; 0 keeps none
   * @param direct which simple statements are planned without Calcite's parser and validator
   */
  public StatementPlanner(KeycondSchema schema, StatementSettings settings, int planCache, DirectPlanning direct) {
    this.schema = schema;
    this.settings = settings;
    this.direct = direct;
    this.cache = new PlanCache<>(planCache);
    this.catalogReader = KeycondCatalogReader.of(schema, typeFactory);
  }

  public StatementSettings settings() {
    return settings;
  }

  /**
   * Plans a statement.
   *
   * @throws KeycondException for bad SQL, unknown names, unsupported statements, and plans that
   *     need a Scan the {@code scan} property forbids; no request has been sent when it throws
   */
  public PlannedStatement prepare(String sql) {
    return prepare(sql, 0);
  }

  /**
   * Plans a statement whose result is cut at {@code maxRows} rows (JDBC's setMaxRows), as if it
   * ended in a LIMIT, so that the limit reaches DynamoDB's Limit where it can. A text planned before
   * with the same maxRows gets the plan made then: a PreparedStatement prepared again, or a text
   * run again, is not planned again.
   *
   * @param maxRows 0 for no limit
   */
  public PlannedStatement prepare(String sql, long maxRows) {
    PlanCache.Key key = new PlanCache.Key(sql, maxRows, false);
    Optional<PlannedStatement> known = kept(key);
    return known.isPresent() ? known.get() : plannedOnce(key, sql, maxRows);
  }

  /** The plan kept for a text, counted as found. */
  private Optional<PlannedStatement> kept(PlanCache.Key key) {
    Optional<PlanCache.Entry<PlannedStatement, CompiledPlan>> known = cache.get(key);
    known.ifPresent(entry -> cache.count(PlanCache.Found.SAME_TEXT));
    return known.map(entry -> ((PlanCache.Plan<PlannedStatement, CompiledPlan>) entry).statement());
  }

  /**
   * Plans a text the cache did not hold. Threads that missed it together (a pool's threads starting
   * with the same statement) plan it once: planning is one statement at a time, and the threads
   * that waited find the first one's plan.
   */
  private synchronized PlannedStatement plannedOnce(PlanCache.Key key, String sql, long maxRows) {
    Optional<PlannedStatement> known = kept(key);
    if (known.isPresent()) {
      return known.get();
    }
    PlannedStatement planned = planned(sql, maxRows).statement();
    cache.put(key, new PlanCache.Plan<>(planned));
    cache.count(PlanCache.Found.PLANNED);
    return planned;
  }

  /** What the plan cache has done so far. */
  public PlanCacheStatistics cacheStatistics() {
    return cache.statistics();
  }

  /**
   * Plans the text of a plain Statement, which has no parameters of its own: a text whose shape
   * was seen before runs with the plan of that shape, its literals bound to the plan's parameters,
   * when the shape's plan does for the shape's first text exactly what that text's own plan does.
   * The first text of a shape is planned as itself only, so that a statement seen once costs one
   * planning; the second text of the shape plans the shape and compares it with the first text's
   * own plan (requests with their values, what the driver checks, warnings, result columns, the
   * types of the literals), and only a shape whose plan matches is shared. Every other text is
   * planned as by {@link #prepare(String, long)}.
   *
   * @param maxRows 0 for no limit
   */
  public PlannedText prepareText(String sql, long maxRows) {
    StatementShape shape = StatementShape.of(sql);
    if (shape.literals().isEmpty()) {
      return PlannedText.own(prepare(sql, maxRows));
    }
    PlanCache.Key key = new PlanCache.Key(shape.key(), maxRows, true);
    Optional<PlanCache.Entry<PlannedStatement, CompiledPlan>> known = cache.get(key);
    if (known.isPresent() && known.get() instanceof PlanCache.FirstText<PlannedStatement, CompiledPlan> first) {
      if (first.sql().equals(sql)) {
        cache.count(PlanCache.Found.SAME_TEXT);
        return PlannedText.own(first.own().statement());
      }
      known = Optional.of(sharedPlan(first.own(), first.shape(), maxRows));
      cache.put(key, known.get());
    }
    if (known.isPresent() && known.get() instanceof PlanCache.Plan<PlannedStatement, CompiledPlan> shared) {
      cache.count(PlanCache.Found.SAME_SHAPE);
      return new PlannedText(shared.statement(), shape.values(), literalText(shape));
    }
    if (known.isPresent()) {
      return PlannedText.own(prepare(sql, maxRows));
    }
    CompiledPlan own = planned(sql, maxRows);
    cache.put(key, new PlanCache.FirstText<>(sql, shape, own));
    cache.count(PlanCache.Found.PLANNED);
    return PlannedText.own(own.statement());
  }

  /** The shape's plan, when it does for its first text what that text's own plan does (see {@link #prepareText}). */
  private PlanCache.Entry<PlannedStatement, CompiledPlan> sharedPlan(CompiledPlan own, StatementShape shape, long maxRows) {
    CompiledPlan shared;
    try {
      shared = planned(shape.sql(), maxRows);
    } catch (RuntimeException e) {
      // A shape its texts plan but it does not (a marker where Calcite cannot infer a type) is not shared.
      return new PlanCache.PlannedByText<>();
    }
    return plansAlike(own, shared, shape) ? new PlanCache.Plan<>(shared.statement()) : new PlanCache.PlannedByText<>();
  }

  private boolean plansAlike(CompiledPlan own, CompiledPlan shared, StatementShape shape) {
    if (!(own.statement() instanceof PlannedQuery ownQuery) || !(shared.statement() instanceof PlannedQuery sharedQuery)
        || !ownQuery.parameters().isEmpty() || !ownQuery.columns().equals(sharedQuery.columns())
        || !typesFit(sharedQuery.parameters(), shape.literals()) || !StandAloneParameters.hold(shared.rel())) {
      return false;
    }
    Optional<List<Object>> none = Optional.of(List.of());
    Optional<List<Object>> values = Optional.of(shape.values());
    ParameterText text = literalText(shape);
    try {
      return ownQuery.warnings().mayDiscard() == sharedQuery.warnings().mayDiscard()
          && ownQuery.warnings().at(none, ParameterText.MARKERS).equals(sharedQuery.warnings().at(values, text))
          && PlanExplainer.explain(own.rel(), settings, none, ParameterText.MARKERS, Optional.empty(), Optional.empty())
              .equals(PlanExplainer.explain(shared.rel(), settings, values, text, Optional.empty(), Optional.empty()));
    } catch (RuntimeException e) {
      // Values the text's own plan refuses when it runs (a key too long) say nothing of the shape.
      return false;
    }
  }

  /**
   * Whether each marker took the type of what its literal is compared with, and that type takes the
   * literal as it is: a string compared with a VARCHAR column, an exact number with an exact number
   * column. Anything else (a string compared with a number or a date, a CHAR of a VALUES list) is
   * converted by the validator in ways that depend on the literal.
   */
  private static boolean typesFit(List<ParameterType> markers, List<LiftedLiteral> lifted) {
    if (markers.size() != lifted.size()) {
      return false;
    }
    for (int i = 0; i < markers.size(); i++) {
      ParameterType marker = markers.get(i);
      boolean fits = lifted.get(i).isText()
          ? marker.type() == SqlTypeName.VARCHAR && marker.precision() == 0
          : SqlTypeName.EXACT_TYPES.contains(marker.type());
      if (!fits) {
        return false;
      }
    }
    return true;
  }

  /** How the shape's lifted literals read: as the text's own plan writes them. */
  private ParameterText literalText(StatementShape shape) {
    return index -> ExpressionFormatter.literal(shape.literals().get(index).toRex(literals));
  }

  /**
   * Tools plan on one connection from several threads (metadata and queries); the catalog reader
   * is not shared safely, so planning is one statement at a time.
   */
  synchronized CompiledPlan planned(String sql, long maxRows) {
    try {
      return plan(sql, maxRows);
    } catch (StackOverflowError e) {
      throw StatementTooComplex.refusal();
    }
  }

  private CompiledPlan plan(String text, long maxRows) {
    String statement = StatementText.sql(text).orElseThrow(() -> new KeycondException(SqlState.SYNTAX_ERROR,
        "The statement is empty: it has no SQL to run, only blanks or comments."));
    Optional<CompiledPlan> simple = planDirectly(statement, maxRows);
    if (simple.isPresent()) {
      cache.countSimplePlan();
      return simple.get();
    }
    // Calcite's parser does not know RETURNING: the write is planned without it.
    Optional<ReturningClause> returning = ReturningClause.of(statement);
    String sql = returning.map(ReturningClause::write).orElse(statement);
    SqlNode parsed = writtenExactly(EscapeClauses.rewrite(NotInNulls.rewrite(RowValues.rewrite(
        InformationSchemaViews.rewrite(parse(sql), () -> new InformationSchema(new SchemaDescription(schema)))))));
    boolean explain = parsed.getKind() == SqlKind.EXPLAIN;
    SqlNode query = explain ? ((SqlExplain) parsed).getExplicandum() : parsed;
    PlannedExplain.Output output = explain ? explainOutput((SqlExplain) parsed) : PlannedExplain.Output.TEXT;
    boolean write = query.isA(SqlKind.DML);
    ImmutableList<String> shadowed = ShadowedColumns.warnings(query, schema, FrontEnd.OPERATORS);
    if (!query.isA(SqlKind.QUERY) && !write) {
      throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "keycond runs queries (SELECT, WITH, VALUES), "
          + "INSERT, UPSERT, UPDATE, DELETE and MERGE, and EXPLAIN PLAN FOR them; " + query.getKind()
          + " statements are not supported");
    }
    SqlValidator validator = new ParameterTypes(FrontEnd.OPERATORS, catalogReader, typeFactory,
        FrontEnd.VALIDATOR);
    WrittenStatement written = new WrittenStatement(sql, () -> parse(sql));
    if (query.getKind() == SqlKind.MERGE) {
      // The validator rewrites a MERGE in place; its shape is read from a fresh parse.
      SqlNode again = writtenExactly(parse(sql));
      return planMerge((SqlMerge) (explain ? ((SqlExplain) again).getExplicandum() : again), validator, query, explain,
          output, returning, written, shadowed);
    }
    ExistenceSubqueries existence = ExistenceSubqueries.of(query);
    SqlNode validated = validate(validator, query);
    SqlToRelConverter converter = converter(validator, write ? FrontEnd.PUSH_DOWN : FrontEnd.QUERY_PUSH_DOWN);
    RelRoot root = convert(converter, validated);
    if (write) {
      return planWrite(query, validator, validated, converter, (TableModify) root.rel, explain, output, returning,
          written, existence.subqueries(), shadowed);
    }
    RelNode correlated = root.project();
    // A correlated subquery usually reads best as a join (by item collection or by key lookups);
    // when that join would need a Scan, it can still be read by key once per outer row. The scan
    // property only permits a Scan as the last resort: a plan of key reads is chosen as under
    // scan=reject, and a Scan is taken only when no plan of key reads is allowed. Only a statement
    // whose join needs a Scan (or too many key reads) is planned a second time.
    StatementSettings keyReadsOnly = settings.withScanPolicy(ScanPolicy.REJECT);
    RelNode decorrelated = converter.decorrelate(validated, correlated);
    RelNode plan = optimize(converter, decorrelated, maxRows);
    PlannedReads reads = PlannedReads.of(plan);
    if (reads.refusal(keyReadsOnly, ScanUse.READ, written).isPresent() && decorrelated != correlated) {
      RelNode perRow = optimize(converter, correlated, maxRows);
      PlannedReads perRowReads = PlannedReads.of(perRow);
      boolean perRowKeyReads = perRowReads.refusal(keyReadsOnly, ScanUse.READ, written).isEmpty();
      if (perRowKeyReads
          || reads.refusal(settings, ScanUse.READ, written).isPresent()
              && perRowReads.refusal(settings, ScanUse.READ, written).isEmpty()) {
        plan = perRow;
        reads = perRowReads;
      }
    }
    Optional<KeycondException> refusal = reads.refusal(settings, ScanUse.READ, written);
    if (refusal.isPresent() && !explain) {
      throw refusal.get();
    }
    ImmutableList<ParameterType> parameters = parameters(validator, validated);
    if (explain) {
      return new CompiledPlan(new PlannedExplain(parameters, plan, refusal.map(KeycondException::getMessage),
          reads.warnings(settings, shadowed, refusal), output, Optional.empty()), plan);
    }
    return queryPlan(columns(validator, validated, root, sql), parameters, plan,
        new PlanWarnings(reads.reads(), settings, shadowed));
  }

  /**
   * The plan of a simple statement made without Calcite's front end, when {@link #direct} plans its
   * kind so and it can be planned so; empty for every other statement.
   */
  private Optional<CompiledPlan> planDirectly(String statement, long maxRows) {
    if (direct.selects() && maxRows == 0) {
      Optional<CompiledPlan> select = SimpleSelect.of(statement).flatMap(s -> planSimple(s, statement));
      if (select.isPresent()) {
        return select;
      }
    }
    if (!direct.writes()) {
      return Optional.empty();
    }
    return SimpleChange.of(statement)
        .flatMap(change -> overTerms(change.table(), terms -> SimpleChangePlanner.plan(change, terms)))
        .or(() -> SimpleInsert.of(statement)
            .flatMap(insert -> overTerms(insert.table(), terms -> SimpleInsertPlanner.plan(insert, terms))))
        .flatMap(write -> planSimple(write, statement));
  }

  /**
   * What {@code plan} makes of a simple statement over {@code table}, its names resolved where
   * Calcite's path resolves them; empty when the mapping does not declare the table.
   */
  private <T> Optional<T> overTerms(String table, Function<SimpleTerms, Optional<T>> plan) {
    return SimpleTerms.of(table, schema, catalogReader, cluster(NO_RULES)).flatMap(plan);
  }

  /**
   * Plans a simple SELECT without Calcite's parser, validator, converter or rules, into the plan
   * Calcite's path makes of it; empty for one that only Calcite's path plans (see
   * {@link SimpleSelectPlanner}), or that it refuses, with the message only it writes.
   */
  private Optional<CompiledPlan> planSimple(SimpleSelect select, String sql) {
    return overTerms(select.table(), terms -> SimpleSelectPlanner.plan(select, terms)).flatMap(simple -> {
      PlannedReads reads = PlannedReads.of(simple.read());
      if (reads.refusal(settings, ScanUse.READ, new WrittenStatement(sql, () -> parse(sql))).isPresent()) {
        return Optional.empty();
      }
      return Optional.of(queryPlan(simple.columns(), simple.parameters(), simple.read(),
          new PlanWarnings(reads.reads(), settings)));
    });
  }

  /**
   * A simple INSERT, UPDATE or DELETE planned without Calcite's parser, validator, converter or
   * rules ({@link SimpleInsertPlanner}, {@link SimpleChangePlanner}), compiled; empty for one whose
   * write the settings refuse, which Calcite's path refuses with the message only it writes.
   */
  private Optional<CompiledPlan> planSimple(SimpleWrite simple, String sql) {
    PlannedReads reads = PlannedReads.of(simple.write());
    if (reads.refusal(settings, ScanUse.WRITE, new WrittenStatement(sql, () -> parse(sql))).isPresent()) {
      return Optional.empty();
    }
    return Optional.of(writePlan(simple.write(), simple.parameters(), Optional.empty(),
        new PlanWarnings(reads.reads(), settings), false, PlannedExplain.Output.TEXT, Optional.empty()));
  }

  /** A query's plan, compiled once for every execution of it. */
  private CompiledPlan queryPlan(ImmutableList<ResultColumn> columns, ImmutableList<ParameterType> parameters,
      RelNode plan, PlanWarnings warnings) {
    return new CompiledPlan(new PlannedQuery(columns, parameters, OperatorCompiler.compile(plan), warnings), plan);
  }

  /**
   * {@code EXPLAIN PLAN FOR} explains as text, {@code EXPLAIN PLAN AS JSON FOR} lists the requests
   * as DynamoDB JSON; Calcite's other formats (XML, DOT) describe Calcite's own plans, not requests.
   */
  private static PlannedExplain.Output explainOutput(SqlExplain explain) {
    switch (explain.getFormat()) {
      case TEXT:
        return PlannedExplain.Output.TEXT;
      case JSON:
        return PlannedExplain.Output.JSON;
      default:
        throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "EXPLAIN PLAN AS " + explain.getFormat()
            + " is not supported: keycond explains a statement as text (EXPLAIN PLAN FOR ...), or lists its "
            + "DynamoDB requests as JSON (EXPLAIN PLAN AS JSON FOR ...); the connection property explain=cli or "
            + "explain=java adds the AWS CLI command or the AWS SDK for Java v2 code to the text");
    }
  }

  private SqlToRelConverter converter(SqlValidator validator) {
    return converter(validator, FrontEnd.PUSH_DOWN);
  }

  /** @param program the rules the converted plan is optimized with */
  private SqlToRelConverter converter(SqlValidator validator, HepProgram program) {
    return new SqlToRelConverter((type, text, schemaPath, viewPath) -> {
      throw new UnsupportedOperationException("views");
    }, validator, catalogReader, cluster(program), ExactValueConvertlets.INSTANCE, FrontEnd.CONVERTER);
  }

  /** Where a statement's relational plan is made, and the rules of {@code program} run. */
  private RelOptCluster cluster(HepProgram program) {
    HepPlanner hepPlanner = new HepPlanner(program);
    hepPlanner.setExecutor(ConstantsAsWritten.INSTANCE);
    RelOptCluster cluster = RelOptCluster.create(hepPlanner, new RexBuilder(typeFactory));
    cluster.setMetadataQuerySupplier(() -> new RelMetadataQuery(MetadataHandlers.INSTANCE));
    return cluster;
  }

  /**
   * Plans a write: its input (the rows to insert, or the read that finds the rows to change) is
   * planned like any query, so a write that would need a Scan is refused as a read is; under
   * {@code scan=limit:N}, which lets a GUI browse, a write that needs a Scan is refused too, since it
   * would change rows of a part of the table chosen by where the Scan stopped.
   */
  private CompiledPlan planWrite(SqlNode query, SqlValidator validator, SqlNode validated,
      SqlToRelConverter converter, TableModify modify, boolean explain,
      PlannedExplain.Output output, Optional<ReturningClause> returning,
      WrittenStatement written, ImmutableList<ExistenceSubqueries.Subquery> subqueries,
      ImmutableList<String> shadowed) {
    EntitySqlTable target = modify.getTable().unwrap(EntitySqlTable.class);
    if (target == null || target.entity().pinnedIndex().isPresent()) {
      throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "keycond writes to tables, not to an index: "
          + "write to '" + modify.getTable().getQualifiedName().get(modify.getTable().getQualifiedName().size() - 1)
              .replaceFirst("@.*", "") + "', whose indexes DynamoDB keeps up to date");
    }
    RelNode input = optimize(converter, converter.decorrelate(validated, modify.getInput()), 0);
    TreeMap<Integer, ParameterType> parameterTypes = new TreeMap<>();
    ImmutableList<ExistenceCheck> checks = subqueries.stream().map(q -> existenceCheck(q, parameterTypes))
        .collect(ImmutableList.toImmutableList());
    DynamoWrite write = WritePlanner.plan(modify, input, target.entity(),
        query instanceof SqlInsert insert && insert.isUpsert(), returning.isPresent(), checks);
    Optional<ReturnedRows> returned = returning.map(r -> returnedRows(r, modify.getTable().getQualifiedName(),
        query instanceof SqlUpdate update ? Optional.ofNullable(update.getAlias())
            : query instanceof SqlDelete delete ? Optional.ofNullable(delete.getAlias()) : Optional.empty()));
    PlannedReads reads = PlannedReads.of(write);
    Optional<KeycondException> refusal = reads.refusal(settings, ScanUse.WRITE, written);
    if (refusal.isPresent() && !explain) {
      throw refusal.get();
    }
    PlanWarnings warnings = reads.warnings(settings, shadowed, refusal);
    ImmutableList<ParameterType> parameters;
    if (checks.isEmpty()) {
      parameters = parameters(validator, validated);
    } else {
      // The subqueries, planned apart, hold some of the statement's parameters: each keeps its place.
      parameterTypes(validator, validated, parameterTypes);
      if (!parameterTypes.isEmpty() && parameterTypes.lastKey() != parameterTypes.size() - 1) {
        throw new IllegalStateException("parameters " + parameterTypes.keySet() + " are not those of the statement");
      }
      parameters = ImmutableList.copyOf(parameterTypes.values());
    }
    return writePlan(write, parameters, refusal, warnings, explain, output, returned);
  }

  /**
   * Plans an EXISTS or NOT EXISTS subquery of an UPDATE or DELETE on its own, as the read of one
   * item by its whole key, which the write is checked against atomically; any other subquery is
   * refused. The types of its parameters are added to {@code parameterTypes}.
   */
  private ExistenceCheck existenceCheck(ExistenceSubqueries.Subquery subquery,
      Map<Integer, ParameterType> parameterTypes) {
    String refused = "keycond runs " + (subquery.exists() ? "EXISTS" : "NOT EXISTS") + " (SELECT ...) in the WHERE "
        + "clause of an UPDATE or DELETE as a check of one item, sent with the write in one TransactWriteItems: "
        + "the subquery must read one table by its whole key, given by values or parameters, and test nothing "
        + "else, nor refer to the row being changed (it is read on its own, before the write)";
    SqlValidator validator = new ParameterTypes(FrontEnd.OPERATORS, catalogReader, typeFactory,
        FrontEnd.VALIDATOR);
    SqlNode validated;
    try {
      validated = validate(validator, subquery.select());
    } catch (KeycondException e) {
      throw new KeycondException(e.state(), refused + ". Read on its own, this one fails: " + e.getMessage(), e);
    }
    SqlToRelConverter converter = converter(validator);
    RelNode plan = optimize(converter, convert(converter, validated).project(), 0);
    while (plan instanceof Project project) {
      plan = project.getInput();
    }
    if (!(plan instanceof DynamoRead read) || !ExistenceCheck.readsOneItem(read.plan())) {
      throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, refused + "; this one does not. Read the item with "
          + "a SELECT first, or name its whole key in the subquery");
    }
    parameterTypes(validator, validated, parameterTypes);
    return new ExistenceCheck(read.plan(), subquery.exists());
  }

  /** Adds the type of each parameter of {@code validated} by its place in the statement. */
  private static void parameterTypes(SqlValidator validator, SqlNode validated,
      Map<Integer, ParameterType> parameterTypes) {
    validated.accept(new SqlShuttle() {
      @Override
      public SqlNode visit(SqlDynamicParam param) {
        parameterTypes.computeIfAbsent(param.getIndex(), i -> ParameterType.of(validator.getValidatedNodeType(param)));
        return param;
      }
    });
  }

  /**
   * Plans MERGE by key: once validated as a whole (so that names and types are checked as for any
   * statement), its source rows are planned as a query of the values it writes.
   */
  private CompiledPlan planMerge(SqlMerge merge, SqlValidator validator, SqlNode query, boolean explain,
      PlannedExplain.Output output, Optional<ReturningClause> returning,
      WrittenStatement written, ImmutableList<String> shadowed) {
    validate(validator, query);
    SqlIdentifier name = (SqlIdentifier) merge.getTargetTable();
    EntitySqlTable target = Optional.ofNullable(catalogReader.getTable(name.names))
        .map(t -> t.unwrap(EntitySqlTable.class)).orElseThrow();
    MergeShape shape = MergeShape.of(merge, target.entity(), target.getRowType(typeFactory));
    SqlValidator rowsValidator = new ParameterTypes(FrontEnd.OPERATORS, catalogReader, typeFactory,
        FrontEnd.VALIDATOR);
    SqlNode rows = validate(rowsValidator, shape.rows());
    SqlToRelConverter converter = converter(rowsValidator);
    RelNode input = optimize(converter, converter.decorrelate(rows, convert(converter, rows).project()), 0);
    DynamoWrite write = new DynamoWrite(input.getCluster(), input.getTraitSet(), input,
        new WritePlan.MergeRows(target.entity(), shape.branches(), shape.columns(), shape.conditions(),
            returning.isPresent()));
    Optional<ReturnedRows> returned = returning.map(r -> returnedRows(r,
        catalogReader.getTable(name.names).getQualifiedName(),
        Optional.ofNullable(merge.getAlias())));
    PlannedReads reads = PlannedReads.of(write);
    Optional<KeycondException> refusal = reads.refusal(settings, ScanUse.WRITE, written);
    if (refusal.isPresent() && !explain) {
      throw refusal.get();
    }
    PlanWarnings warnings = reads.warnings(settings, shadowed, refusal);
    ImmutableList<ParameterType> parameters = parameters(rowsValidator, rows);
    return writePlan(write, parameters, refusal, warnings, explain, output, returned);
  }

  /**
   * The rows a write's RETURNING list gives, planned as {@code SELECT <list> FROM <table>}: a
   * projection of the table's columns, evaluated on each row the write wrote, never a read.
   */
  private ReturnedRows returnedRows(ReturningClause returning, List<String> table, Optional<SqlIdentifier> alias) {
    String select = "SELECT " + returning.selectList() + " FROM " + String.join(".", table.stream()
        .map(StatementPlanner::quoted).toList()) + alias.map(a -> " AS " + quoted(a.getSimple())).orElse("");
    SqlValidator validator = SqlValidatorUtil.newValidator(FrontEnd.OPERATORS, catalogReader, typeFactory,
        FrontEnd.VALIDATOR);
    SqlNode validated = validate(validator, parse(select));
    RelRoot root = convert(converter(validator), validated);
    RelNode projection = root.project();
    List<RexNode> values;
    if (projection instanceof DynamoRead read) {
      values = read.getCluster().getRexBuilder().identityProjects(read.getRowType());
    } else if (projection instanceof Project project && project.getInput() instanceof DynamoRead
        && project.getProjects().stream().noneMatch(RexUtil::containsCorrelation)) {
      values = project.getProjects();
    } else {
      throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "RETURNING lists columns of the written rows and "
          + "expressions of them (no aggregate, window or subquery): RETURNING " + returning.selectList());
    }
    RexBuilder rexBuilder = projection.getCluster().getRexBuilder();
    return new ReturnedRows(columns(validator, validated, root, select), values.stream()
        .map(v -> ScalarCompiler.compile(v, rexBuilder)).collect(ImmutableList.toImmutableList()));
  }

  private static String quoted(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  /** A planned write: compiled once, and run, or explained with the requests it would send. */
  private CompiledPlan writePlan(DynamoWrite write, ImmutableList<ParameterType> parameters,
      Optional<KeycondException> refusal, PlanWarnings warnings, boolean explain, PlannedExplain.Output output,
      Optional<ReturnedRows> returning) {
    WriteOperator operator = OperatorCompiler.compileWrite(write);
    if (explain) {
      return new CompiledPlan(new PlannedExplain(parameters, write, refusal.map(KeycondException::getMessage), warnings,
          output, Optional.of(operator)), write);
    }
    Optional<GeneratedKeys> keys = write.write() instanceof WritePlan.InsertRows insert
        ? Optional.of(new GeneratedKeys(insert.table(), insert.table().columns().stream().map(c -> {
            RelDataType type = typeFactory.createTypeWithNullability(SqlTypes.sqlType(typeFactory, c.type()), true);
            return ResultColumn.of(c.name(), type, Optional.of(insert.table().name()), Optional.of(c.name()));
          }).collect(ImmutableList.toImmutableList())))
        : Optional.empty();
    return new CompiledPlan(new PlannedUpdate(parameters, operator, warnings, returning, keys), write);
  }

  /** Trims the plan to the columns it uses, applies JDBC's maxRows as a limit, and pushes down into the reads. */
  private static RelNode optimize(SqlToRelConverter converter, RelNode rel, long maxRows) {
    RelNode trimmed = converter.trimUnusedFields(true, DelimiterDefaults.apply(rel));
    if (maxRows > 0) {
      trimmed = LogicalSort.create(trimmed, RelCollations.EMPTY, null,
          trimmed.getCluster().getRexBuilder().makeExactLiteral(BigDecimal.valueOf(maxRows)));
    }
    HepPlanner planner = (HepPlanner) trimmed.getCluster().getPlanner();
    planner.setRoot(trimmed);
    return planner.findBestExp();
  }

  /** Calcite cannot convert some valid SQL (such as {@code > ANY (subquery)}); say so plainly. */
  private static RelRoot convert(SqlToRelConverter converter, SqlNode validated) {
    try {
      RelRoot root = converter.convertQuery(validated, false, true);
      InvalidCorrelation.check(root.rel);
      return root;
    } catch (KeycondException e) {
      throw e;
    } catch (AssertionError e) {
      // With assertions on, Calcite asserts on a Correlate that still uses its own variable on the
      // left ("contains $cor0"); InvalidCorrelation refuses the same node when they are off.
      if (String.valueOf(e.getMessage()).contains("$cor")) {
        throw InvalidCorrelation.refusal();
      }
      throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "keycond cannot plan this statement. Rewrite the "
          + "subquery as a join, or with EXISTS, IN or a scalar subquery.", e);
    } catch (RuntimeException e) {
      // Calcite may wrap the stack running out (thousands of ORs) in an exception of its own.
      if (StatementTooComplex.causedBy(e)) {
        throw StatementTooComplex.refusal();
      }
      if (hasQuantifiedComparison(validated)) {
        throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "keycond does not evaluate quantified "
            + "comparisons such as > ANY (subquery) or < ALL (subquery) yet. Compare with a scalar subquery of "
            + "MIN or MAX instead, or write = ANY as IN and <> ALL as NOT IN.", e);
      }
      Throwable cause = Throwables.getRootCause(e);
      if (cause instanceof SqlValidatorException invalid) {
        // Some checks run as the statement is converted, not validated: a JDBC escape's time unit
        // ({fn TIMESTAMPADD(SQL_TSI_FOO, ...)}) is read only then.
        throw new KeycondException(SqlState.SYNTAX_ERROR, invalid.getMessage(), e);
      }
      throw new KeycondException(SqlState.FEATURE_NOT_SUPPORTED, "keycond cannot plan this statement: "
          + (cause == e ? e.getMessage() : cause.getClass().getSimpleName() + ": " + cause.getMessage())
          + ". Rewrite the subquery as a join, or with EXISTS, IN or a scalar subquery.", e);
    }
  }

  private static boolean hasQuantifiedComparison(SqlNode node) {
    boolean[] found = {false};
    node.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlCall call) {
        found[0] |= call.getKind() == SqlKind.SOME || call.getKind() == SqlKind.ALL;
        return super.visit(call);
      }
    });
    return found[0];
  }

  private SqlNode writtenExactly(SqlNode parsed) {
    return ExactWrittenNumbers.rewrite(parsed,
        parsed.getKind() == SqlKind.EXPLAIN ? ((SqlExplain) parsed).getExplicandum() : parsed, typeFactory);
  }

  private static SqlNode parse(String sql) {
    SqlParser parser = SqlParser.create(sql, FrontEnd.PARSER);
    try {
      return UnicodeLiterals.rewrite(parser.parseStmt());
    } catch (SqlParseException e) {
      if (StatementTooComplex.causedBy(e)) {
        throw StatementTooComplex.refusal();
      }
      throw SyntaxError.of(sql, parser, e);
    }
  }

  private SqlNode validate(SqlValidator validator, SqlNode query) {
    try {
      return validator.validate(query);
    } catch (CalciteContextException e) {
      if (e.getMessage().contains("has no default value and does not allow NULLs")) {
        // An INSERT that leaves out a key column: every item has its whole key.
        throw new KeycondException(SqlState.NOT_NULL_VIOLATION, e.getMessage().replaceFirst(
            "has no default value and does not allow NULLs", "is part of the table's key and must be given a value"), e);
      }
      throw UnknownNames.of(e, schema, query)
          .orElseGet(() -> new KeycondException(SqlState.SYNTAX_ERROR, e.getMessage(), e));
    } catch (KeycondException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new KeycondException(SqlState.SYNTAX_ERROR, "Invalid statement: " + e.getMessage(), e);
    }
  }

  private static ImmutableList<ResultColumn> columns(SqlValidator validator, SqlNode validated, RelRoot root,
      String sql) {
    List<List<String>> origins = validator.getFieldOrigins(validated);
    ImmutableList.Builder<ResultColumn> columns = ImmutableList.builder();
    List<RelDataTypeField> fields = root.validatedRowType.getFieldList();
    List<String> labels = ColumnLabels.of(sql, validated, root.validatedRowType.getFieldNames());
    for (int i = 0; i < fields.size(); i++) {
      RelDataType type = fields.get(i).getType();
      List<String> origin = i < origins.size() ? origins.get(i) : null;
      boolean hasOrigin = origin != null && origin.size() >= 2;
      columns.add(ResultColumn.of(labels.get(i), type,
          hasOrigin ? Optional.of(origin.get(origin.size() - 2)) : Optional.empty(),
          hasOrigin ? Optional.of(origin.get(origin.size() - 1)) : Optional.empty()));
    }
    return columns.build();
  }

  private static ImmutableList<ParameterType> parameters(SqlValidator validator, SqlNode validated) {
    ImmutableList.Builder<ParameterType> parameters = ImmutableList.builder();
    for (RelDataTypeField field : validator.getParameterRowType(validated).getFieldList()) {
      parameters.add(ParameterType.of(field.getType()));
    }
    return parameters.build();
  }

}
