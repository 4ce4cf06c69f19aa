package weft.exec;

import weft.exec.state.*;

import weft.ir.Edge;
import weft.ir.Stmt;
import weft.ir.StructType;
import weft.model.Semantics;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A file-tree walk as the world answers it ({@link Semantics.WalkEntry}: {@code ftw}, {@code nftw}). The front end
 * lowers the walk to a loop that asks {@code __weft_walk_next} for each entry before calling the program's callback
 * ({@code weft.frontend.CallbackLowering}); here each ask is an input: another entry (the default) or the end of the
 * walk, recorded, at most {@link #MAX_ENTRIES} entries. An entry is a regular file named {@code DIR/fN} (N counting
 * from 0; {@code DIR} the walk's directory argument) with a size and a modification time, both inputs recorded after
 * its 1; the callback gets it with {@code FTW_F}. The walk's own result (0, or -1 with an errno) is the world's too
 * (the {@code ftw} row, {@code input-result}). The reproducer's {@code __wrap_ftw} calls the callback with the same
 * entries and returns the same result ({@code weft_inputs.c}).
 *
 * <p>Must side only: every such walk is one some directory gives (files named so, of those sizes, a walk that fails
 * after them with that errno). A callback's non-zero result ends a real walk and becomes its result, which the result's
 * row cannot give: the run stops there. Proofs stop at the first ask (the tree is any tree).
 */
final class Walks {
    private Walks() {
    }

    /** Entries a walk gives at most. */
    static final int MAX_ENTRIES = 3;

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.WalkEntry w, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported("a file-tree walk: its entries are the world's");
        if (!(LibraryBehaviour.arg(args, w.result()) instanceof Value.Int r) || r.v() != 0) {
            throw Abandon.unsupported("a file-tree walk's callback returned non-zero (the walk ends with its value)");
        }
        if (!(LibraryBehaviour.arg(args, w.index()) instanceof Value.Int index)) throw Abandon.unsupported(name + " of an unknown count");
        String dir = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.dir()), name));
        Value.Ptr path = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.path()), name);
        Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.stat()), name);
        StructType type = WorldFiles.statusType(call.args().get(w.stat()).type());
        if (type == null) throw Abandon.unsupported(name + " for a callback without a struct stat parameter");
        byte[] p = (dir + "/f" + index.v()).getBytes(StandardCharsets.ISO_8859_1);
        lib.access(c, path, p.length + 1L, true, call, name);
        lib.access(c, out, type.size(), true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        long more = st.chooseAmong(index.v() < MAX_ENTRIES ? new long[] {1, 0} : new long[] {0}, name, call.loc());
        if (more == 0) return in.finishCall(t, c, e, Value.ZERO, null);
        long size = st.chooseAmong(new long[] {4096, 0, 1 + (st.randomBits() & 0xffff)}, name, call.loc());
        long mtime = st.chooseAmong(new long[] {1_700_000_000L + (st.randomBits() & 0xffffffL), 0}, name, call.loc());
        st.mem.writeBytes(path.obj(), path.off(), java.util.Arrays.copyOf(p, p.length + 1));
        WorldFiles.fillStatus(st, out, type, WorldFiles.REGULAR_FILE, size, mtime, name);
        return in.finishCall(t, c, e, Value.ONE, null);
    }
}
