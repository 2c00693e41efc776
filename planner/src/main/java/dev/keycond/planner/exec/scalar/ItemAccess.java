package dev.keycond.planner.exec.scalar;

import dev.keycond.planner.error.KeycondException;
import dev.keycond.planner.error.SqlState;
import dev.keycond.planner.exec.Scalar;
import java.util.List;
import java.util.Map;

/**
 * Reading into arrays (sets) and maps: {@code container[key]}, a 1-based element of an array or the
 * value of a map key, NULL when absent; and {@code CARDINALITY(container)}, its number of elements.
 */
final class ItemAccess {
  private ItemAccess() {}

  static Scalar item(Scalar container, Scalar key) {
    return Strict.of(container, key, (c, k) -> {
      if (c instanceof List<?> list) {
        long index = ((Number) k).longValue();
        return index >= 1 && index <= list.size() ? list.get((int) index - 1) : null;
      }
      if (c instanceof Map<?, ?> map) {
        return map.get(k);
      }
      throw new KeycondException(SqlState.DATA_EXCEPTION,
          "[] applies to arrays and maps, not to a " + c.getClass().getSimpleName());
    });
  }

  static Scalar cardinality(Scalar container) {
    return Strict.of(container, c -> {
      if (c instanceof List<?> list) {
        return list.size();
      }
      if (c instanceof Map<?, ?> map) {
        return map.size();
      }
      throw new KeycondException(SqlState.DATA_EXCEPTION,
          "CARDINALITY applies to arrays and maps, not to a " + c.getClass().getSimpleName());
    });
  }
}
