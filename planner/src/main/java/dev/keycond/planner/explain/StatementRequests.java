package dev.keycond.planner.explain;

import dev.keycond.planner.settings.AwsCliTarget;
import java.util.List;
import java.util.Optional;

/**
 * What EXPLAIN says of a statement, as values rather than text: whether it writes, why keycond
 * would refuse it, and every request it sends in EXPLAIN's order, each as something to send by
 * hand. The workbench shows these; EXPLAIN PLAN AS JSON lists the same requests.
 *
 * @param refusal why keycond refuses the statement, if it does (the requests are then those it
 *     would need)
 * @param cliTarget where the AWS CLI commands of the requests send them, as the text EXPLAIN says
 */
public record StatementRequests(boolean write, Optional<String> refusal, List<CopyableRequest> requests,
    AwsCliTarget cliTarget) {
  public StatementRequests {
    requests = List.copyOf(requests);
  }
}
