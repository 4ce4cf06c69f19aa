package weft.race.rules;

import weft.access.Region;
import weft.access.SymbolicBase;
import weft.ir.CType;
import weft.ir.StructType;
import weft.lock.SymbolicLock;
import weft.pointer.MemObject;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An access through a pointer to a struct type {@code T} ({@code p->f}, {@code p->buf[i]}) into a
 * declared variable touches a {@code T} sub-object of it: the variable's declared type fixes where
 * {@code T} objects can be (the elements of a {@code T} array member, a {@code T} member, the variable
 * itself), so an access to bytes of the variable outside every such position ({@code m.totals} beside
 * {@code m.accts[k]}, when {@code a = &m.accts[k]} with an unknown {@code k} gives {@code a->balance} a
 * region over the whole of {@code m}) cannot be the same memory. Positions inside a character array
 * (storage that may be reused for any type), a union member and a member of unknown layout count as
 * anywhere in it. A declared type with no {@code T} inside at all is taken as a pun of the variable
 * ({@code struct sockaddr *} over a {@code struct sockaddr_in}) and restricts nothing.
 *
 * <p>Assumes, as {@link SymbolicLockRule} and {@link DisjointMembers} do: an access through a
 * {@code struct T} lvalue is to a {@code T} object (C's effective-type rules: the effective type of a
 * declared object is its declared type, so a {@code T} lvalue can only designate one of its {@code T}
 * sub-objects, or storage of character type), and the access stays inside that object. Heap objects
 * (whose effective type their stores decide) are left alone.
 */
public final class DeclaredSubobjects implements ExclusionRule {
    /** Reads only the two memory accesses. */
    @Override
    public boolean accessOnly() {
        return true;
    }

    /** Starts {@code start + k * stride} for {@code 0 <= k < count}. */
    private record Progression(long start, long stride, long count) {
        /** Whether some {@code [s + lo, s + hi)} with s a start meets {@code [x0, x1)}. */
        boolean meets(long lo, long hi, long x0, long x1) {
            long kmin = Math.max(0, Math.floorDiv(x0 - hi - start, stride) + 1);
            long kmax = Math.min(count - 1, Math.floorDiv(x1 - lo - start - 1, stride));
            return kmin <= kmax;
        }
    }

    /** A declared type and a struct type, compared as the IR's types (not by their printed names). */
    private record Key(CType declared, StructType struct) {}

    /** Per (declared type, struct type) where the struct's objects can start; not thread-safe (one per pairing). */
    private final Map<Key, List<Progression>> positions = new HashMap<>();

    /** In either role ({@link #outside}) both accesses touch one variable. */
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return a.region().object() instanceof MemObject.Var;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        if (outside(a, b) || outside(b, a)) return "not in a " + typeOf(a, b) + " sub-object of the variable";
        return null;
    }

    private static String typeOf(Access a, Access b) {
        SymbolicBase s = a.access().symbolic() != null ? a.access().symbolic() : b.access().symbolic();
        return s == null ? "?" : s.pointee().unqualified().toString();
    }

    /** Whether {@code b}'s bytes lie outside every place in its variable where {@code a}'s access can be. */
    private boolean outside(Access a, Access b) {
        SymbolicBase s = a.access().symbolic();
        if (s == null || s.array() != null || !(s.pointee().unqualified() instanceof StructType t) || t.size() <= 0) return false;
        Region ra = a.region();
        Region rb = b.region();
        if (!(ra.object() instanceof MemObject.Var v) || !ra.object().equals(rb.object())) return false;
        long[] bytes = s.bytes(ra.size());
        if (bytes == null || rb.endExclusive() >= Region.UNBOUNDED) return false;
        List<Progression> ps = positions.computeIfAbsent(new Key(v.variable().type(), t),
                k -> where(k.declared(), k.struct(), 0));
        // no T inside the declared type at all: the pointer puns the variable (struct sockaddr over a
        // struct sockaddr_in): no place to restrict the access to
        if (ps == null || ps.isEmpty()) return false;
        for (Progression p : ps) if (p.meets(bytes[0], bytes[1], rb.minStart(), rb.endExclusive())) return false;
        return true;
    }

    /** Where objects of {@code t} can start inside an object of type {@code d} at {@code base}; null if unknown. */
    private static List<Progression> where(CType d, StructType t, long base) {
        CType u = d.unqualified();
        List<Progression> out = new ArrayList<>();
        if (u.size() <= 0) return null;
        if (SymbolicLock.sameType(u, t)) {
            out.add(new Progression(base, t.size(), 1));
            return out;
        }
        if (u instanceof CType.Array arr) {
            CType e = arr.element().unqualified();
            if (e.size() <= 0) return null;
            if (!(e instanceof StructType) && !(e instanceof CType.Array)) {
                // character storage may hold objects of any type: anywhere a t fits; other scalars hold no t
                if (e.size() == 1) out.add(new Progression(base, 1, Math.max(0, u.size() - t.size() + 1)));
                return out;
            }
            List<Progression> inner = where(e, t, 0);
            if (inner == null) return null;
            for (Progression p : inner) {
                if (p.count() == 1) out.add(new Progression(base + p.start(), e.size(), arr.length()));
                else for (long k = 0; k < arr.length(); k++) out.add(new Progression(base + k * e.size() + p.start(), p.stride(), p.count()));
                if (out.size() > 10_000) return null;
            }
            return out;
        }
        if (u instanceof StructType st) {
            if (!st.isComplete()) return null;
            if (st.isUnion() && st.fields().isEmpty()) return null;
            for (StructType.Field f : st.fields()) {
                if (f.isBitField()) continue;
                List<Progression> inner = where(f.type(), t, base + f.offset());
                if (inner == null) return null;
                out.addAll(inner);
            }
            return out;
        }
        return out; // a scalar or pointer holds no struct object
    }
}
