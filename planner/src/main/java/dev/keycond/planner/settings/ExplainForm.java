package dev.keycond.planner.settings;

import java.util.Locale;

/**
 * The {@code explain} connection property: what the text EXPLAIN shows under each DynamoDB request
 * besides its fields, so that the request can be sent by hand.
 */
public enum ExplainForm {
  /** The request's fields only. */
  TEXT,
  /** Also the AWS CLI command that sends the request. */
  CLI,
  /** Also the AWS SDK for Java v2 code that sends the request. */
  JAVA;

  public static ExplainForm parse(String text) {
    return PropertyChoice.parse(ExplainForm.class, "explain", text);
  }

  /** The property's value: {@code text}, {@code cli} or {@code java}. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
