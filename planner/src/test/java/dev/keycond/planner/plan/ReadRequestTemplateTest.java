package dev.keycond.planner.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.keycond.planner.explain.CopyableRequest;
import dev.keycond.planner.plan.PlanFixture.Where;
import dev.keycond.planner.rel.ReadPlan;
import dev.keycond.planner.request.Query;
import dev.keycond.planner.request.ReadRequest;
import dev.keycond.planner.request.ReadRequestBuilder;
import dev.keycond.planner.request.ReadRequestTemplate;
import dev.keycond.planner.request.ReadRequests;
import dev.keycond.planner.settings.StatementSettings;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The requests a re-executed read binds into what earlier executions built are the requests a
 * builder makes from scratch for the same values, whatever form the values give them: a key no item
 * has, an empty prefix, a LIKE pattern that is a prefix or not, a reversed range, a repeated key of
 * an IN list, a filter with and without a parameter, a Limit that is a parameter.
 */
class ReadRequestTemplateTest {
  private static final StatementSettings SETTINGS = StatementSettings.defaults();
  private final Where w = new Where(FilesAccessPathTest.FILES);

  @Test
  void likePrefixParameterBindsAsFromScratch() {
    ReadPlan plan = w.plan(w.eq("account", w.param("account", 0)), w.likeParam("path", 1));
    assertAlike(plan, values("acme", "root/%"), values("globex", "a%"), values("acme", "%"), values("acme", "a_b%"),
        values("acme", "root/%.jpg"), values("acme", null), values(null, "x%"), values("acme", ""),
        values("acme", "root/%"), values("initech", "q%"));
  }

  @Test
  void inListOfParametersBindsAsFromScratch() {
    ReadPlan plan = w.plan(w.in("account", w.param("account", 0), w.param("account", 1)),
        w.ge("path", w.param("path", 2)));
    assertAlike(plan, values("acme", "globex", "root/"), values("acme", "acme", "a"), values(null, "x", "b"),
        values("a", "b", ""), values("c", null, "d"), values("e", "f", "g"));
  }

  @Test
  void rangeOfParametersBindsAsFromScratch() {
    ReadPlan plan = w.plan(w.eq("account", "acme"), w.between("path", w.param("path", 0), w.param("path", 1)));
    assertAlike(plan, values("a", "m"), values("m", "a"), values("", "m"), values("b", "z"), values("b", ""),
        values("c", "y"), values("", "n"));
  }

  @Test
  void itemKeysBindAsFromScratch() {
    ReadPlan get = w.plan(w.eq("account", w.param("account", 0)), w.eq("path", w.param("path", 1)));
    assertAlike(get, values("acme", "root/a"), values("globex", "x"), values("acme", null), values("", "y"),
        values("initech", "z"));
    ReadPlan batch = w.plan(w.eq("account", w.param("account", 0)),
        w.in("path", w.param("path", 1), w.param("path", 2)));
    assertAlike(batch, values("acme", "a", "b"), values("acme", "c", "c"), values("globex", "d", null),
        values("acme", "e", "f"));
  }

  @Test
  void filtersBindAsFromScratch() {
    ReadPlan constantFilter = w.plan(w.eq("account", w.param("account", 0)), w.gt("size", 10));
    assertAlike(constantFilter, values("acme"), values("globex"), values((Object) null), values("initech"));
    ReadPlan parameterFilter = w.plan(w.eq("account", w.param("account", 0)), w.gt("size", w.param("size", 1)));
    assertAlike(parameterFilter, values("acme", 10L), values("globex", null), values("acme", 20L),
        values("initech", 30L));
  }

  @Test
  void limitParameterBindsAsFromScratch() {
    ReadPlan plan = w.plan(w.eq("account", w.param("account", 0)))
        .withLimit(Optional.empty(), Optional.of(new Operand.Parameter(1)));
    assertAlike(plan, values("acme", 5L), values("globex", 7L), values("acme", 0L), values("initech", 3L));
  }

  @Test
  void valuesOfOneFormReuseTheExpressionsBuiltForTheFirst() {
    ReadPlan plan = w.plan(w.eq("account", w.param("account", 0)), w.likeParam("path", 1));
    ReadRequestTemplate template = new ReadRequestTemplate(plan, SETTINGS);
    Query first = (Query) template.builder(new KeyValueBinder(values("acme", "root/%"))).build().requests().get(0);
    Query second = (Query) template.builder(new KeyValueBinder(values("globex", "docs/%"))).build().requests().get(0);
    assertSame(first.keyConditionExpression(), second.keyConditionExpression());
    assertSame(first.attributes().names(), second.attributes().names());
    assertEquals(first.attributes().values().keySet(), second.attributes().values().keySet());
    // The empty prefix sends no sort condition: another form, built anew.
    Query everything = (Query) template.builder(new KeyValueBinder(values("acme", "%"))).build().requests().get(0);
    assertNotSame(first.keyConditionExpression(), everything.keyConditionExpression());
    assertEquals("#a0 = :v0", everything.keyConditionExpression());
  }

  /** Runs every set of values in turn through one template, each against a builder of its own. */
  @SafeVarargs
  private static void assertAlike(ReadPlan plan, List<Object>... valueSets) {
    ReadRequestTemplate template = new ReadRequestTemplate(plan, SETTINGS);
    for (int round = 0; round < 2; round++) {
      for (List<Object> values : valueSets) {
        ReadRequests expected = new ReadRequestBuilder(plan, SETTINGS, new KeyValueBinder(values)).build();
        ReadRequests actual = template.builder(new KeyValueBinder(values)).build();
        assertEquals(expected, actual, "values " + values);
        for (int i = 0; i < expected.requests().size(); i++) {
          assertEquals(expected.requests().get(i).toString(), actual.requests().get(i).toString());
          assertEquals(sdk(expected.requests().get(i)), sdk(actual.requests().get(i)), "values " + values);
        }
      }
    }
  }

  /** The request as it is sent, which is what two requests built alike must agree on. */
  private static CopyableRequest sdk(ReadRequest request) {
    return CopyableRequest.of(request, Optional.empty(), ReturnConsumedCapacity.INDEXES);
  }



  private static List<Object> values(Object... values) {
    return Arrays.asList(values);
  }
}
