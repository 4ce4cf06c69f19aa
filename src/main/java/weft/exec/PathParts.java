package weft.exec;

import weft.exec.state.*;

import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * {@code basename} (GNU: {@code <string.h>}), {@code __xpg_basename} (POSIX: what {@code <libgen.h>}'s {@code basename}
 * names) and {@code dirname} ({@link Semantics.PathPart}) as glibc computes them (its {@code misc/basename.c},
 * {@code misc/xpg_basename.c}, {@code misc/dirname.c}). GNU's only reads: the string after its last slash (the whole
 * string without one). POSIX's cut the path in place: a trailing slash (or run of them) becomes a terminator, and
 * {@code dirname} ends the directory part with one (keeping {@code /}, or {@code //} exactly); a path with no directory
 * part gives the library's read-only {@code "."}, as does an empty or null one.
 *
 * <p>Soundness and must-soundness: the whole string and its terminator are read (glibc's {@code strrchr}), and the
 * one byte glibc writes, where it writes it; every byte must be known. The reproducer's wrapper makes those accesses again
 * (ThreadSanitizer has no interceptor for them).
 */
final class PathParts {
    private PathParts() {
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.PathPart p, List<Value> args) {
        ExecState st = in.st;
        Value v = LibraryBehaviour.arg(args, p.s());
        if (v instanceof Value.Int z && z.v() == 0 && !p.part().equals("base")) return in.finishCall(t, c, e, st.staticString("."), null);
        Value.Ptr s = LibraryFunctions.ptr(v, name);
        byte[] b = Formatter.knownString(st, lib, c, call, name, s).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        long n = b.length;
        long last = -1;
        for (int i = b.length - 1; i >= 0; i--) {
            if (b[i] == '/') {
                last = i;
                break;
            }
        }
        long result; // offset into s, or -1: the static "."
        long cut = -1; // where a terminator is written, or -1
        switch (p.part()) {
            case "base" -> result = last + 1;
            case "xpg-base" -> {
                if (n == 0) {
                    result = -1;
                } else if (last < 0) {
                    result = 0;
                } else if (last + 1 < n) {
                    result = last + 1;
                } else {
                    long q = last;
                    while (q > 0 && b[(int) q - 1] == '/') q--;
                    if (q > 0) {
                        cut = q;
                        q--;
                        while (q > 0 && b[(int) q - 1] != '/') q--;
                        result = q;
                    } else {
                        // only slashes: "/" (the last one)
                        result = n - 1;
                    }
                }
            }
            default -> { // dir
                long slash = last;
                if (slash > 0 && slash + 1 == n) {
                    long r = slash;
                    while (r > 0 && b[(int) r - 1] == '/') r--;
                    if (r > 0) {
                        slash = -1;
                        for (long i = r - 1; i >= 0; i--) {
                            if (b[(int) i] == '/') {
                                slash = i;
                                break;
                            }
                        }
                    }
                }
                if (slash < 0) {
                    result = -1;
                } else {
                    long r = slash;
                    while (r > 0 && b[(int) r - 1] == '/') r--;
                    cut = r == 0 ? (slash == 1 ? 2 : 1) : r;
                    result = 0;
                }
            }
        }
        if (cut >= 0) {
            lib.access(c, s.at(s.off() + cut), 1, true, call, name);
            if (!c.dry) st.mem.fill(s.obj(), s.off() + cut, 1, (byte) 0);
        }
        return in.finishCall(t, c, e, result < 0 ? st.staticString(".") : s.at(s.off() + result), null);
    }
}
