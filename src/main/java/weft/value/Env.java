package weft.value;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An abstract state at a CFG node: one interval per tracked variable (by slot number) plus a few
 * exact linear facts {@code x == y + c} between tracked variables, which let a test on a copy (for
 * example the temporary of {@code j--} in {@code while (j-- > 0)}) also bound the variable it was
 * copied from or to. Immutable; the unreachable state is represented by {@code null}, not by an Env.
 */
final class Env {
    /** The mathematical equality {@code value(x) == value(y) + c}, {@code x != y}. */
    record Fact(int x, int y, long c) implements Comparable<Fact> {
        @Override
        public int compareTo(Fact o) {
            int d = Integer.compare(x, o.x);
            if (d == 0) d = Integer.compare(y, o.y);
            return d != 0 ? d : Long.compare(c, o.c);
        }

        boolean mentions(int slot) {
            return x == slot || y == slot;
        }
    }

    /** At most this many facts are kept per state, so that joins stay cheap. */
    private static final int MAX_FACTS = 16;
    private static final Fact[] NO_FACTS = {};

    private final IntervalVector vals;
    /** Sorted, without duplicates. */
    private final Fact[] facts;

    private Env(IntervalVector vals, Fact[] facts) {
        this.vals = vals;
        this.facts = facts;
    }

    /** The state giving each variable its interval, without facts. */
    static Env of(Interval[] values) {
        return new Env(IntervalVector.of(values), NO_FACTS);
    }

    Interval get(int slot) {
        return vals.get(slot);
    }

    /** The state after {@code slot} receives a value in {@code v}: facts about the old value are dropped. */
    Env set(int slot, Interval v) {
        Fact[] fs = facts;
        for (Fact f : facts) {
            if (f.mentions(slot)) {
                fs = Arrays.stream(facts).filter(g -> !g.mentions(slot)).toArray(Fact[]::new);
                break;
            }
        }
        IntervalVector nv = vals.set(slot, v);
        return fs == facts && nv == vals ? this : new Env(nv, fs);
    }

    /** Whether this state knows {@code x == y + c} (or {@code y == x - c}) as a fact. */
    boolean hasFact(int x, int y, long c) {
        for (Fact f : facts) {
            if (f.x == x && f.y == y && f.c == c || f.x == y && f.y == x && f.c == -c) return true;
        }
        return false;
    }

    /** This state with the additional fact {@code x == y + c}. */
    Env withFact(int x, int y, long c) {
        Fact f = new Fact(x, y, c);
        if (x == y || facts.length >= MAX_FACTS || Arrays.binarySearch(facts, f) >= 0) return this;
        Fact[] fs = Arrays.copyOf(facts, facts.length + 1);
        fs[facts.length] = f;
        Arrays.sort(fs);
        return new Env(vals, fs);
    }

    /**
     * The state restricted to {@code slot} taking values in {@code allowed}, propagated once through the
     * facts to the variables related to it; null if some variable has no value left (infeasible).
     */
    Env refine(int slot, Interval allowed) {
        Interval v = vals.get(slot).meet(allowed);
        if (v.isBottom()) return null;
        if (v.equals(vals.get(slot))) return this;
        IntervalVector nv = vals.set(slot, v);
        for (Fact f : facts) {
            int other;
            Interval bound;
            if (f.y == slot) {
                other = f.x;
                bound = v.add(f.c);
            } else if (f.x == slot) {
                other = f.y;
                bound = v.sub(Interval.of(f.c));
            } else {
                continue;
            }
            Interval w = nv.get(other).meet(bound);
            if (w.isBottom()) return null;
            nv = nv.set(other, w);
        }
        return new Env(nv, facts);
    }

    /** Least upper bound: hull of intervals, facts valid in both. */
    Env join(Env o) {
        if (o == this) return this;
        IntervalVector nv = vals.zip(o.vals, (i, a, b) -> a.join(b));
        Fact[] fs = commonFacts(o);
        return nv == vals && fs == facts ? this : new Env(nv, fs);
    }

    /**
     * Widening of this (old) state by {@code o} (new state, above this one): an unstable bound jumps to
     * the nearest of the sorted {@code thresholds} beyond it, or to the variable's type limit in
     * {@code ranges}; only common facts are kept.
     */
    Env widen(Env o, Interval[] ranges, long[] thresholds) {
        IntervalVector nv = vals.zip(o.vals, (i, a, b) -> widen(a, b, ranges[i], thresholds));
        Fact[] fs = commonFacts(o);
        return nv == vals && fs == facts ? this : new Env(nv, fs);
    }

    private static Interval widen(Interval a, Interval b, Interval range, long[] thresholds) {
        if (a.isBottom() || b.isBottom()) return a.join(b);
        long lo = a.lo();
        long hi = a.hi();
        if (b.lo() < lo) {
            int k = Arrays.binarySearch(thresholds, b.lo());
            int below = k >= 0 ? k : -k - 2;
            lo = below >= 0 ? Math.max(thresholds[below], range.lo()) : range.lo();
        }
        if (b.hi() > hi) {
            int k = Arrays.binarySearch(thresholds, b.hi());
            int above = k >= 0 ? k : -k - 1;
            hi = above < thresholds.length ? Math.min(thresholds[above], range.hi()) : range.hi();
        }
        return Interval.of(lo, hi).join(b);
    }

    /** Greatest lower bound of two sound states (intersection, all facts); null if empty. */
    Env meet(Env o) {
        IntervalVector nv = vals.zip(o.vals, (i, a, b) -> a.meet(b));
        if (nv == null) return null;
        Env r = nv == vals ? this : new Env(nv, facts);
        for (Fact f : o.facts) r = r.withFact(f.x, f.y, f.c);
        return r;
    }

    private Fact[] commonFacts(Env o) {
        if (facts.length == 0) return facts;
        if (o.facts.length == 0) return NO_FACTS;
        if (Arrays.equals(facts, o.facts)) return facts;
        List<Fact> common = new ArrayList<>();
        for (Fact f : facts) if (Arrays.binarySearch(o.facts, f) >= 0) common.add(f);
        return common.size() == facts.length ? facts : common.toArray(NO_FACTS);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Env e && (e == this || vals.equals(e.vals) && Arrays.equals(facts, e.facts));
    }

    @Override
    public int hashCode() {
        return vals.hashCode() * 31 + Arrays.hashCode(facts);
    }

    @Override
    public String toString() {
        return vals + (facts.length == 0 ? "" : " " + Arrays.toString(facts));
    }
}
