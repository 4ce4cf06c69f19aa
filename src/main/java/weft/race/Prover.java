package weft.race;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The layers that may answer race-free ({@code true}), chosen by {@code weft check --prover} and
 * {@link AnalysisOptions#provers()}: the thread-modular layer (every pair of accesses excluded), the exhaustive
 * exploration ({@code weft.explore.StateSpace}) and the symbolic bounded layer ({@code weft.bounded}). All three by
 * default. With one, only its proofs are accepted; the others still run where it needs them (the bounded layer's
 * candidates come from the thread-modular pairing) and any layer may still answer {@code false} with a witness.
 *
 * <p>Soundness: choosing provers only takes proofs away (a proof not accepted leaves the verdict unknown), so each
 * choice is at most as complete as the default and exactly as sound as the layer chosen. It exists to test each
 * layer on its own (the soundness harness, {@code weft.soundness}): a wrong proof of a layer that the default
 * order hides behind another layer's answer, or behind the clock, shows up here.
 */
public enum Prover {
    THREAD_MODULAR, EXPLORATION, BOUNDED;

    /** Every prover (the default). */
    public static Set<Prover> all() {
        return Set.copyOf(EnumSet.allOf(Prover.class));
    }

    /** {@code thread-modular}, {@code exploration}, {@code bounded} or {@code all}. */
    public static Set<Prover> parse(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("all")) return all();
        for (Prover p : values()) if (p.label().equals(v)) return Set.of(p);
        throw new IllegalArgumentException("expected thread-modular, exploration, bounded or all but was '" + value + "'");
    }

    /** The option's spelling: {@code thread-modular}, {@code exploration}, {@code bounded}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
