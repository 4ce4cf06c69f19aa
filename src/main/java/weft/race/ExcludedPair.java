package weft.race;

import weft.pointer.MemObject;
import weft.race.pair.Access;

/**
 * A pair of conflicting-looking accesses that an exclusion rule separated (kept only with
 * {@link AnalysisOptions#explain()}).
 *
 * @param object the shared object (group) both accesses touch
 * @param rule   the {@link ExclusionRule#name() name} of the first rule that excluded the pair
 * @param reason that rule's description, e.g. {@code "common lock m"}
 */
public record ExcludedPair(MemObject object, Access first, Access second, String rule, String reason) {}
