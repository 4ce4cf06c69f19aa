package weft.bounded.bmc;

import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The contents of memory in one symbolic state, immutable: the bytes at constant addresses that were written
 * ({@code known}, one term per byte, so that the many accesses of the sequential program to named objects need no
 * case split), over a history of writes ({@code rest}, {@link Rest}: no array terms) that holds every other byte. The
 * memory's value at address {@code a} is {@code known[a]} if present, else {@code rest[a]}. An access at an address
 * that does not simplify to a constant first moves the known bytes into the history ({@link #flushed}), and so does a
 * write that would make the known bytes more than {@link #MAX_KNOWN}.
 */
final class Bytes {
    /** Known bytes kept at most; beyond, they are stored into the history (each write copies the map: bounded work). */
    static final int MAX_KNOWN = 2048;

    private final Context ctx;
    private final int bits;
    private final Map<Long, Expr<BitVecSort>> known;
    private final Rest rest;
    private final Candidates cands;
    /** The encoding's count of its work ({@link Effort}), shared by every memory of one encoding. */
    private final Effort effort;

    Bytes(Context ctx, Candidates cands, Effort effort, int bits, Map<Long, Expr<BitVecSort>> known, Rest rest) {
        this.ctx = ctx;
        this.cands = cands;
        this.effort = effort;
        this.bits = bits;
        this.known = known;
        this.rest = rest;
    }

    private Expr<BitVecSort> at(long a) {
        return ctx.mkBV(Long.toUnsignedString(a), bits);
    }

    private Expr<BitVecSort> byteAt(long c) {
        Expr<BitVecSort> v = known.get(c);
        return v != null ? v : rest.read(ctx, effort, at(c));
    }

    /**
     * The byte at {@code addr}: by its constant address, by a case split over the few constants it can be
     * ({@link Candidates}), or from the history with the known bytes stored into it.
     */
    Expr<BitVecSort> read(Expr<BitVecSort> addr) {
        List<Long> cs = cands.of(addr);
        if (cs == null) return flushed().rest.read(ctx, effort, addr);
        Expr<BitVecSort> v = byteAt(cs.get(cs.size() - 1));
        for (int i = cs.size() - 2; i >= 0; i--) {
            @SuppressWarnings("unchecked") Expr<BitVecSort> e = (Expr<BitVecSort>) ctx.mkITE(ctx.mkEq(addr, at(cs.get(i))), byteAt(cs.get(i)), v);
            v = e;
        }
        return v;
    }

    /** This memory with the bytes {@code values} at the constant addresses from {@code base} on (one copy of the map). */
    Bytes writeAll(long base, List<Expr<BitVecSort>> values) {
        if (values.size() > MAX_KNOWN) {
            // more bytes than the known bytes may hold: all into the history (a flush alone would not make room)
            Rest r = flushed().rest;
            for (int i = 0; i < values.size(); i++) r = r.store(at(base + i), values.get(i));
            return new Bytes(ctx, cands, effort, bits, Map.of(), r);
        }
        if (known.size() + values.size() > MAX_KNOWN) return flushed().writeAll(base, values);
        Map<Long, Expr<BitVecSort>> k = new HashMap<>(known);
        for (int i = 0; i < values.size(); i++) k.put(base + i, values.get(i));
        return new Bytes(ctx, cands, effort, bits, k, rest);
    }

    /** This memory with byte {@code value} at {@code addr}. */
    Bytes write(Expr<BitVecSort> addr, Expr<BitVecSort> value) {
        List<Long> cs = cands.of(addr);
        if (cs != null && known.size() + cs.size() > MAX_KNOWN) return flushed().write(addr, value);
        if (cs != null) {
            Map<Long, Expr<BitVecSort>> k = new HashMap<>(known);
            if (cs.size() == 1) {
                k.put(cs.get(0), value);
            } else {
                for (long c : cs) {
                    @SuppressWarnings("unchecked") Expr<BitVecSort> e = (Expr<BitVecSort>) ctx.mkITE(ctx.mkEq(addr, at(c)), value, byteAt(c));
                    k.put(c, e);
                }
            }
            return new Bytes(ctx, cands, effort, bits, k, rest);
        }
        Bytes f = flushed();
        return new Bytes(ctx, cands, effort, bits, Map.of(), f.rest.store(addr, value));
    }

    /** The same memory with every known byte stored into the history. */
    Bytes flushed() {
        if (known.isEmpty()) return this;
        Rest r = rest;
        for (Map.Entry<Long, Expr<BitVecSort>> e : new java.util.TreeMap<>(known).entrySet()) r = r.store(at(e.getKey()), e.getValue());
        return new Bytes(ctx, cands, effort, bits, Map.of(), r);
    }

    /** SymMemory with fresh contents ({@code fresh} names them) except the bytes in {@code [from, to)}. */
    Bytes havocExcept(long from, long to, String fresh) {
        Map<Long, Expr<BitVecSort>> k = new HashMap<>();
        for (long a = from; a < to; a++) {
            Expr<BitVecSort> v = known.get(a);
            k.put(a, v != null ? v : rest.read(ctx, effort, at(a)));
        }
        return new Bytes(ctx, cands, effort, bits, k, Rest.havoc(ctx, fresh, bits));
    }

    /** The memory of the state whose guard holds among {@code gs} (at most one does), given {@code ms}. */
    int knownCount() { return known.size(); }

    static Bytes merge(Context ctx, BoolExpr[] gs, List<Bytes> ms) {
        Bytes first = ms.get(0);
        boolean sameRest = ms.stream().allMatch(m -> m.rest == first.rest);
        java.util.Set<Long> keys = new java.util.TreeSet<>();
        for (Bytes m : ms) keys.addAll(m.known.keySet());
        Map<Long, Expr<BitVecSort>> k = new HashMap<>();
        for (Long a : keys) {
            Expr<BitVecSort> acc = null;
            boolean same = true;
            Expr<BitVecSort> v0 = first.known.get(a);
            for (Bytes m : ms) if (m.known.get(a) != v0 && (v0 == null || !v0.equals(m.known.get(a)))) same = false;
            if (same) {
                k.put(a, v0);
                continue;
            }
            for (int i = ms.size() - 1; i >= 0; i--) {
                Bytes m = ms.get(i);
                Expr<BitVecSort> v = m.known.get(a);
                if (v == null) v = m.rest.read(ctx, m.effort, m.at(a));
                if (acc == null) acc = v;
                else if (!v.equals(acc)) {
                    @SuppressWarnings("unchecked") Expr<BitVecSort> e = (Expr<BitVecSort>) ctx.mkITE(gs[i], v, acc);
                    acc = e;
                }
            }
            k.put(a, acc);
        }
        Rest r = first.rest;
        if (!sameRest) {
            r = ms.get(ms.size() - 1).rest;
            for (int i = ms.size() - 2; i >= 0; i--) {
                r = Rest.ite(gs[i], ms.get(i).rest, r);
            }
        }
        return new Bytes(ctx, first.cands, first.effort, first.bits, k, r);
    }
}
