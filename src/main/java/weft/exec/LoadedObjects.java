package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * The objects the dynamic loader has loaded, as the world answers ({@link Semantics.LoadedObjects}:
 * {@code dl_iterate_phdr}). The front end lowers the call to a loop that asks {@code __weft_phdr_next} for each object
 * before calling the program's callback with it ({@code weft.frontend.LibraryLoops#loadedObjectsLoop}); here each ask
 * is an input, recorded: another object (the program's own first, always: glibc's list starts with the main map) or
 * the end, at most {@link #MAX_OBJECTS}. An object's {@code struct dl_phdr_info} is written as glibc 2.36 lays it out
 * on LP64 (another data model stops the run): its load address, its name (one of
 * {@link Semantics.LoadedObjects#NAMES}, the program's own ""), its program headers (at most {@link #MAX_HEADERS}, each
 * of a type, flags, address and size the witness gives; offset and physical address the virtual one, file size the
 * memory size, alignment a page), {@code dlpi_adds} and {@code dlpi_subs} (the same for every object of one call), no
 * thread-local storage ({@code dlpi_tls_modid} 0, {@code dlpi_tls_data} null); the size passed is glibc's
 * {@code sizeof (struct dl_phdr_info)}, 64. The name and headers are read-only objects of the library's. A callback's
 * non-zero result ends the iteration and is the call's result, else 0.
 *
 * <p>glibc holds its loader lock ({@code dl_load_write_lock}, recursive) across the whole iteration
 * ({@code elf/dl-iteratephdr.c}), so the callbacks of two threads never overlap: the front end takes the lock's object
 * around the loop ({@code libc.tsv}'s {@code @loader}, {@code weft.frontend.CallbackLowering}), a mutex for every layer.
 * A callback that calls {@code dl_iterate_phdr} again (glibc allows it: the lock is recursive) stops the run (the
 * thread's iteration, {@link ThreadState#loaderWalk}, is in progress). ThreadSanitizer does not see glibc's lock; the
 * reproducer's {@code __wrap_dl_iterate_phdr} ({@code weft_inputs.c}) takes a recursive mutex of its own around the
 * same loop, with the witness's objects, so TSan sees the order the lock gives.
 *
 * <p>Must side only: every such run is one a process may see (the plain and the sanitised build load other objects,
 * so they are the world's; the reproducer hands the callback the witness's records, not the real loader's). Proofs
 * stop at the first ask: the objects are any.
 */
final class LoadedObjects {
    private LoadedObjects() {
    }

    /** Objects one call gives at most, and by default (a plain build's: the program, the vDSO, libc, the loader). */
    static final int MAX_OBJECTS = Semantics.LoadedObjects.NAMES.size(), USUAL_OBJECTS = 4;
    /** Program headers an object has at most. */
    static final int MAX_HEADERS = 4;
    /** glibc's {@code sizeof (struct dl_phdr_info)} on LP64 and {@code sizeof (Elf64_Phdr)}. */
    static final int INFO_SIZE = 64, HEADER_SIZE = 56;
    /** ELF's segment types the witness chooses from: {@code PT_LOAD} first. */
    private static final long[] TYPES = {1, 2, 4, 6, 7, 0x6474e550L, 0x6474e551L, 0x6474e552L};
    private static final long PAGE = 0x1000;

    /**
     * An iteration in progress in a thread ({@link ThreadState#loaderWalk}): the {@code dlpi_adds} and {@code dlpi_subs}
     * of its objects, and once ended the call's result. Immutable.
     */
    record Iteration(long adds, long subs, boolean ended, long result) {}

    static boolean handles(Semantics s) {
        return s instanceof Semantics.LoadedObjects;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.LoadedObjects lo, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the loaded objects are the world's");
        if (lo.op().equals("end")) return end(in, t, c, e, name);
        if (st.dm.pointerSize != 8) throw Abandon.unsupported(name + " outside LP64 (glibc's struct dl_phdr_info of another data model)");
        if (!(LibraryBehaviour.arg(args, lo.index()) instanceof Value.Int index) || !(LibraryBehaviour.arg(args, lo.result()) instanceof Value.Int ret)) {
            throw Abandon.unsupported(name + " of an unknown count or callback result");
        }
        Iteration it = (Iteration) t.loaderWalk;
        if (index.v() == 0 && it != null) throw Abandon.unsupported("dl_iterate_phdr called from its own callback (glibc's recursive loader lock)");
        if (index.v() > 0 && (it == null || it.ended())) throw Abandon.unsupported(name + " without an iteration in progress");
        Value.Ptr info = LibraryFunctions.ptr(LibraryBehaviour.arg(args, lo.info()), name);
        Value.Ptr size = LibraryFunctions.ptr(LibraryBehaviour.arg(args, lo.size()), name);
        lib.access(c, info, INFO_SIZE, true, call, name);
        lib.access(c, size, st.dm.pointerSize, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        if (ret.v() != 0) {
            // glibc stops at a callback's non-zero result and returns it
            t.loaderWalk = new Iteration(it.adds(), it.subs(), true, ret.v());
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        int i = (int) index.v();
        long first = st.chooseAmong(i == 0 ? new long[] {3, 1, 2, 4, 5} : i < USUAL_OBJECTS ? new long[] {3, 0, 1, 2, 4, 5}
                : i < MAX_OBJECTS ? new long[] {0, 3, 1, 2, 4, 5} : new long[] {0}, name, call.loc());
        if (first == 0) {
            t.loaderWalk = new Iteration(it.adds(), it.subs(), true, 0);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        int phnum = (int) first - 1;
        // a shared object's name: the one at its place in a plain build's list by default, any other shared one's too
        long usualName = Math.min(i, MAX_OBJECTS - 1);
        long nameIndex = st.chooseAmong(i == 0 ? new long[] {0}
                : java.util.stream.LongStream.concat(java.util.stream.LongStream.of(usualName),
                        java.util.stream.LongStream.range(1, MAX_OBJECTS).filter(k -> k != usualName)).toArray(), name, call.loc());
        long usual = i == 0 ? 0x555555554000L : 0x7ffff7fc0000L - i * 0x200000L;
        long addr = st.chooseAmong(new long[] {usual, i == 0 ? 0 : (0x7f0000000000L | (st.randomBits() & 0xffffffffL) << 12)}, name, call.loc());
        long adds = st.chooseAmong(i == 0 ? new long[] {USUAL_OBJECTS, 1 + (st.randomBits() & 0xff)} : new long[] {it.adds()}, name, call.loc());
        long subs = st.chooseAmong(i == 0 ? new long[] {0, 1} : new long[] {it.subs()}, name, call.loc());
        long[][] headers = new long[phnum][];
        for (int j = 0; j < phnum; j++) {
            long type = st.chooseAmong(TYPES, name, call.loc());
            long flags = st.chooseAmong(j == 0 ? new long[] {5, 4, 6, 7} : new long[] {6, 4, 5, 7}, name, call.loc());
            long vaddr = st.chooseAmong(new long[] {j * 0x10000L, (st.randomBits() & 0xffffL) * PAGE}, name, call.loc());
            long memsz = st.chooseAmong(new long[] {PAGE, 1 + (st.randomBits() & 0xffffL)}, name, call.loc());
            headers[j] = new long[] {type, flags, vaddr, memsz};
        }
        t.loaderWalk = new Iteration(adds, subs, false, 0);
        Block table = headers(st, headers, call);
        st.mem.writeBytes(info.obj(), info.off(), new byte[INFO_SIZE]);
        st.mem.writeRaw(info.obj(), info.off(), 8, addr);
        // the loader's names are its own read-only strings, the same at every walk
        st.mem.write(info.obj(), info.off() + 8, st.voidPointer, st.staticString(Semantics.LoadedObjects.NAMES.get((int) nameIndex)));
        st.mem.write(info.obj(), info.off() + 16, st.voidPointer, new Value.Ptr(table.id, 0));
        st.mem.writeRaw(info.obj(), info.off() + 24, 2, phnum);
        st.mem.writeRaw(info.obj(), info.off() + 32, 8, adds);
        st.mem.writeRaw(info.obj(), info.off() + 40, 8, subs);
        st.mem.writeRaw(size.obj(), size.off(), st.dm.pointerSize, INFO_SIZE);
        return in.finishCall(t, c, e, Value.of(first), null);
    }

    /** The call after its loop (the loader lock already released by the lowered unlock): the callback's last result returned. */
    private static boolean end(Interpreter in, ThreadState t, Ctx c, Edge e, String name) {
        if (!(t.loaderWalk instanceof Iteration it) || !it.ended()) throw Abandon.unsupported(name + " without the steps of its loop");
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        t.loaderWalk = null;
        return in.finishCall(t, c, e, Value.of(it.result()), null);
    }

    /**
     * A read-only object of the library's holding the {@code Elf64_Phdr}s of {@code headers} (type, flags, address,
     * size each): offset and physical address the virtual one, file size the memory size, a page's alignment.
     */
    private static Block headers(ExecState st, long[][] headers, Stmt.Call call) {
        long size = Math.max(1, headers.length) * (long) HEADER_SIZE;
        Block o = st.mem.create("<loaded object program headers>", Block.Kind.SPECIAL, size, -1, call.loc());
        st.mem.writeBytes(o.id, 0, new byte[(int) size]);
        for (int j = 0; j < headers.length; j++) {
            long at = (long) j * HEADER_SIZE, type = headers[j][0], flags = headers[j][1], vaddr = headers[j][2], memsz = headers[j][3];
            st.mem.writeRaw(o.id, at, 4, type);
            st.mem.writeRaw(o.id, at + 4, 4, flags);
            for (int k = 8; k <= 24; k += 8) st.mem.writeRaw(o.id, at + k, 8, vaddr);
            for (int k = 32; k <= 40; k += 8) st.mem.writeRaw(o.id, at + k, 8, memsz);
            st.mem.writeRaw(o.id, at + 48, 8, PAGE);
        }
        o.readOnly = true;
        return o;
    }
}
