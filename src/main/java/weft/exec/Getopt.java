package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Semantics;

import java.util.List;
import java.util.Map;

/**
 * {@code getopt(argc, argv, optstring)} ({@link Semantics.Getopt}) on the program's {@code optind} and {@code optarg}
 * (the C library's globals as the program declares them), as POSIX XSH {@code getopt} specifies it and glibc does for
 * the command lines the explorer builds (each option its own word, its argument attached or the next word):
 * <ul>
 *   <li>{@code optind} at or past {@code argc}, {@code argv[optind]} null, not starting with {@code '-'}, or
 *       {@code "-"}: returns -1 (glibc would first move later options in front of such a word: a later word starting
 *       with {@code '-'} abandons); {@code "--"}: {@code optind} moves past it, returns -1;</li>
 *   <li>{@code -c} with {@code c} an option of {@code optstring}: {@code optind} moves past it and returns {@code c};
 *       with {@code c:} its argument is the rest of the word or else the next word ({@code optarg} points into
 *       argv, {@code optind} moves past both); a missing argument, an unknown option, options grouped in one word,
 *       and option strings starting with {@code '-'} (glibc's in-order mode) abandon.</li>
 * </ul>
 * {@code getopt_long} and {@code getopt_long_only} also take long options ({@link #longOption}).
 * The initial values are the library's ({@link #INITIAL}: {@code optind} 1, {@code opterr} 1, {@code optopt} '?',
 * {@code optarg} null), given by {@code ExecState.initial} to the program's declarations of them. When the program does
 * not declare {@code optind}, the library's own is kept in the {@code getopt} state object (as {@code optind - 1}: the
 * object starts zeroed). The reads of
 * {@code optind}, {@code argv} and its words and the writes of {@code optind} and {@code optarg} are accesses.
 */
final class Getopt {
    /** The initial values of the C library's option-parsing globals (POSIX; glibc's {@code optopt} starts at '?'). */
    static final Map<String, Long> INITIAL = Map.of("optind", 1L, "opterr", 1L, "optopt", (long) '?', "optarg", 0L);

    private Getopt() {
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.Getopt g, List<Value> args) {
        ExecState st = in.st;
        Variable optindVar = st.program.globalNamed("optind");
        // a program that does not declare optind: the library's own, kept in its getopt state object, which starts
        // zeroed, as optind - 1
        Variable hidden = optindVar != null ? null : st.program.libcObject(weft.model.LibcFacts.stateObjectName("getopt"));
        if (optindVar == null && hidden == null) throw Abandon.unsupported(name + " without the program's optind");
        Variable optargVar = st.program.globalNamed("optarg");
        Value.Ptr optind = new Value.Ptr(st.objectOf(optindVar != null ? optindVar : hidden, t, null), 0);
        CType intT = optindVar != null ? optindVar.type() : weft.ir.IntConversions.INT;
        if (!(intT.unqualified() instanceof CType.Int)) throw Abandon.unsupported(name + " with optind of type " + intT);
        long bias = hidden != null ? 1 : 0;
        lib.access(c, optind, intT.size(), false, call, name);
        if (!(st.mem.read(optind.obj(), 0, intT) instanceof Value.Int oi0)) throw Abandon.unsupported(name + " with optind not a number");
        Value.Int oi = (Value.Int) Value.of(oi0.v() + bias);
        if (!(LibraryBehaviour.arg(args, g.argc()) instanceof Value.Int ac)) throw Abandon.unsupported(name + " argc");
        Value.Ptr argv = LibraryFunctions.ptr(LibraryBehaviour.arg(args, g.argv()), name);
        Value.Ptr opts = LibraryFunctions.ptr(LibraryBehaviour.arg(args, g.options()), name);
        String optstring = Formatter.knownString(st, lib, c, call, name, opts);
        if (optstring.startsWith("-")) throw Abandon.unsupported(name + " in glibc's in-order mode");
        int ind = (int) oi.v();
        long argc = ac.v();
        if (ind < 1) throw Abandon.unsupported(name + " with optind " + ind);
        String word = ind < argc ? word(st, lib, c, call, name, argv, ind) : null;
        if (word == null || !word.startsWith("-") || word.equals("-")) {
            for (long k = ind + 1; k < argc; k++) {
                String later = word(st, lib, c, call, name, argv, k);
                if (later != null && later.startsWith("-") && !later.equals("-")) throw Abandon.unsupported(name + " would permute its arguments");
            }
            return in.finishCall(t, c, e, Value.of(-1), null);
        }
        if (word.equals("--")) {
            store(st, lib, c, call, name, optind, intT, ind + 1 - bias);
            return in.finishCall(t, c, e, Value.of(-1), null);
        }
        if (g.longopts() >= 0 && (word.startsWith("--") || g.longOnly() && (word.length() > 2 || optstring.indexOf(word.charAt(1)) < 0))) {
            boolean dashes = word.startsWith("--");
            Value r = longOption(st, lib, c, call, name, g, args, argv, argc, ind, word.substring(dashes ? 2 : 1), optargVar,
                    optind, intT, bias, dashes);
            if (r != null) return in.finishCall(t, c, e, r, null);
        }
        char opt = word.charAt(1);
        int at = optstring.indexOf(opt);
        if (opt == ':' || at < 0) throw Abandon.unsupported(name + " of an unknown option -" + opt);
        boolean takes = at + 1 < optstring.length() && optstring.charAt(at + 1) == ':';
        boolean optional = takes && at + 2 < optstring.length() && optstring.charAt(at + 2) == ':';
        if (!takes || optional) {
            if (word.length() > 2 && !takes) throw Abandon.unsupported(name + " of grouped options " + word);
            if (optional) setOptarg(st, lib, c, call, name, optargVar, word.length() > 2 ? wordPtr(st, argv, ind, 2) : null);
            store(st, lib, c, call, name, optind, intT, ind + 1 - bias);
            return in.finishCall(t, c, e, Value.of(opt), null);
        }
        if (word.length() > 2) {
            setOptarg(st, lib, c, call, name, optargVar, wordPtr(st, argv, ind, 2));
            store(st, lib, c, call, name, optind, intT, ind + 1 - bias);
        } else {
            if (ind + 1 >= argc) throw Abandon.unsupported(name + " of -" + opt + " without its argument");
            setOptarg(st, lib, c, call, name, optargVar, wordPtr(st, argv, ind + 1, 0));
            store(st, lib, c, call, name, optind, intT, ind + 2 - bias);
        }
        return in.finishCall(t, c, e, Value.of(opt), null);
    }

    /**
     * A long option ({@code getopt_long}): {@code text} is the word after its dashes, {@code name} or {@code name=value};
     * the entry of that name in the {@code struct option} array (name, has_arg, flag, val: pointer, int, pointer, int),
     * else the only one it is a prefix of (glibc's abbreviations); its argument after '=' or, when required, the next
     * word. Returns the result, or null for a word {@code getopt_long_only} takes as short options (no entry matches
     * and it has one dash). No entry, several, or an argument that is missing or not allowed abandon (glibc would print
     * a message and return '?').
     */
    private static Value longOption(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Semantics.Getopt g,
                                    List<Value> args, Value.Ptr argv, long argc, int ind, String text, Variable optargVar,
                                    Value.Ptr optind, CType intT, long bias, boolean dashes) {
        int eq = text.indexOf('=');
        String key = eq < 0 ? text : text.substring(0, eq);
        Value.Ptr opts = LibraryFunctions.ptr(LibraryBehaviour.arg(args, g.longopts()), name);
        int p = st.dm.pointerSize;
        long size = 4L * p;
        CType.Pointer ptr = new CType.Pointer(new CType.Int("char", 1, 1, true), p);
        int exact = -1;
        List<Integer> prefixed = new java.util.ArrayList<>();
        for (int i = 0; ; i++) {
            if (i > 4096) throw Abandon.unsupported(name + " of an option array without its end");
            Value.Ptr entry = opts.at(opts.off() + i * size);
            lib.access(c, entry, size, false, call, name);
            Value n = st.mem.read(entry.obj(), entry.off(), ptr);
            if (n instanceof Value.Int z && z.v() == 0) break;
            String option = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(n, name));
            if (option.equals(key)) {
                exact = i;
                break;
            }
            if (!key.isEmpty() && option.startsWith(key)) prefixed.add(i);
        }
        if (exact < 0 && prefixed.size() != 1) {
            if (!dashes && prefixed.isEmpty()) return null;
            throw Abandon.unsupported(name + " of " + (prefixed.isEmpty() ? "an unknown" : "an ambiguous") + " long option --" + key);
        }
        int index = exact >= 0 ? exact : prefixed.get(0);
        Value.Ptr entry = opts.at(opts.off() + index * size);
        long hasArg = st.mem.readRaw(entry.obj(), entry.off() + p, 4);
        Value flag = st.mem.read(entry.obj(), entry.off() + 2L * p, new CType.Pointer(intT, p));
        long val = (int) st.mem.readRaw(entry.obj(), entry.off() + 3L * p, 4);
        long next = ind + 1;
        Value.Ptr arg = null;
        if (eq >= 0) {
            if (hasArg == 0) throw Abandon.unsupported(name + " of --" + key + " with an argument it does not take");
            arg = wordPtr(st, argv, ind, word(st, lib, c, call, name, argv, ind).indexOf('=') + 1);
        } else if (hasArg == 1) {
            if (ind + 1 >= argc) throw Abandon.unsupported(name + " of --" + key + " without its argument");
            arg = wordPtr(st, argv, ind + 1, 0);
            next = ind + 2;
        } else if (hasArg != 2 && hasArg != 0) {
            throw Abandon.unsupported(name + " of an option with has_arg " + hasArg);
        }
        setOptarg(st, lib, c, call, name, optargVar, arg);
        store(st, lib, c, call, name, optind, intT, next - bias);
        if (g.longindex() >= 0 && !(LibraryBehaviour.arg(args, g.longindex()) instanceof Value.Int z && z.v() == 0)) {
            Value.Ptr li = LibraryFunctions.ptr(LibraryBehaviour.arg(args, g.longindex()), name);
            store(st, lib, c, call, name, li, weft.ir.IntConversions.INT, index);
        }
        if (flag instanceof Value.Int z && z.v() == 0) return Value.of(val);
        store(st, lib, c, call, name, LibraryFunctions.ptr(flag, name), weft.ir.IntConversions.INT, val);
        return Value.ZERO;
    }

    private static void store(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value.Ptr p, CType type, long v) {
        lib.access(c, p, type.size(), true, call, name);
        if (!c.dry) st.mem.write(p.obj(), p.off(), type, Value.of(v));
    }

    private static void setOptarg(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Variable optarg, Value.Ptr v) {
        if (optarg == null) return;
        Value.Ptr p = new Value.Ptr(st.objectOf(optarg, null, null), 0);
        lib.access(c, p, optarg.type().size(), true, call, name);
        if (!c.dry) st.mem.write(p.obj(), 0, optarg.type(), v == null ? Value.ZERO : v);
    }

    /** The pointer {@code argv[k] + off}. */
    private static Value.Ptr wordPtr(ExecState st, Value.Ptr argv, long k, long off) {
        Value w = st.mem.read(argv.obj(), argv.off() + k * st.dm.pointerSize, new CType.Pointer(new CType.Int("char", 1, 1, true), st.dm.pointerSize));
        if (!(w instanceof Value.Ptr p)) throw Abandon.unsupported("getopt: argv[" + k + "] is " + w);
        return p.at(p.off() + off);
    }

    /** {@code argv[k]} as text (its bytes read), or null for a null pointer. */
    private static String word(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value.Ptr argv, long k) {
        int ps = st.dm.pointerSize;
        lib.access(c, argv.at(argv.off() + k * ps), ps, false, call, name);
        Value w = st.mem.read(argv.obj(), argv.off() + k * ps, new CType.Pointer(new CType.Int("char", 1, 1, true), ps));
        if (w instanceof Value.Int z && z.v() == 0) return null;
        return Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(w, name));
    }
}
