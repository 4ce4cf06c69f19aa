package weft.race.pair;

/**
 * One reason why two accesses cannot form a data race. A pair may race only if no rule excludes it
 * (Goblint's {@code may_race} as a conjunction of per-digest contributions). Each implementation states
 * in its class comment why its exclusion is sound, i.e. why no execution has both accesses enabled at
 * the same time as conflicting accesses; the analyses it relies on must over-approximate.
 */
public interface ExclusionRule {
    /** Why {@code a} and {@code b} cannot race, or null if this rule does not exclude them. Symmetric. */
    String exclude(Access a, Access b, RaceContext ctx);

    /**
     * Whether {@link #exclude} reads nothing of the two accesses but their threads, thread-modular
     * states and source locations ({@code thread()}, {@code state()}, {@code loc()}), so that its answer
     * is the same for every pair of accesses with those three equal. {@code race.RaceDetector} then asks it
     * once per pair of (thread, state) classes at one pair of sites instead of once per pair of
     * accesses; a rule that says true here must not read the region, the access or the function.
     */
    default boolean threadStateOnly() {
        return false;
    }

    /**
     * Whether {@link #exclude} reads nothing of the two accesses but their memory accesses ({@code access()},
     * {@code region()}, {@code isWrite()}, {@code isAtomic()}, {@code loc()}) and the context, so that its answer
     * is the same for every pair of accesses whose {@link weft.access.MemoryAccess} values are equal, whatever
     * their threads, states, functions and edges. {@code race.RaceDetector} asks the rules at the head of its list that
     * say true here once per pair of distinct memory accesses at one pair of sites; a rule that says true here must
     * not read the thread, the state, the function or the edge, in {@link #exclude} nor in {@link #mayExclude}.
     */
    default boolean accessOnly() {
        return false;
    }

    /**
     * False only if this rule excludes no pair of accesses one of which is {@code a}, whatever the other is. {@link
     * RaceDetector} asks it once per access (for the rules it asks per pair) and skips the rule for every pair with an
     * access that says false, so that a rule which applies to few accesses (a symbolic lock, an instance-keyed thread)
     * costs little on the others. A false where the rule would exclude a pair would only report that pair as a
     * possible race (sound, but a different report): the answer must be exact in that direction.
     */
    default boolean mayExclude(Access a, RaceContext ctx) {
        return true;
    }

    /** A stable identifier of the rule for reports, e.g. {@code common-lock} for {@code CommonLock}. */
    default String name() {
        return getClass().getSimpleName().replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }
}
