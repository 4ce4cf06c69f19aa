package weft.pointer;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What a library function's deep argument reaches ({@code weft.model.Event.MemArg#deep}), with the bytes of each
 * object it can reach: an object reached only through pointers known to point into one of its array members
 * (tagged or range locations, {@link Extents}) is reached only within those members, since the library walks a
 * buffer it is handed within its array (C11 7.1.4, 7.24.1p1: zlib reads {@code avail_in} bytes from {@code next_in});
 * an object reached through any other pointer, and every root, is reached whole. The pointers followed from an
 * object reached within members are those stored in the members, anywhere in the object ({@link Solver.Obj#anyCell})
 * or anywhere in the members (their range cells): whatever a read there can see.
 *
 * <p>Assumes what {@link Extents} assumes; otherwise it over-approximates like {@link Queries#reachable}: every
 * pointer stored in a reached part is followed, whatever the statement order.
 */
final class DeepReach {
    private DeepReach() {
    }

    /**
     * The objects reachable from {@code roots} (whole), each with {@code {lo, hi}} (the bytes reached) or null
     * (whole), in the order they are found; the pointers stored in an object {@code follow} rejects are not followed.
     */
    static Map<MemObject, long[]> of(Solver s, Collection<MemObject> roots, Predicate<MemObject> follow) {
        Map<Integer, long[]> extent = new LinkedHashMap<>();
        Map<Integer, Boolean> whole = new LinkedHashMap<>();
        ArrayDeque<Integer> work = new ArrayDeque<>();
        for (MemObject m : roots) {
            Integer id = s.objIds.get(m);
            if (id != null && whole.put(id, true) == null) work.add(id);
        }
        while (!work.isEmpty()) {
            int obj = work.poll();
            Solver.Obj o = s.obj(obj);
            if (o.object == null || !follow.test(o.object)) continue;
            boolean all = whole.getOrDefault(obj, false);
            long[] x = extent.get(obj);
            IntSet cells = new IntSet();
            for (int i = 0; i < o.cells.size(); i++) {
                int l = o.cells.get(i);
                if (all || s.locOff[l] >= x[0] && s.locOff[l] < x[1]) cells.add(s.locCell[l]);
            }
            if (o.anyCell >= 0) cells.add(o.anyCell);
            for (int e = 0; e < o.rangeCell.length; e++) {
                if (o.rangeCell[e] >= 0 && (all || o.ext[2 * e + 1] > x[0] && o.ext[2 * e] < x[1])) cells.add(o.rangeCell[e]);
            }
            IntList copies = s.copies.get(o.object);
            if (copies != null) {
                for (int c = 0; c < copies.size(); c++) {
                    Solver.Obj co = s.obj(copies.get(c));
                    for (int i = 0; i < co.cells.size(); i++) cells.add(s.locCell[co.cells.get(i)]);
                    if (co.anyCell >= 0) cells.add(co.anyCell);
                }
            }
            for (int node : cells.toArray()) {
                IntSet p = node < 0 ? null : s.ptsOf(node);
                if (p == null) continue;
                for (int l : p.toArray()) {
                    int t = s.locObj[l];
                    if (s.obj(t).object == null) continue;
                    if (reach(s, t, l, extent, whole)) work.add(t);
                }
            }
        }
        Map<MemObject, long[]> out = new LinkedHashMap<>();
        for (Map.Entry<Integer, Boolean> w : whole.entrySet()) out.put(s.obj(w.getKey()).object, null);
        for (Map.Entry<Integer, long[]> r : extent.entrySet()) out.putIfAbsent(s.obj(r.getKey()).object, r.getValue());
        return out;
    }

    /** Records that location {@code l} of object {@code t} is reached; whether what is reached of {@code t} grew. */
    private static boolean reach(Solver s, int t, int l, Map<Integer, long[]> extent, Map<Integer, Boolean> whole) {
        if (whole.getOrDefault(t, false)) return false;
        int e = s.locExt[l];
        if (e < 0) {
            whole.put(t, true);
            return true;
        }
        long[] ext = s.obj(t).ext;
        long lo = ext[2 * e];
        long hi = ext[2 * e + 1];
        long[] x = extent.get(t);
        if (x == null) {
            extent.put(t, new long[] {lo, hi});
            return true;
        }
        if (lo >= x[0] && hi <= x[1]) return false;
        x[0] = Math.min(x[0], lo);
        x[1] = Math.max(x[1], hi);
        return true;
    }
}
