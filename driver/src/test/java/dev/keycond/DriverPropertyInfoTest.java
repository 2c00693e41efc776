package dev.keycond;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.DriverPropertyInfo;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * What a tool's driver-properties dialog shows: the values the URL and the Properties give, never
 * the password's.
 */
class DriverPropertyInfoTest {
  private static final String SECRET = "wJalrXUtnFEMI-not-a-real-secret";

  @Test
  void theUrlsAndThePropertiesValuesAreShownAndThePasswordIsNot() {
    Properties info = new Properties();
    info.setProperty("user", "AKIDEXAMPLE");
    info.setProperty("scan", "allow");
    Map<String, String> values = values("jdbc:keycond:region=us-east-1;scan=limit:1000;password=" + SECRET, info);
    assertEquals("us-east-1", values.get("region"));
    // As a connection takes them: the Properties over the URL.
    assertEquals("allow", values.get("scan"));
    assertEquals("AKIDEXAMPLE", values.get("user"));
    assertTrue(values.containsKey("password"));
    assertNull(values.get("password"));
    assertNull(values.get("endpoint"));
  }

  @Test
  void thePasswordGivenAsAPropertyIsNotShownEither() {
    Properties info = new Properties();
    info.setProperty("password", SECRET);
    Map<String, String> values = values("jdbc:keycond:region=eu-west-1", info);
    assertEquals("eu-west-1", values.get("region"));
    assertNull(values.get("password"));
  }

  @Test
  void aUrlStillBeingTypedShowsThePropertiesAlone() {
    Properties info = new Properties();
    info.setProperty("region", "us-west-2");
    Map<String, String> values = values("jdbc:keycond:regio", info);
    assertEquals("us-west-2", values.get("region"));
    // A misspelt keycond property makes the URL one that does not connect yet.
    assertNull(values("jdbc:keycond:region=us-east-1;consistentReads=true", new Properties()).get("region"));
  }

  private static Map<String, String> values(String url, Properties info) {
    Map<String, String> values = new HashMap<>();
    for (DriverPropertyInfo property : new Driver().getPropertyInfo(url, info)) {
      assertFalse((property.name + property.value + property.description).contains(SECRET), property.name);
      values.put(property.name, property.value);
    }
    return values;
  }
}
