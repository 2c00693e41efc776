package dev.keycond.planner.settings;

import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The {@code consumedCapacity} connection property: what every request asks DynamoDB to report of
 * the capacity it consumed, which is what a statement's cost can say of its units. Asking costs
 * DynamoDB nothing, but an emulator computes the report on the machine's own cores, and a program
 * that never reads the cost may not want the larger answers.
 */
public enum CapacityReport {
  /** The units of the table and of each index apart ({@code ReturnConsumedCapacity=INDEXES}). */
  INDEXES(ReturnConsumedCapacity.INDEXES),
  /** The units of the whole request, counted on its table ({@code ReturnConsumedCapacity=TOTAL}). */
  TOTAL(ReturnConsumedCapacity.TOTAL),
  /** No units: a statement's cost counts its requests and items only ({@code ReturnConsumedCapacity=NONE}). */
  NONE(ReturnConsumedCapacity.NONE);

  private final ReturnConsumedCapacity asked;

  CapacityReport(ReturnConsumedCapacity asked) {
    this.asked = asked;
  }

  /** What each request carries as its {@code ReturnConsumedCapacity}. */
  public ReturnConsumedCapacity asked() {
    return asked;
  }

  /** Whether DynamoDB reports any units, so that a cost of 0 units means nothing was consumed. */
  public boolean reportsUnits() {
    return this != NONE;
  }

  /** The property's value, in any case: {@code indexes}, {@code total} or {@code none}. */
  public static CapacityReport parse(String text) {
    return PropertyChoice.parse(CapacityReport.class, "consumedCapacity", text);
  }
}
