package weft.bench;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a benchmark run was made, stored in the JSON results file.
 *
 * @param weftVersion Weft's version
 * @param started     when the run started (ISO-8601)
 * @param settings    the options of the run (timeout, memory, jobs, property, ...) as text
 */
public record RunInfo(String weftVersion, String started, Map<String, String> settings) {
    public RunInfo {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }
}
