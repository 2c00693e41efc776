package dev.keycond.planner.transaction;

import com.google.common.collect.ImmutableMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One item: its table and its key attributes. A transaction keeps one action per item. */
record ItemKey(String tableName, ImmutableMap<String, AttributeValue> key) {}
