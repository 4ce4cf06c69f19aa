package weft.race.rules;

import weft.access.SymbolicBase;
import weft.ir.CType;
import weft.ir.Lvalue;
import weft.ir.StructType;
import weft.lock.HeldLock;
import weft.lock.SymbolicLock;
import weft.model.Event.Mode;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Accesses to members of struct objects of one type, each made while holding the mutex member at the
 * same offset of its own object ({@code p->m} protecting {@code p->x}, Goblint's symbolic locksets):
 * if the two objects are the same, both threads hold the same mutex; if not, the accesses touch two
 * distinct objects of that type, which do not overlap. Either way no race. The lock is known relative
 * to the object either symbolically ({@code p->m} held with {@code p} unchanged since) or concretely
 * (a must-lock at byte {@code b+k} of the object whose element at byte {@code b} contains the access,
 * e.g. {@code cache[5].m} for {@code cache[5].refs}). Assumes accesses stay inside their object, as C
 * requires.
 *
 * <p>Assumes: symbolic locks hold only while their base pointer is unchanged (dropped on assignment of
 * the base, {@code LockState}); both accesses stay inside their objects (C semantics); the concrete
 * variant needs an exact region and a must-lock in the same object; the lock is one concrete mutex per
 * object (the object type fixes its offset).
 */
public final class SymbolicLockRule implements ExclusionRule {
    /** A lock at byte {@code offset} of the accessed object of type {@code type}. */
    private record Relative(String type, long size, long offset, Mode mode) {
        boolean excludes(Relative o) {
            return type.equals(o.type) && size == o.size && offset == o.offset && (mode == Mode.WRITE || o.mode == Mode.WRITE);
        }
    }

    /**
     * The locks relative to each access's object, per access (by identity): a pairing asks about each
     * access many times. Not thread-safe: one instance per pairing ({@code RaceDetector.standardRules}).
     */
    private final Map<Access, Set<Relative>> relatives = new IdentityHashMap<>();

    /** An access with no lock relative to its object excludes nothing: {@link #exclude} needs one on both sides. */
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return !relatives.computeIfAbsent(a, SymbolicLockRule::relative).isEmpty();
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        Set<Relative> ra = relatives.computeIfAbsent(a, SymbolicLockRule::relative);
        if (ra.isEmpty()) return null;
        Set<Relative> rb = relatives.computeIfAbsent(b, SymbolicLockRule::relative);
        for (Relative x : ra) {
            for (Relative y : rb) {
                if (x.excludes(y)) return "each holds the lock at +" + x.offset + " of its own " + x.type;
            }
        }
        return null;
    }

    private static Set<Relative> relative(Access a) {
        SymbolicBase s = a.access().symbolic();
        // neither a symbolic base nor a must-lock: no lock relative to the accessed object (the common case)
        if (s == null && a.state().locks().must().isEmpty()) return Set.of();
        Set<Relative> out = new HashSet<>();
        long accessSize = a.region().size();
        if (s != null && accessSize > 0 && s.bytes(accessSize) != null) {
            for (SymbolicLock l : a.state().locks().symbolic()) {
                if (l.sameBase(s.base(), s.array()) && SymbolicLock.sameType(l.pointee(), s.pointee()) && l.offset() < s.pointee().size()) {
                    out.add(new Relative(name(s.pointee()), s.pointee().size(), l.offset(), l.mode()));
                }
            }
        }
        Lvalue lv = a.access().lvalue();
        if (lv == null || !a.region().isExact() || a.state().locks().must().isEmpty()) return out;
        // Walk outwards through members and constant elements: each enclosing struct object.
        long within = 0;
        while (true) {
            if (lv instanceof Lvalue.Field f) {
                within += f.field().offset();
                lv = f.base();
            } else if (lv instanceof Lvalue.Index ix && ix.index() instanceof weft.ir.Expr.IntConst k) {
                within += k.value() * Math.max(0, ix.type().size());
                lv = ix.base();
            } else {
                break;
            }
            CType t = lv.type().unqualified();
            if (!(t instanceof StructType st) || st.size() <= 0) continue;
            long base = a.region().minStart() - within;
            if (within + accessSize > st.size()) continue;
            for (HeldLock h : a.state().locks().must()) {
                var lock = h.lock();
                if (lock.object() != null && lock.object().equals(a.region().object()) && lock.offset() >= base
                        && lock.offset() < base + st.size()) {
                    out.add(new Relative(name(st), st.size(), lock.offset() - base, h.mode()));
                }
            }
        }
        return out;
    }

    private static String name(CType t) {
        return t.unqualified().toString();
    }
}
