package weft.pointer;

import weft.ir.Expr;
import weft.ir.Lvalue;

import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Query-time evaluation over a solved (frozen) {@link Solver}: what expressions point to and which
 * locations lvalues designate, mirroring {@link ConstraintBuilder}. Works on location ids and memoises:
 * the sets of nodes (shared by all cells merged into one node), reads of locations, and the answers per
 * expression and lvalue (by identity: the IR's records are immutable). Thread-safe.
 *
 * <p><b>Answers are exactly those of evaluating with {@link Loc} sets</b>: a location is identified by
 * its solver id, or, for object/offset pairs the solver never interned (code it did not translate, such
 * as conditions; offsets only queries compute), by a <em>virtual</em> id from {@link Solver#locCount} on.
 * Every set is an ordered list of distinct ids whose order is the iteration order the Loc-based
 * evaluation produced: reads in ascending solver id order, unions by first occurrence.
 */
final class Queries {
    private static final long UNKNOWN = ConstraintBuilder.UNKNOWN;
    private static final int[] NONE = new int[0];

    /** An ordered set of location ids; {@code bits} its members (solver ids only) when {@code ascending}. */
    private record Ids(int[] order, long[] bits, boolean ascending) {
        static final Ids EMPTY = new Ids(NONE, new long[0], true);
    }

    /** An identity key for caches of answers about IR nodes (their records compare deeply, which is slow). */
    record Key(Object o) {
        @Override
        public boolean equals(Object x) {
            return x instanceof Key k && k.o == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(o);
        }
    }

    /** One distinct answer (interned by content: many expressions read the same merged cells). */
    private static final class Answer {
        final int[] ids;
        private final int hash;
        /** The set handed to clients, made when first asked for. */
        volatile Set<Loc> set;

        Answer(int[] ids) {
            this.ids = ids;
            this.hash = Arrays.hashCode(ids);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Answer a && a.hash == hash && Arrays.equals(a.ids, ids);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private final Solver s;
    private final int solverLocs;
    /** Loc of every solver location id (object null for internal objects). */
    private final Loc[] locs;
    /** Virtual locations (added under the lock of {@code virtualIds}). */
    private final Map<Loc, Integer> virtualIds = new ConcurrentHashMap<>();
    private final Map<Integer, Loc> virtualLocs = new ConcurrentHashMap<>();
    /** Sorted sets of representative nodes, by node. */
    private final AtomicReferenceArray<Ids> nodeSets;
    /** Reads by solver location id, and by virtual id. */
    private final AtomicReferenceArray<Ids> reads;
    private final Map<Integer, Ids> virtualReads = new ConcurrentHashMap<>();
    /** Answers by expression and by lvalue (identity), and all distinct answers. */
    private final Map<Key, Answer> exprs = new ConcurrentHashMap<>(4096);
    private final Map<Key, Answer> lvalues = new ConcurrentHashMap<>(4096);
    private final Map<Answer, Answer> answers = new ConcurrentHashMap<>();

    /**
     * Derived answers of large answers, by the interned input: a field or index step ({@link #shiftAll}) and the union
     * of reads of a large set of locations ({@code *p} for such a {@code p}), once per distinct answer instead of once
     * per expression with it (sol: thousands of expressions through one cluster of 16,000 cells).
     */
    private record Derived(Answer in, long bytes, int kind) {}

    private final Map<Derived, Answer> derived = new ConcurrentHashMap<>();
    /** Inputs of at least this many locations have their derived answers kept ({@link #derived}). */
    private static final int DERIVED_FROM = 64;
    private static final int SHIFT = 0;
    private static final int SHIFT_IN_ARRAY = 1;
    private static final int READ = 2;

    /** The answer {@code ids}, shared with earlier equal ones. */
    private Answer intern(int[] ids) {
        Answer a = new Answer(ids);
        Answer old = answers.putIfAbsent(a, a);
        return old != null ? old : a;
    }

    Queries(Solver s) {
        this.s = s;
        this.solverLocs = s.locCount;
        this.locs = new Loc[solverLocs];
        for (int l = 0; l < solverLocs; l++) {
            Solver.Obj o = s.obj(s.locObj[l]);
            int e = s.locExt[l];
            if (e >= 0) {
                locs[l] = new Loc(o.object, s.isRange(l) ? Loc.ANY : s.locOff[l], o.ext[2 * e], o.ext[2 * e + 1]);
            } else {
                locs[l] = new Loc(o.object, s.locOff[l] == Solver.ANY ? Loc.ANY : s.locOff[l]);
            }
        }
        this.nodeSets = new AtomicReferenceArray<>(s.nodeCount);
        this.reads = new AtomicReferenceArray<>(solverLocs);
    }

    // ---------------------------------------------------------------- public answers (cached)

    Set<Loc> eval(Expr e) {
        Answer a = exprAnswer(e);
        // interned either way: equal answers are one set object, which clients may key by identity (Regions)
        return answerSet(a != null ? a : intern(evalIds(e)));
    }

    Set<Loc> locations(Lvalue lv) {
        return answerSet(lvalueAnswer(lv));
    }

    private Set<Loc> answerSet(Answer a) {
        Set<Loc> r = a.set;
        if (r == null) a.set = r = toLocs(a.ids);
        return r;
    }

    /** What a read at {@code l} yields (see {@link #read(int)}). */
    Set<Loc> read(Loc l) {
        return toLocs(read(idOf(l.object(), l.offset())).order());
    }

    /** Objects reachable from {@code roots} by following stored pointers, in the order first found. */
    Set<MemObject> reachable(java.util.Collection<Loc> roots) {
        return reachable(roots, o -> true);
    }

    /** The same, but the pointers stored in an object {@code follow} rejects are not followed (it is still included). */
    Set<MemObject> reachable(java.util.Collection<Loc> roots, java.util.function.Predicate<MemObject> follow) {
        Set<MemObject> seen = new LinkedHashSet<>();
        java.util.ArrayDeque<MemObject> work = new java.util.ArrayDeque<>();
        for (Loc r : roots) if (seen.add(r.object())) work.add(r.object());
        long[] done = new long[(solverLocs >>> 6) + 1];
        while (!work.isEmpty()) {
            MemObject from = work.poll();
            if (!follow.test(from)) continue;
            Ids ids = read(idOf(from, Loc.ANY));
            if (ids.ascending()) {
                long[] b = ids.bits();
                for (int w = 0; w < b.length; w++) {
                    long x = b[w] & ~done[w];
                    done[w] |= x;
                    while (x != 0) {
                        MemObject m = locOf((w << 6) + Long.numberOfTrailingZeros(x)).object();
                        if (seen.add(m)) work.add(m);
                        x &= x - 1;
                    }
                }
            } else {
                for (int id : ids.order()) {
                    if ((done[id >>> 6] & (1L << id)) != 0) continue;
                    done[id >>> 6] |= 1L << id;
                    MemObject m = locOf(id).object();
                    if (seen.add(m)) work.add(m);
                }
            }
        }
        return seen;
    }

    /** The objects of the locations {@code e} may point to that are functions, as link names in order. */
    List<String> functionNames(Expr e) {
        List<String> out = new ArrayList<>();
        for (int id : evalIds(e)) {
            if (locOf(id).object() instanceof MemObject.Fn fn && !out.contains(fn.linkName())) out.add(fn.linkName());
        }
        // in name order, independent of the order in which the solver propagated them
        out.sort(null);
        return out;
    }

    private Set<Loc> toLocs(int[] ids) {
        return ids.length == 0 ? Collections.emptySet() : new LocSet(ids);
    }

    /**
     * An unmodifiable set of locations in the order of an id list (distinct ids), without materialising
     * a hash set: iteration maps ids to their (shared) {@link Loc}s, {@code contains} tests a bitmap.
     */
    private final class LocSet extends AbstractSet<Loc> {
        private final int[] ids;
        private final long[] bits;

        LocSet(int[] ids) {
            this.ids = ids;
            int max = 0;
            for (int id : ids) max = Math.max(max, id);
            long[] b = new long[(max >>> 6) + 1];
            for (int id : ids) b[id >>> 6] |= 1L << id;
            this.bits = b;
        }

        @Override
        public int size() {
            return ids.length;
        }

        @Override
        public boolean contains(Object o) {
            if (!(o instanceof Loc l)) return false;
            int id = existingId(l.object(), l.offset());
            return id >= 0 && (id >>> 6) < bits.length && (bits[id >>> 6] & (1L << id)) != 0;
        }

        @Override
        public Iterator<Loc> iterator() {
            return new Iterator<>() {
                private int i;

                @Override
                public boolean hasNext() {
                    return i < ids.length;
                }

                @Override
                public Loc next() {
                    if (i >= ids.length) throw new NoSuchElementException();
                    return locOf(ids[i++]);
                }
            };
        }
    }

    // ---------------------------------------------------------------- location ids

    Loc locOf(int id) {
        return id < solverLocs ? locs[id] : virtualLocs.get(id);
    }

    /** The id of location (m, off) (off already normalised, or {@link Loc#ANY}), made if new. */
    private int idOf(MemObject m, long off) {
        int id = solverId(m, off);
        if (id >= 0) return id;
        return idOf(new Loc(m, off));
    }

    /** The id of {@code loc} (a plain location the solver lacks, or a range location), made if new. */
    private int idOf(Loc loc) {
        if (loc.isRange()) {
            Integer obj = s.objIds.get(loc.object());
            if (obj != null) {
                long[] ext = s.obj(obj).ext;
                for (int e = 0; e < ext.length / 2; e++) {
                    int r = s.obj(obj).rangeLoc[e];
                    if (ext[2 * e] == loc.rangeLo() && r >= 0 && r < solverLocs) return r;
                }
            }
        }
        int id;
        Integer v = virtualIds.get(loc);
        if (v != null) return v;
        synchronized (virtualIds) {
            v = virtualIds.get(loc);
            if (v != null) return v;
            id = solverLocs + virtualIds.size();
            virtualLocs.put(id, loc);
            virtualIds.put(loc, id);
            return id;
        }
    }

    /** The id of location (m, off) if it has one, else -1. */
    private int existingId(MemObject m, long off) {
        int id = solverId(m, off);
        if (id >= 0) return id;
        Integer v = virtualIds.get(new Loc(m, off));
        return v == null ? -1 : v;
    }

    private int solverId(MemObject m, long off) {
        Integer obj = s.objIds.get(m);
        return obj != null && off <= Integer.MAX_VALUE ? s.findLoc(obj, off) : -1;
    }

    private long limit(MemObject m) {
        Integer obj = s.objIds.get(m);
        return obj != null ? s.obj(obj).limit : Solver.limit(m);
    }

    /** The id of (m, off) normalised: offsets outside the object become ANY. */
    private int normalized(MemObject m, long off) {
        Integer obj = s.objIds.get(m);
        if (obj != null) return normalizedIn(obj, m, off);
        if (off != Loc.ANY && (off < 0 || off >= Solver.limit(m))) off = Loc.ANY;
        return idOf(new Loc(m, off));
    }

    /** {@link #normalized} for an object the solver numbered {@code obj}: no lookup of the object (shiftAll of a large set). */
    private int normalizedIn(int obj, MemObject m, long off) {
        if (off != Loc.ANY && (off < 0 || off >= s.obj(obj).limit)) off = Loc.ANY;
        int id = off <= Integer.MAX_VALUE ? s.findLoc(obj, off) : -1;
        return id >= 0 ? id : idOf(new Loc(m, off));
    }

    // ---------------------------------------------------------------- reads

    /**
     * What a read at location {@code id} yields: its cell (including weak writes at ANY), or all cells
     * for ANY; for a variable with copies in wrapper clones, the union over the variable and its copies.
     */
    private Ids read(int id) {
        Ids r = id < solverLocs ? reads.get(id) : virtualReads.get(id);
        if (r != null) return r;
        Loc l = locOf(id);
        Integer obj = s.objIds.get(l.object());
        IntList copies = s.copies.get(l.object());
        if (copies == null) {
            r = obj == null ? Ids.EMPTY : readObj(obj, l.offset());
        } else {
            Union u = new Union();
            if (obj != null) u.add(readObj(obj, l.offset()));
            for (int i = 0; i < copies.size(); i++) u.add(readObj(copies.get(i), l.offset()));
            r = u.ids();
        }
        if (id < solverLocs) reads.set(id, r);
        else virtualReads.put(id, r);
        return r;
    }

    private Ids readObj(int id, long offset) {
        Solver.Obj o = s.obj(id);
        if (o.unknown) return nodeSet(o.anyCell);
        if (offset == Loc.ANY) {
            if (o.sum >= 0) return nodeSet(o.sum);
            IntSet all = new IntSet();
            for (int i = 0; i < o.cells.size(); i++) addAll(all, s.locCell[o.cells.get(i)]);
            addAll(all, o.anyCell);
            for (int c : o.rangeCell) addAll(all, c);
            return sortedIds(canonical(all.sorted()));
        }
        int loc = s.findLoc(id, offset);
        if (loc >= 0 && s.locCell[loc] >= 0) return nodeSet(s.locCell[loc]);
        // no cell at this offset: what was written anywhere in the object, or anywhere in its array member
        int e = o.ext.length == 0 ? -1 : Extents.containing(o.ext, offset);
        if (e < 0 || o.rangeCell[e] < 0) return nodeSet(o.anyCell);
        IntSet both = new IntSet();
        addAll(both, o.anyCell);
        addAll(both, o.rangeCell[e]);
        return sortedIds(canonical(both.sorted()));
    }

    private void addAll(IntSet into, int node) {
        IntSet p = s.ptsOf(node);
        if (p != null) into.addAll(p, null);
    }

    private Ids nodeSet(int node) {
        if (node < 0) return Ids.EMPTY;
        int rep = s.find(node);
        Ids r = nodeSets.get(rep);
        if (r != null) return r;
        IntSet p = s.ptsOf(rep);
        r = p == null ? Ids.EMPTY : sortedIds(canonical(p.sorted()));
        nodeSets.set(rep, r);
        return r;
    }

    /**
     * {@code sorted} with the solver's range and tagged locations replaced by the locations clients see
     * ({@link Solver#canonical}), still sorted and without duplicates.
     */
    private int[] canonical(int[] sorted) {
        int[] canon = s.canonical;
        boolean same = true;
        for (int id : sorted) {
            if (canon[id] != id) {
                same = false;
                break;
            }
        }
        if (same) return sorted;
        int[] out = new int[sorted.length];
        for (int i = 0; i < sorted.length; i++) out[i] = canon[sorted[i]];
        Arrays.sort(out);
        int k = 0;
        for (int i = 0; i < out.length; i++) if (k == 0 || out[k - 1] != out[i]) out[k++] = out[i];
        return k == out.length ? out : Arrays.copyOf(out, k);
    }

    private static Ids sortedIds(int[] sorted) {
        if (sorted.length == 0) return Ids.EMPTY;
        long[] bits = new long[(sorted[sorted.length - 1] >>> 6) + 1];
        for (int id : sorted) bits[id >>> 6] |= 1L << id;
        return new Ids(sorted, bits, true);
    }

    /** An ordered union of id sets by first occurrence. */
    private final class Union {
        private long[] seen = new long[16];
        private int[] out = new int[16];
        private int n;
        private boolean ascending = true;

        /** Sets added whole (reads of cells merged into one node share theirs): each needs adding once. */
        private Ids last1;
        private Ids last2;
        private java.util.IdentityHashMap<Ids, Boolean> added;

        void add(Ids ids) {
            if (ids.order().length == 0 || ids == last1 || ids == last2) return;
            if (added == null) {
                if (last1 == null) {
                    last1 = ids;
                } else if (last2 == null) {
                    last2 = ids;
                } else {
                    added = new java.util.IdentityHashMap<>();
                    added.put(last1, Boolean.TRUE);
                    added.put(last2, Boolean.TRUE);
                }
            }
            if (added != null && added.put(ids, Boolean.TRUE) != null) return;
            if (ids.ascending()) {
                long[] b = ids.bits();
                if (b.length > seen.length) seen = Arrays.copyOf(seen, Math.max(b.length, seen.length * 2));
                for (int w = 0; w < b.length; w++) {
                    long x = b[w] & ~seen[w];
                    if (x == 0) continue;
                    seen[w] |= x;
                    while (x != 0) {
                        append((w << 6) + Long.numberOfTrailingZeros(x));
                        x &= x - 1;
                    }
                }
            } else {
                for (int id : ids.order()) add(id);
            }
        }

        void add(int[] ids) {
            for (int id : ids) add(id);
        }

        void add(int id) {
            int w = id >>> 6;
            if (w >= seen.length) seen = Arrays.copyOf(seen, Math.max(w + 1, seen.length * 2));
            if ((seen[w] & (1L << id)) != 0) return;
            seen[w] |= 1L << id;
            append(id);
        }

        private void append(int id) {
            if (n == out.length) out = Arrays.copyOf(out, n * 2);
            if (n > 0 && out[n - 1] > id) ascending = false;
            out[n++] = id;
        }

        int[] order() {
            return n == 0 ? NONE : Arrays.copyOf(out, n);
        }

        /** As a read result (only solver ids occur in reads). */
        Ids ids() {
            if (n == 0) return Ids.EMPTY;
            int[] o = order();
            return ascending ? sortedIds(o) : new Ids(o, null, false);
        }
    }

    // ---------------------------------------------------------------- expressions (mirror ConstraintBuilder)

    /** Location ids {@code e} may point to, in the order of the Loc-based evaluation. */
    int[] evalIds(Expr e) {
        Answer a = exprAnswer(e);
        if (a != null) return a.ids;
        if (e instanceof Expr.FuncRef f) return new int[] {idOf(new MemObject.Fn(f.name()), 0)};
        return NONE;
    }

    /** The memoised answer for a pointer-carrying expression form, null for others (function names, constants). */
    private Answer exprAnswer(Expr e) {
        if (!(e instanceof Expr.Load) && !(e instanceof Expr.AddrOf) && !(e instanceof Expr.Cast) && !(e instanceof Expr.Binary)) return null;
        Key k = new Key(e);
        Answer a = exprs.get(k);
        if (a == null) {
            a = intern(evalUncached(e));
            exprs.put(k, a);
        }
        return a;
    }

    private int[] evalUncached(Expr e) {
        if (e instanceof Expr.Load l) {
            int[] at = locationIds(l.lvalue());
            if (at.length < DERIVED_FROM) return reads(at);
            return derived.computeIfAbsent(new Derived(intern(at), 0, READ), k -> intern(reads(k.in().ids))).ids;
        }
        if (e instanceof Expr.AddrOf a) return locationIds(a.lvalue());
        if (e instanceof Expr.Binary b) return binary(b);
        Expr.Cast c = (Expr.Cast) e;
        Expr op = c.operand();
        if (!c.type().isPointer() || ConstraintBuilder.pointerLike(op.type())) return evalIds(op);
        if (Consts.isConstant(op)) return NONE;
        int[] r = evalIds(op);
        if (r.length == 0) return new int[] {idOf(new MemObject.Unknown(), Loc.ANY)};
        return r;
    }

    private int[] binary(Expr.Binary b) {
        int[] out = NONE;
        for (PointerArith.Flow f : PointerArith.flows(b)) {
            out = union(out, shiftAll(evalIds(f.operand()), f.bytes() == null ? UNKNOWN : shiftBytes(f.bytes()), f.inArray()));
        }
        return out;
    }

    private int[] union(int[] a, int[] b) {
        if (b.length == 0) return a;
        if (a.length == 0) return b;
        Union u = new Union();
        u.add(a);
        u.add(b);
        return u.order();
    }

    private static long shiftBytes(long bytes) {
        int sh = Shift.plain(bytes);
        return sh == Shift.WHOLE ? UNKNOWN : sh;
    }

    /** Locations designated by {@code lv}: base locations plus an accumulated byte offset, normalised once. */
    int[] locationIds(Lvalue lv) {
        return lvalueAnswer(lv).ids;
    }

    private Answer lvalueAnswer(Lvalue lv) {
        Key k = new Key(lv);
        Answer a = lvalues.get(k);
        if (a == null) {
            long[] shift = {0};
            int[] base = baseOf(lv, shift);
            a = intern(shiftAll(base, shift[0], true));
            lvalues.put(k, a);
        }
        return a;
    }

    private int[] baseOf(Lvalue lv, long[] shift) {
        if (lv instanceof Lvalue.Var v) return new int[] {idOf(new MemObject.Var(v.variable()), 0)};
        if (lv instanceof Lvalue.Field f) {
            int[] base = baseOf(f.base(), shift);
            shift[0] = add(shift[0], f.field().offset());
            return base;
        }
        if (lv instanceof Lvalue.Index ix) {
            int[] base = baseOf(ix.base(), shift);
            shift[0] = add(shift[0], ConstraintBuilder.indexBytes(ix));
            return base;
        }
        return evalIds(((Lvalue.Deref) lv).pointer());
    }

    private static long add(long a, long b) {
        if (a == UNKNOWN || b == UNKNOWN) return UNKNOWN;
        return shiftBytes(a + b);
    }

    /**
     * {@code ids} moved by {@code bytes} ({@link #UNKNOWN}: by an unknown amount); a range location stays itself
     * if {@code inArray} (the move stays in its array member, as in the solver: {@link Solver#shift}).
     */
    private int[] shiftAll(int[] ids, long bytes, boolean inArray) {
        if (bytes == 0 || ids.length == 0) return ids;
        if (ids.length < DERIVED_FROM) return shifted(ids, bytes, inArray);
        return derived.computeIfAbsent(new Derived(intern(ids), bytes, inArray ? SHIFT_IN_ARRAY : SHIFT),
                k -> intern(shifted(k.in().ids, k.bytes(), k.kind() == SHIFT_IN_ARRAY))).ids;
    }

    /** The union of the reads of locations {@code at}, in order of first occurrence. */
    private int[] reads(int[] at) {
        Union u = new Union();
        for (int loc : at) u.add(read(loc));
        return u.order();
    }

    /** {@link #shiftAll}, computed. */
    private int[] shifted(int[] ids, long bytes, boolean inArray) {
        Union u = new Union();
        for (int id : ids) {
            Loc l = locOf(id);
            if (inArray && l.isRange()) {
                u.add(id);
                continue;
            }
            if (inArray && l.isTagged() && bytes == UNKNOWN) {
                u.add(idOf(new Loc(l.object(), Loc.ANY, l.rangeLo(), l.rangeHi())));
                continue;
            }
            boolean any = bytes == UNKNOWN || l.offset() == Loc.ANY;
            long off = any ? Loc.ANY : l.offset() + bytes;
            u.add(id < solverLocs ? normalizedIn(s.locObj[id], l.object(), off) : normalized(l.object(), off));
        }
        return u.order();
    }
}
