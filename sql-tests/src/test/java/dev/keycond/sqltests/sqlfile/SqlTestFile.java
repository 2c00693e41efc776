package dev.keycond.sqltests.sqlfile;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed {@code .sqltest} file; sql-tests/README.md describes the format.
 *
 * @param resource where it came from, such as {@code sql/files-access-paths.sqltest}
 * @param fixtures the fixtures whose tables the cases read
 * @param mapping the mapping file the connection uses, or empty for none (raw tables only)
 * @param properties connection properties for every case
 */
public record SqlTestFile(String resource, List<String> fixtures, Optional<String> mapping,
    Map<String, String> properties, List<SqlTestCase> cases) {}
