package weft.modular;

import weft.ir.Variable;

import java.util.HashMap;
import java.util.Map;

/**
 * The states right after a call, one per constant the callee may return, kept while nothing else
 * happens until the caller tests the result variable: {@code r = f(); if (r == 0) ...}. The branch
 * then continues in the join of the states whose return value satisfies the test, so that locks held
 * or threads created on only one of the callee's return paths are tracked precisely. Each snapshot is
 * a state the path through that return really reaches, so selecting among them is sound.
 */
public record ReturnSplit(Variable result, Map<Long, LocalState> byValue) {
    public ReturnSplit {
        byValue = Map.copyOf(byValue);
    }

    ReturnSplit join(ReturnSplit o) {
        if (o == null || !o.result.equals(result)) return null;
        Map<Long, LocalState> m = new HashMap<>(byValue);
        for (var e : o.byValue.entrySet()) m.merge(e.getKey(), e.getValue(), LocalState::join);
        return new ReturnSplit(result, m);
    }

    /** The join of the snapshots whose value {@code v} satisfies {@code v == k} (or {@code v != k}); null if none. */
    LocalState select(long k, boolean equal) {
        LocalState out = null;
        for (var e : byValue.entrySet()) {
            if ((e.getKey() == k) == equal) out = out == null ? e.getValue() : out.join(e.getValue());
        }
        return out;
    }
}
