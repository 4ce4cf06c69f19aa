package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code qsort}, {@code qsort_r}, {@code bsearch}, {@code lfind} and {@code lsearch} as glibc 2.36 runs them, calling
 * the program's comparator ({@link Semantics.SortStep}, {@link Semantics.SearchStep}), and glibc's hidden hash table
 * ({@code hcreate}, {@code hsearch}, {@code hdestroy}: {@link #hashTable}). The front end lowers such a call to a loop that asks
 * {@code __weft_sort_next} (or {@code __weft_search_next}) for the next comparison, calls the comparator with the two
 * element pointers it gives (for a search: the key and one element), and hands the comparator's result to the next
 * ask; the library call itself follows the loop ({@code weft.frontend.CallbackLowering}). Here each ask advances
 * glibc's algorithm by one comparison, making the library's own memory moves on the way:
 * <ul>
 * <li>{@code qsort} ({@code stdlib/msort.c}): a top-down merge sort ({@code msort_with_tmp}: the first half of
 * {@code n / 2} elements, then the rest, then a merge taking the left element while the comparator's result is at most
 * 0), each element the merge takes copied into a buffer of the library's at once, the rest of the left half after the
 * loop, and the merged elements copied back over the array ({@code n - n2} of them: the right half's rest is in
 * place). Elements larger than 32 bytes are sorted indirectly: the merges move pointers to the elements (the
 * comparator gets the elements at their first places), then the elements are permuted into place along cycles
 * (Knuth 5.2-10, a buffer of the library's holding one element). The element copies keep pointers and indeterminate
 * bytes ({@link Memory#copy}); reads and writes of the array are the call's accesses, those of the library's buffer
 * none.</li>
 * <li>{@code bsearch} ({@code bits/stdlib-bsearch.h}): the binary search over {@code [l, u)}, the middle element
 * {@code (l + u) / 2} compared with the key; the library reads no element itself. The found element (or null) is
 * {@code bsearch}'s result.</li>
 * <li>{@code lfind}, {@code lsearch} ({@code misc/lsearch.c}): the elements compared with the key in order while
 * {@code cnt < *nmemb}, the count read again before each comparison and once more after the comparison that answered
 * 0 (the return's {@code cnt < *nmemb}: the comparator is a call, so glibc reads it again); {@code lsearch} then copies
 * the key's {@code size} bytes after the last element and writes the count one higher when none was found.</li>
 * </ul>
 * The state of a sort or search in progress is the calling thread's ({@link ThreadState#sort}, immutable, replaced at
 * each ask). Must side: every comparison and move is glibc's, in glibc's order (the reproducer runs glibc's own
 * {@code qsort}, which calls the comparator the same way; the element moves TSan does not see are made visible by its
 * wrapper). glibc takes another algorithm (quicksort) only when its buffer cannot be had (more than a quarter of the
 * physical memory, or {@code malloc} failing), which arrays the explorer holds never need; larger arrays stop.
 * Proofs stop at the first ask (the thread's sort state is not part of a proof's state).
 */
final class Sorts {
    private Sorts() {
    }

    /** Elements larger than this are sorted through pointers (glibc's {@code msort.c}). */
    private static final long INDIRECT_ABOVE = 32;
    /** Comparisons a sort or search may take at most here (an array of about 4,000 elements). */
    private static final int MAX_COMPARISONS = 50_000;

    static boolean handles(Semantics s) {
        return s instanceof Semantics.SortStep || s instanceof Semantics.SearchStep || s instanceof Semantics.Sort || s instanceof Semantics.Search
                || s instanceof Semantics.HashTable;
    }

    /** One activation of {@code msort_with_tmp}: its elements {@code [lo, lo + n)}, where it is, its merge's cursors. */
    private record Frame(long lo, long n, int phase, long b1, long n1, long b2, long n2, long t) {
        Frame with(int phase, long b1, long n1, long b2, long n2, long t) {
            return new Frame(lo, n, phase, b1, n1, b2, n2, t);
        }
    }

    /**
     * A sort in progress: the array ({@code obj}, {@code off}), its element count and size, whether it is sorted
     * through pointers ({@code ptrs}: the pointer array's element indices, {@code merged}: the merge buffer's), the
     * library's buffer ({@code buffer}: -1 before the first move), the activations, whether a comparison is pending,
     * the comparisons so far, and whether it is done.
     */
    record SortRun(Value.Ptr base, long n, long size, boolean indirect, long[] ptrs, long[] merged, int buffer, List<Frame> stack,
                   boolean pending, int comparisons, boolean done) {
        /** The address of element {@code i}. */
        Value.Ptr element(long i) {
            return base.at(base.off() + i * size);
        }
    }

    /** A search in progress: the array, the bounds, the middle element asked about (-1: none), the element found (-1: none). */
    record SearchRun(Value.Ptr base, long n, long size, long l, long u, long idx, long found, int comparisons, boolean done) {
        SearchRun with(long l, long u, long idx, long found, int comparisons, boolean done) {
            return new SearchRun(base, n, size, l, u, idx, found, comparisons, done);
        }
    }

    /**
     * A linear search in progress: the array, the pointer to its element count, the element size, the element asked
     * about ({@code idx}), the element found (-1: none), whether it is done.
     */
    record LinearRun(Value.Ptr base, Value.Ptr nmemb, long size, long idx, long found, int comparisons, boolean done) {
        LinearRun with(long idx, long found, int comparisons, boolean done) {
            return new LinearRun(base, nmemb, size, idx, found, comparisons, done);
        }
    }

    /** A move of the library's: {@code count} elements copied, from the array or the buffer to the other or within the array. */
    private record Move(boolean fromArray, long from, boolean toArray, long to, long count) {}

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        ExecState st = in.st;
        if (sem instanceof Semantics.HashTable h) return hashTable(in, lib, t, c, e, call, name, h, args);
        if (st.exhaustive) throw Abandon.unsupported(name + ": a sort's progress is not part of a proof's state");
        if (st.speculating) throw Abandon.unsupported(name + " in an atomic section");
        if (sem instanceof Semantics.SortStep s) return sortStep(in, lib, t, c, e, call, name, s, args);
        if (sem instanceof Semantics.SearchStep s && s.linear()) return linearStep(in, lib, t, c, e, call, name, s, args);
        if (sem instanceof Semantics.SearchStep s) return searchStep(in, lib, t, c, e, call, name, s, args);
        if (sem instanceof Semantics.Sort s) {
            // the call after its loop: the sort it asked for is done
            if (!(t.sort instanceof SortRun r) || !r.done() || !same(r.base(), r.n(), r.size(), args, s.base(), s.count(), s.size())) {
                throw Abandon.unsupported(name + " without the comparisons of its loop");
            }
            if (!c.dry) t.sort = null;
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        Semantics.Search s = (Semantics.Search) sem;
        if (s.linear()) return linearEnd(in, lib, t, c, e, call, name, s, args);
        if (!(t.sort instanceof SearchRun r) || !r.done() || !same(r.base(), r.n(), r.size(), args, s.base(), s.count(), s.size())) {
            throw Abandon.unsupported(name + " without the comparisons of its loop");
        }
        if (!c.dry) t.sort = null;
        Value found = r.found() < 0 ? Value.ZERO : r.base().at(r.base().off() + r.found() * r.size());
        return in.finishCall(t, c, e, found, null);
    }

    /** Whether the call's array, count and size are those its loop sorted or searched ({@code base} null: no element looked at). */
    private static boolean same(Value.Ptr base, long n, long size, List<Value> args, int baseArg, int count, int sizeArg) {
        return LibraryBehaviour.arg(args, count) instanceof Value.Int k && k.v() == n && LibraryBehaviour.arg(args, sizeArg) instanceof Value.Int z
                && z.v() == size && (base == null || LibraryBehaviour.arg(args, baseArg) instanceof Value.Ptr p && p.sameAddress(base));
    }

    private static long count(List<Value> args, int i) {
        return LibraryFunctions.count(LibraryBehaviour.arg(args, i));
    }

    private static boolean sortStep(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                    Semantics.SortStep s, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, s.index()) instanceof Value.Int index)) throw Abandon.unsupported(name + " of an unknown count");
        long n = count(args, s.count()), size = count(args, s.size());
        SortRun run;
        Value.Ptr base = null;
        if (index.v() == 0) {
            if (n > 1) {
                base = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.base()), name);
                if (size == 0 || n * size > Memory.EXPLORED_OBJECT) throw Abandon.unsupported(name + " of " + n + " elements of " + size + " bytes");
                lib.memory().check(base.obj(), base.off(), n * size, false);
            }
            run = newSort(base, n, size);
        } else {
            if (!(t.sort instanceof SortRun r) || r.done()) throw Abandon.unsupported(name + " without a sort in progress");
            run = r;
        }
        if (run.done()) {
            // nothing to compare: the sort is done without a comparison
            if (!c.dry) t.sort = run;
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (!(LibraryBehaviour.arg(args, s.result()) instanceof Value.Int answer)) throw Abandon.unsupported(name + ": an unknown comparison");
        List<Move> moves = new ArrayList<>();
        SortRun next = advance(run, answer.v(), moves, name);
        for (Move m : moves) {
            if (m.fromArray()) lib.access(c, run.element(m.from()), m.count() * run.size(), false, call, name);
            if (m.toArray()) lib.access(c, run.element(m.to()), m.count() * run.size(), true, call, name);
        }
        Value.Ptr a = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.a()), name);
        Value.Ptr b = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.b()), name);
        if (!next.done()) {
            lib.access(c, a, st.dm.pointerSize, true, call, name);
            lib.access(c, b, st.dm.pointerSize, true, call, name);
        }
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        SortRun done = moved(st, run, next, moves, call);
        t.sort = done;
        if (done.done()) return in.finishCall(t, c, e, Value.ZERO, null);
        CType ptrType = st.voidPointer;
        Value.Ptr[] compared = compared(done);
        st.mem.write(a.obj(), a.off(), ptrType, compared[0]);
        st.mem.write(b.obj(), b.off(), ptrType, compared[1]);
        return in.finishCall(t, c, e, Value.ONE, IntConversions.INT);
    }

    /** A sort of the {@code n} elements of {@code size} bytes at {@code base} ({@code qsort}'s), before its first comparison. */
    static SortRun newSort(Value.Ptr base, long n, long size) {
        boolean indirect = size > INDIRECT_ABOVE;
        long[] ptrs = null;
        if (indirect && n > 1) {
            ptrs = new long[(int) n];
            for (int i = 0; i < n; i++) ptrs[i] = i;
        }
        List<Frame> stack = n > 1 ? List.of(new Frame(0, n, 0, 0, 0, 0, 0, 0)) : List.of();
        return new SortRun(base, n, size, indirect, ptrs, indirect && n > 1 ? new long[(int) n] : null, -1, stack, false, 0, n <= 1);
    }

    /**
     * {@code run} advanced by the pending comparison's {@code answer} (none pending: from its start) to its next
     * comparison or its end, the library's moves on the way made in memory (the buffer made at the first): the sort as
     * it then is. For a caller whose array no other thread may see yet ({@code scandir}'s list): no access recorded.
     */
    static SortRun step(ExecState st, SortRun run, long answer, Stmt.Call call, String name) {
        List<Move> moves = new ArrayList<>();
        SortRun next = advance(run, answer, moves, name);
        return moved(st, run, next, moves, call);
    }

    /** The two elements the pending comparison of {@code run} compares, in the comparator's order. */
    static Value.Ptr[] compared(SortRun run) {
        Frame f = run.stack().get(run.stack().size() - 1);
        long left = run.indirect() ? run.ptrs()[(int) f.b1()] : f.b1();
        long right = run.indirect() ? run.ptrs()[(int) f.b2()] : f.b2();
        return new Value.Ptr[] {run.element(left), run.element(right)};
    }

    /** {@code next}, which {@code moves} led to from {@code run}, with the moves made in memory (the buffer made at the first). */
    private static SortRun moved(ExecState st, SortRun run, SortRun next, List<Move> moves, Stmt.Call call) {
        SortRun done = next;
        int buffer = done.buffer();
        if (!moves.isEmpty() && buffer < 0) {
            long bytes = done.indirect() ? done.size() : done.n() * done.size();
            buffer = st.mem.create("<qsort buffer>", Block.Kind.SPECIAL, bytes, -1, call.loc()).id;
            done = new SortRun(done.base(), done.n(), done.size(), done.indirect(), done.ptrs(), done.merged(), buffer, done.stack(),
                    done.pending(), done.comparisons(), done.done());
        }
        for (Move m : moves) {
            int from = m.fromArray() ? run.base().obj() : buffer, to = m.toArray() ? run.base().obj() : buffer;
            long fromOff = (m.fromArray() ? run.base().off() : 0) + m.from() * run.size();
            long toOff = (m.toArray() ? run.base().off() : 0) + m.to() * run.size();
            st.mem.copy(to, toOff, from, fromOff, m.count() * run.size());
        }
        return done;
    }

    /**
     * glibc's {@code msort_with_tmp} from {@code run}, the pending comparison answered {@code answer}, up to the next
     * comparison or the end (then, for an indirect sort, the permutation into place); the moves made on the way go to
     * {@code moves}.
     */
    private static SortRun advance(SortRun run, long answer, List<Move> moves, String name) {
        SortRun next = advance(run, answer, moves);
        if (next.comparisons() > MAX_COMPARISONS) throw Abandon.unsupported(name + ": more than " + MAX_COMPARISONS + " comparisons");
        return next;
    }

    private static SortRun advance(SortRun run, long answer, List<Move> moves) {
        List<Frame> stack = new ArrayList<>(run.stack());
        long[] ptrs = run.ptrs() == null ? null : run.ptrs().clone();
        long[] merged = run.merged() == null ? null : run.merged().clone();
        boolean indirect = run.indirect();
        int comparisons = run.comparisons();
        if (run.pending()) {
            Frame f = stack.remove(stack.size() - 1);
            boolean left = (int) answer <= 0;
            long from = left ? f.b1() : f.b2();
            if (indirect) merged[(int) f.t()] = ptrs[(int) from];
            else moves.add(new Move(true, from, false, f.t(), 1));
            f = left ? f.with(3, f.b1() + 1, f.n1() - 1, f.b2(), f.n2(), f.t() + 1) : f.with(3, f.b1(), f.n1(), f.b2() + 1, f.n2() - 1, f.t() + 1);
            stack.add(f);
        }
        while (!stack.isEmpty()) {
            Frame f = stack.get(stack.size() - 1);
            long n1 = f.n() / 2, n2 = f.n() - n1;
            switch (f.phase()) {
                case 0 -> {
                    if (f.n() <= 1) {
                        stack.remove(stack.size() - 1);
                    } else {
                        stack.set(stack.size() - 1, f.with(1, 0, 0, 0, 0, 0));
                        stack.add(new Frame(f.lo(), n1, 0, 0, 0, 0, 0, 0));
                    }
                }
                case 1 -> {
                    stack.set(stack.size() - 1, f.with(2, 0, 0, 0, 0, 0));
                    stack.add(new Frame(f.lo() + n1, n2, 0, 0, 0, 0, 0, 0));
                }
                case 2 -> stack.set(stack.size() - 1, f.with(3, f.lo(), n1, f.lo() + n1, n2, 0));
                default -> {
                    if (f.n1() > 0 && f.n2() > 0) {
                        return new SortRun(run.base(), run.n(), run.size(), indirect, ptrs, merged, run.buffer(),
                                List.copyOf(stack), true, comparisons + 1, false);
                    }
                    // the rest of the left half after the merged ones, then the merged ones back over the array
                    if (indirect) {
                        for (long i = 0; i < f.n1(); i++) merged[(int) (f.t() + i)] = ptrs[(int) (f.b1() + i)];
                        long back = f.n() - f.n2();
                        for (long i = 0; i < back; i++) ptrs[(int) (f.lo() + i)] = merged[(int) i];
                    } else {
                        if (f.n1() > 0) moves.add(new Move(true, f.b1(), false, f.t(), f.n1()));
                        moves.add(new Move(false, 0, true, f.lo(), f.n() - f.n2()));
                    }
                    stack.remove(stack.size() - 1);
                }
            }
        }
        if (indirect) permute(ptrs, moves);
        return new SortRun(run.base(), run.n(), run.size(), indirect, ptrs, merged, run.buffer(), List.of(), false,
                comparisons, true);
    }

    /**
     * The elements moved into the order of the sorted pointers {@code tp} (glibc's cycle walk, Knuth 5.2-10): for each
     * place whose pointer is another element's, its element is kept in the library's buffer, the cycle's elements moved
     * one place along it, and the kept one put last.
     */
    private static void permute(long[] tp, List<Move> moves) {
        for (int i = 0; i < tp.length; i++) {
            long kp = tp[i];
            if (kp == i) continue;
            long j = i, jp = i;
            moves.add(new Move(true, i, false, 0, 1));
            do {
                long k = kp;
                tp[(int) j] = jp;
                moves.add(new Move(true, kp, true, jp, 1));
                j = k;
                jp = kp;
                kp = tp[(int) k];
            } while (kp != i);
            tp[(int) j] = jp;
            moves.add(new Move(false, 0, true, jp, 1));
        }
    }

    private static boolean searchStep(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                      Semantics.SearchStep s, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, s.index()) instanceof Value.Int index)) throw Abandon.unsupported(name + " of an unknown count");
        long n = count(args, s.count()), size = count(args, s.size());
        SearchRun run;
        if (index.v() == 0) {
            Value.Ptr base = n == 0 ? null : LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.base()), name);
            run = new SearchRun(base, n, size, 0, n, -1, -1, 0, false);
        } else {
            if (!(t.sort instanceof SearchRun r) || r.done() || r.idx() < 0) throw Abandon.unsupported(name + " without a search in progress");
            if (!(LibraryBehaviour.arg(args, s.result()) instanceof Value.Int answer)) throw Abandon.unsupported(name + ": an unknown comparison");
            int cmp = (int) answer.v();
            run = cmp < 0 ? r.with(r.l(), r.idx(), -1, -1, r.comparisons(), false)
                    : cmp > 0 ? r.with(r.idx() + 1, r.u(), -1, -1, r.comparisons(), false)
                    : r.with(r.l(), r.u(), -1, r.idx(), r.comparisons(), true);
        }
        if (!run.done() && run.l() >= run.u()) run = run.with(run.l(), run.u(), -1, -1, run.comparisons(), true);
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.p()), name);
        if (!run.done()) lib.access(c, p, st.dm.pointerSize, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        if (run.done()) {
            t.sort = run;
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        long idx = (run.l() + run.u()) / 2;
        if (run.comparisons() >= MAX_COMPARISONS) throw Abandon.unsupported(name + ": more than " + MAX_COMPARISONS + " comparisons");
        run = run.with(run.l(), run.u(), idx, -1, run.comparisons() + 1, false);
        t.sort = run;
        Value.Ptr element = run.base().at(run.base().off() + idx * run.size());
        st.mem.write(p.obj(), p.off(), st.voidPointer, element);
        return in.finishCall(t, c, e, Value.ONE, IntConversions.INT);
    }

    /** The element count {@code *nmemb} a linear search reads (an access of the library's). */
    private static long readCount(Interpreter in, LibraryFunctions lib, Ctx c, Value.Ptr nmemb, Stmt.Call call, String name) {
        CType.Int sizeT = in.st.sizeType();
        lib.access(c, nmemb, sizeT.size(), false, call, name);
        if (!(in.st.mem.read(nmemb.obj(), nmemb.off(), sizeT) instanceof Value.Int k)) throw Abandon.unsupported(name + " of an unknown element count");
        return k.v();
    }

    /**
     * {@code __weft_lfind_next}: glibc's {@code while (cnt < *nmemb && compar(key, result) != 0) { result += size; ++cnt; }}
     * advanced to its next comparison: 1 with the element written at {@code p}, or 0 when the loop ends (found, or the
     * count reached).
     */
    private static boolean linearStep(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                      Semantics.SearchStep s, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, s.index()) instanceof Value.Int index)) throw Abandon.unsupported(name + " of an unknown count");
        LinearRun run;
        if (index.v() == 0) {
            Value.Ptr nmemb = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.count()), name);
            run = new LinearRun(LibraryBehaviour.arg(args, s.base()) instanceof Value.Ptr b ? b : null, nmemb, count(args, s.size()), 0, -1, 0, false);
        } else {
            if (!(t.sort instanceof LinearRun r) || r.done()) throw Abandon.unsupported(name + " without a search in progress");
            if (!(LibraryBehaviour.arg(args, s.result()) instanceof Value.Int answer)) throw Abandon.unsupported(name + ": an unknown comparison");
            run = (int) answer.v() == 0 ? r.with(r.idx(), r.idx(), r.comparisons(), true) : r.with(r.idx() + 1, -1, r.comparisons(), false);
        }
        if (!run.done() && run.idx() >= readCount(in, lib, c, run.nmemb(), call, name)) run = run.with(run.idx(), -1, run.comparisons(), true);
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.p()), name);
        if (!run.done()) {
            if (run.base() == null) throw Abandon.unsupported(name + " of an array that is not an object");
            if (run.comparisons() >= MAX_COMPARISONS) throw Abandon.unsupported(name + ": more than " + MAX_COMPARISONS + " comparisons");
            lib.access(c, p, st.dm.pointerSize, true, call, name);
        }
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        if (run.done()) {
            t.sort = run;
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        run = run.with(run.idx(), -1, run.comparisons() + 1, false);
        t.sort = run;
        st.mem.write(p.obj(), p.off(), st.voidPointer, run.base().at(run.base().off() + run.idx() * run.size()));
        return in.finishCall(t, c, e, Value.ONE, IntConversions.INT);
    }

    /**
     * {@code lfind}, {@code lsearch} after their loop: the element found when {@code cnt < *nmemb} still holds (read
     * again), else null; {@code lsearch} then appends the key ({@code memcpy(base + *nmemb * size, key, size)}, the
     * count read again) and writes {@code *nmemb + 1}, returning the new element.
     */
    private static boolean linearEnd(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                     Semantics.Search s, List<Value> args) {
        ExecState st = in.st;
        if (!(t.sort instanceof LinearRun r) || !r.done() || !(LibraryBehaviour.arg(args, s.count()) instanceof Value.Ptr nmemb)
                || !nmemb.sameAddress(r.nmemb()) || !(LibraryBehaviour.arg(args, s.size()) instanceof Value.Int z) || z.v() != r.size()
                || r.idx() > 0 && !(LibraryBehaviour.arg(args, s.base()) instanceof Value.Ptr b && r.base() != null && b.sameAddress(r.base()))) {
            throw Abandon.unsupported(name + " without the comparisons of its loop");
        }
        boolean found = r.found() >= 0 && r.found() < readCount(in, lib, c, nmemb, call, name);
        Value result = found ? r.base().at(r.base().off() + r.found() * r.size()) : Value.ZERO;
        if (s.append() && !found) {
            Value.Ptr key = LibraryFunctions.ptr(LibraryBehaviour.arg(args, 0), name);
            Value.Ptr base = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.base()), name);
            long n = readCount(in, lib, c, nmemb, call, name);
            Value.Ptr slot = base.at(base.off() + n * r.size());
            lib.access(c, key, r.size(), false, call, name);
            lib.access(c, slot, r.size(), true, call, name);
            n = readCount(in, lib, c, nmemb, call, name);
            CType.Int sizeT = st.sizeType();
            lib.access(c, nmemb, sizeT.size(), true, call, name);
            if (!c.dry) {
                st.mem.copy(slot.obj(), slot.off(), key.obj(), key.off(), r.size());
                st.mem.write(nmemb.obj(), nmemb.off(), sizeT, Value.of(n + 1));
            }
            result = slot;
        }
        if (!c.dry) t.sort = null;
        return in.finishCall(t, c, e, result, null);
    }

    /** glibc's {@code struct _ENTRY}: {@code unsigned int used}, then the {@code ENTRY} (key, data) at 8; 24 bytes. */
    private static final long ENTRY_BYTES = 24, ENTRY_KEY = 8;
    /** The hidden table's bookkeeping kept in the group's state object: the table, its size, how many entries are filled. */
    private static final long TABLE = 0, SIZE = 8, FILLED = 12;

    /**
     * {@code hcreate}, {@code hsearch}, {@code hdestroy} ({@link Semantics.HashTable}) as glibc 2.36's {@code misc/hsearch_r.c}
     * runs them on its one hidden table: {@code hcreate(nel)} answers 0 while a table exists, else takes the first odd
     * prime from {@code max(nel, 3)} as the size and a zeroed table of {@code size + 1} entries ({@code calloc}: a block
     * the program may reach through the entries {@code hsearch} returns); {@code hsearch(item, action)} hashes the key
     * ({@code hval = len; hval = (hval << 4) + key[i]} from the last byte to the first, the bytes as signed chars, 0
     * taken as 1), probes {@code hval % size + 1} and then steps back by {@code 1 + hval % (size - 2)}, comparing
     * {@code used} with {@code hval} and the keys with {@code strcmp}; {@code FIND} answers the entry found or null
     * ({@code ESRCH}), {@code ENTER} an entry found, or fills the first empty one (null with {@code ENOMEM} when full);
     * {@code hdestroy} frees the table. The table's bookkeeping lives in the group's state object (whose whole-object
     * accesses make concurrent calls a race, as for every hidden state); the library's reads and writes of the table
     * and of the stored keys are recorded for proofs only (the replay's TSan does not see glibc's), the key searched for
     * is read (the reproducer's wrapper reads it). A search before {@code hcreate} (glibc divides by a zero size) and
     * tables past {@link Memory#EXPLORED_OBJECT} stop the run.
     */
    static boolean hashTable(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                             Semantics.HashTable h, List<Value> args) {
        ExecState st = in.st;
        Value.Ptr state = LibraryBehaviour.staticBuffer(st, t, name, 0);
        CType ptr = st.voidPointer;
        Value tableValue = st.mem.read(state.obj(), state.off() + TABLE, ptr);
        Value.Ptr table = tableValue instanceof Value.Ptr tp ? tp : null;
        long size = st.mem.readRaw(state.obj(), state.off() + SIZE, 4), filled = st.mem.readRaw(state.obj(), state.off() + FILLED, 4);
        switch (h.op()) {
            case "create" -> {
                if (table != null || c.dry) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
                long nel = Math.max(3, LibraryFunctions.count(LibraryBehaviour.arg(args, h.arg())));
                for (nel |= 1; !java.math.BigInteger.valueOf(nel).isProbablePrime(40); nel += 2) {
                    if (nel > 0xffffffffL - 2) throw Abandon.unsupported(name + " of " + nel + " entries");
                }
                if ((nel + 1) * ENTRY_BYTES > Memory.EXPLORED_OBJECT) throw Abandon.unsupported(name + " of a table of " + nel + " entries");
                Block b = st.mem.create("hsearch table#" + (++st.heapCount), Block.Kind.HEAP, (nel + 1) * ENTRY_BYTES, -1, call.loc());
                b.addressTaken = true;
                st.mem.writeBytes(b.id, 0, new byte[(int) ((nel + 1) * ENTRY_BYTES)]);
                st.mem.write(state.obj(), state.off() + TABLE, ptr, new Value.Ptr(b.id, 0));
                st.mem.writeRaw(state.obj(), state.off() + SIZE, 4, nel);
                st.mem.writeRaw(state.obj(), state.off() + FILLED, 4, 0);
                return in.finishCall(t, c, e, Value.ONE, IntConversions.INT);
            }
            case "destroy" -> {
                if (table == null) return in.finishCall(t, c, e, Value.ZERO, null);
                if (st.exhaustive) lib.proofOnlyAccess(c, table, st.mem.get(table.obj()).size, true, call, name);
                if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
                st.mem.kill(table.obj());
                st.mem.write(state.obj(), state.off() + TABLE, ptr, Value.ZERO);
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            default -> {
            }
        }
        if (table == null || size < 3) throw Abandon.unsupported(name + " before hcreate (glibc divides by the table's size 0)");
        if (!(LibraryBehaviour.arg(args, h.arg()) instanceof Value.Agg item) || item.bytes().length != 2L * st.dm.pointerSize) {
            throw Abandon.unsupported(name + " of an item not known");
        }
        Memory.Stored stored = item.ptrs().get(0L);
        Value key = stored != null && stored.size() == st.dm.pointerSize ? stored.value() : Value.ZERO;
        if (!(LibraryBehaviour.arg(args, h.action()) instanceof Value.Int action)) throw Abandon.unsupported(name + " of an unknown action");
        Value.Ptr k = LibraryFunctions.ptr(key, name);
        byte[] text = Formatter.knownBytes(st, k, name);
        lib.access(c, k, text.length + 1L, false, call, name);
        long hval = text.length & 0xffffffffL;
        for (int i = text.length - 1; i >= 0; i--) hval = ((hval << 4) + text[i]) & 0xffffffffL;
        if (hval == 0) hval = 1;
        long idx = hval % size + 1;
        Long found = null;
        if (used(st, lib, c, call, name, table, idx) != 0) {
            if (matches(st, lib, c, call, name, table, idx, hval, text)) {
                found = idx;
            } else {
                long hval2 = 1 + hval % (size - 2), first = idx;
                do {
                    idx = idx <= hval2 ? size + idx - hval2 : idx - hval2;
                    if (idx == first) break;
                    if (matches(st, lib, c, call, name, table, idx, hval, text)) {
                        found = idx;
                        break;
                    }
                } while (used(st, lib, c, call, name, table, idx) != 0);
            }
        }
        Value.Ptr entry = found != null ? table.at(found * ENTRY_BYTES + ENTRY_KEY) : null;
        if (found == null && action.v() == 1) {
            // ENTER into the empty entry the probe ended at
            if (filled == size) {
                if (!c.dry) st.setErrno(t, ENOMEM);
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            if (st.exhaustive) lib.proofOnlyAccess(c, table.at(idx * ENTRY_BYTES), ENTRY_BYTES, true, call, name);
            if (!c.dry) {
                st.mem.writeRaw(table.obj(), idx * ENTRY_BYTES, 4, hval);
                st.mem.write(table.obj(), idx * ENTRY_BYTES + ENTRY_KEY, call.args().get(h.arg()).type(), item);
                st.mem.writeRaw(state.obj(), state.off() + FILLED, 4, filled + 1);
            }
            entry = table.at(idx * ENTRY_BYTES + ENTRY_KEY);
        }
        if (entry == null && !c.dry) st.setErrno(t, ESRCH);
        return in.finishCall(t, c, e, entry == null ? Value.ZERO : entry, null);
    }

    /** Entry {@code idx}'s {@code used}, read by glibc (for proofs). */
    private static long used(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value.Ptr table, long idx) {
        if (st.exhaustive) lib.proofOnlyAccess(c, table.at(idx * ENTRY_BYTES), 4, false, call, name);
        return st.mem.readRaw(table.obj(), idx * ENTRY_BYTES, 4);
    }

    /** glibc's {@code used == hval && strcmp(key, entry.key) == 0} for entry {@code idx} (its reads for proofs). */
    private static boolean matches(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value.Ptr table, long idx, long hval,
                                   byte[] key) {
        if (used(st, lib, c, call, name, table, idx) != hval) return false;
        CType ptr = st.voidPointer;
        if (st.exhaustive) lib.proofOnlyAccess(c, table.at(idx * ENTRY_BYTES + ENTRY_KEY), st.dm.pointerSize, false, call, name);
        Value.Ptr stored = LibraryFunctions.ptr(st.mem.read(table.obj(), idx * ENTRY_BYTES + ENTRY_KEY, ptr), name);
        byte[] other = Formatter.knownBytes(st, stored, name);
        if (st.exhaustive) lib.proofOnlyAccess(c, stored, Math.min(other.length, key.length) + 1L, false, call, name);
        return java.util.Arrays.equals(key, other);
    }
}
