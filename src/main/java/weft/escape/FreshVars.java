package weft.escape;

import weft.ir.Variable;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The abstract state of {@link FreshFlow}: which local pointer variables of the current function
 * certainly point into an <em>unpublished</em> object, grouped by token. A token stands for the
 * objects of one allocation (or of one parameter of the function); the state's invariant is that every
 * pointer into an object of a live token is held in a variable mapped to that token (an unaddressed
 * local of a frame of the running thread) — in no memory cell, no other thread.
 *
 * <p>Lattice (a must-analysis, more tokens is more precise): {@code a ⊑ b} iff every token of
 * {@code b} is a token of {@code a} with the same variable set. {@link #join} keeps exactly the
 * tokens both sides have with the same variables: it is the greatest lower bound under that order,
 * commutative, associative and idempotent. Dropping a token's variable alone would break the
 * invariant (that variable may still point into the object), so a token is always dropped whole.
 * Instances are immutable.
 */
public final class FreshVars {
    public static final FreshVars NONE = new FreshVars(Map.of());

    private final Map<Variable, Integer> tokens;

    private FreshVars(Map<Variable, Integer> tokens) {
        this.tokens = tokens;
    }

    /** The token of {@code v}, or null if {@code v} is not known to point into an unpublished object. */
    public Integer token(Variable v) {
        return tokens.get(v);
    }

    public boolean isEmpty() {
        return tokens.isEmpty();
    }

    /** {@code v} now points into the objects of {@code token} (null: into nothing tracked). */
    public FreshVars with(Variable v, Integer token) {
        if (java.util.Objects.equals(tokens.get(v), token)) return this;
        Map<Variable, Integer> m = new HashMap<>(tokens);
        if (token == null) m.remove(v);
        else m.put(v, token);
        return new FreshVars(Collections.unmodifiableMap(m));
    }

    /** The objects of {@code token} may now be reachable by others: no variable tracks them any more. */
    public FreshVars without(int token) {
        if (!tokens.containsValue(token)) return this;
        Map<Variable, Integer> m = new HashMap<>(tokens);
        m.values().removeIf(t -> t == token);
        return new FreshVars(Collections.unmodifiableMap(m));
    }

    /** Tokens currently live. */
    public Set<Integer> liveTokens() {
        return new HashSet<>(tokens.values());
    }

    public FreshVars join(FreshVars o) {
        if (this == o || tokens.equals(o.tokens)) return this;
        Map<Integer, Set<Variable>> mine = byToken();
        Map<Integer, Set<Variable>> theirs = o.byToken();
        Map<Variable, Integer> m = new HashMap<>();
        for (var e : mine.entrySet()) {
            if (e.getValue().equals(theirs.get(e.getKey()))) for (Variable v : e.getValue()) m.put(v, e.getKey());
        }
        return m.isEmpty() ? NONE : new FreshVars(Collections.unmodifiableMap(m));
    }

    private Map<Integer, Set<Variable>> byToken() {
        Map<Integer, Set<Variable>> out = new HashMap<>();
        tokens.forEach((v, t) -> out.computeIfAbsent(t, k -> new HashSet<>()).add(v));
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FreshVars f && f.tokens.equals(tokens);
    }

    @Override
    public int hashCode() {
        return tokens.hashCode();
    }

    @Override
    public String toString() {
        return tokens.toString();
    }
}
