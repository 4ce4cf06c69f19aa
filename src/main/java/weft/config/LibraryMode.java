package weft.config;

import weft.frontend.Diagnostic;
import weft.ir.CType;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.StructType;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Library mode: a program without {@code main} (or one analysed through named entry points) is a library whose
 * functions any number of client threads call at once. This builds the client side as IR and makes it the program's
 * {@code main}:
 *
 * <ol>
 *   <li>a pool of client objects per pointee type of the entry points' pointer parameters (and, transitively, of
 *       the pointer members of those objects): a global array of pointers filled in a loop with {@code malloc}'d
 *       objects, so each pool object stands for any number of objects; their pointer members are set to pool
 *       objects of their pointee type; the pool of {@code void} also holds every other pool's objects (a client may pass
 *       any object as untyped memory), character buffers are a pool of their own (strings and byte buffers);</li>
 *   <li>the library's non-constant globals of external linkage get client values: scalars any value
 *       ({@code __VERIFIER_nondet_*}), pointers pool objects or null, members of structures and elements of arrays
 *       alike (an element at an unknown index: a weak update that covers all of them);</li>
 *   <li>per entry point, a loop that starts any number of client threads, each calling the function once with
 *       arguments that clients may choose: any scalar, a pool object (the same one as another thread's, or another),
 *       a callback of external code for function pointers; a pointer result goes back to the pool of its type (a
 *       client may pass what it got to any later call). The clients read and write the pools atomically: the
 *       harness's own accesses race with nothing.</li>
 * </ol>
 *
 * <p>Soundness (what a {@code true} of library mode covers): every call sequence of any number of client threads,
 * each calling entry points with arguments drawn as above, where two clients may pass the same object or different
 * ones of the same type, and objects the library returned. Each pool object stands for any number of objects (its
 * allocation runs in a loop), so a lock inside one is not taken as one lock of the whole pool: only the accesses
 * through the very pointer that was locked are ordered by it (the symbolic-base reasoning of the thread-modular
 * layer). Not covered: clients that pass an object of one type as another (other than through {@code void *}), or an
 * object of another type as a character buffer, clients that write the library's objects themselves (other than its external globals,
 * written once before the clients start), arguments pointing into the middle of an object, and a client that keeps
 * calling from a callback the library called (the callback is external code: its effects on memory are those of
 * external code). The report names the entry points assumed.
 */
public final class LibraryMode {
    /** Nesting of structures and arrays given client values, at most this deep. */
    private static final int TYPE_DEPTH = 4;

    /** The program with the client harness as its main, and the entry points it calls. */
    public record Result(Program program, List<String> entryPoints) {}

    private final Program program;
    private final SourceLoc loc;
    private final CType.Int intT;
    private final CType.Int ulong;
    private final CType voidPtr;
    private int nextId;
    /** Pools by pointee type key, in creation order. */
    private final Map<String, Variable> pools = new LinkedHashMap<>();
    private final Map<String, CType> poolTypes = new LinkedHashMap<>();
    private final List<Variable> newGlobals = new ArrayList<>();

    private LibraryMode(Program program, SourceLoc loc) {
        this.program = program;
        this.loc = loc;
        var dm = program.dataModel();
        this.intT = new CType.Int("int", dm.intSize, dm.intSize, true);
        this.ulong = new CType.Int("unsigned long", dm.longSize, dm.longSize, false);
        this.voidPtr = new CType.Pointer(new CType.Void(), dm.pointerSize);
        this.nextId = ConfiguredProgram.maxVariableId(program) + 1;
    }

    /**
     * Library mode where it applies: when {@code program} has no main, or when the configuration asks ({@code --entry}); the
     * entry points are the configuration's ({@code weft.yml}'s {@code entry-points} and {@code --entry}) or, when it
     * names none, every defined function of external linkage. Empty when the program is run from its main.
     */
    public static java.util.Optional<Result> ifLibrary(Program program, Config config) throws ConfigException {
        if (!config.library() && program.function("main") != null) return java.util.Optional.empty();
        List<Function> entries = entryFunctions(program, config.entryPoints());
        if (entries.isEmpty()) {
            throw new ConfigException(Diagnostic.error(SourceLoc.NONE, "the program has no main function and no function of external linkage to call"));
        }
        return java.util.Optional.of(apply(program, entries));
    }

    /** The functions library mode calls: those named, or every defined function of external linkage but main. */
    static List<Function> entryFunctions(Program program, List<Config.EntryPoint> named) throws ConfigException {
        List<Function> out = new ArrayList<>();
        if (!named.isEmpty()) {
            for (Config.EntryPoint e : named) {
                List<Function> found = program.functions().values().stream().filter(f -> f.name().equals(e.function())).toList();
                if (found.isEmpty()) {
                    throw new ConfigException(Diagnostic.error(e.loc(), "entry point '" + e.function() + "' is not defined in the program"));
                }
                out.addAll(found);
            }
            return out;
        }
        for (Function f : program.functions().values()) {
            if (f.isStatic() || f.name().equals("main") || f.name().startsWith("__") || systemHeader(f.loc())) continue;
            out.add(f);
        }
        return out;
    }

    /** Library mode on {@code program} with {@code entries} (non-empty) as entry points; {@code main} is replaced. */
    public static Result apply(Program program, List<Function> entries) {
        LibraryMode m = new LibraryMode(program, entries.get(0).loc());
        Map<String, Function> functions = new LinkedHashMap<>();
        for (Function f : program.functions().values()) if (!f.linkName().equals("main")) functions.put(f.linkName(), f);
        List<Function> clients = new ArrayList<>();
        for (Function f : entries) clients.add(m.client(f));
        for (Function c : clients) functions.put(c.linkName(), c);
        functions.put("main", m.main(clients));
        List<String> names = entries.stream().map(Function::name).toList();
        return new Result(program.withExtraGlobals(m.newGlobals, functions), names);
    }

    private static boolean systemHeader(SourceLoc l) {
        return l.inSystemHeader();
    }

    // ---- the pools ----

    private static String key(CType t) {
        CType u = t.unqualified();
        if (u instanceof CType.Int i && i.size() == 1) return "char"; // character buffers, whatever their signedness
        return u.toString();
    }

    /**
     * The pool of pointee type {@code t}, made on first use with the pools of its members' pointee types (finitely
     * many: one per type). Every pool is made before main fills them ({@link #main}).
     */
    private Variable pool(CType t) {
        String k = key(t);
        Variable p = pools.get(k);
        if (p != null) return p;
        CType stored = k.equals("char") ? new CType.Int("char", 1, 1, true) : t.unqualified();
        p = global("__weft_pool_" + pools.size(), new CType.Array(new CType.Pointer(stored, program.dataModel().pointerSize), 2));
        pools.put(k, p);
        poolTypes.put(k, stored);
        for (CType m : pointerMembers(stored)) pool(m);
        return p;
    }

    /** The pointee types of the pointer members of {@code t} (nested structures and arrays included). */
    private static List<CType> pointerMembers(CType t) {
        List<CType> out = new ArrayList<>();
        CType u = t.unqualified();
        if (u instanceof StructType st) {
            for (StructType.Field f : st.fields()) out.addAll(pointees(f.type()));
        }
        return out;
    }

    private static List<CType> pointees(CType t) {
        CType u = t.unqualified();
        if (u instanceof CType.Pointer p && !(p.target().unqualified() instanceof CType.Function)) return List.of(p.target());
        if (u instanceof CType.Array a) return pointees(a.element());
        if (u instanceof StructType) return pointerMembers(u);
        return List.of();
    }

    private Variable global(String name, CType type) {
        Variable v = new Variable(nextId++, name, type, Variable.Kind.GLOBAL, null, false, loc);
        newGlobals.add(v);
        return v;
    }

    // ---- building statements ----

    /** A function body under construction: edges from node to node. */
    private final class Body {
        final List<Edge> edges = new ArrayList<>();
        final List<Variable> locals = new ArrayList<>();
        final String function;
        /** A client thread's body: the pools are shared with other clients, so they are read and written atomically. */
        final boolean concurrent;
        int nodes = 1;
        int at = 0;

        Body(String function, boolean concurrent) {
            this.function = function;
            this.concurrent = concurrent;
        }

        /** A pool object (or null): {@code pool[i]}, an atomic load in a client thread (the harness races with no one). */
        Expr poolValue(Variable pool) {
            Lvalue el = poolElement(pool);
            if (!concurrent) return new Expr.Load(el, loc);
            CType t = el.type();
            Variable v = temp("__weft_object", t);
            add(new Stmt.Call(new Lvalue.Var(v), new Expr.FuncRef("__atomic_load_n", new CType.Function(t, List.of(), true)),
                    List.of(new Expr.AddrOf(el, new CType.Pointer(t, program.dataModel().pointerSize)), new Expr.IntConst(5, intT)), loc));
            return new Expr.Load(new Lvalue.Var(v), loc);
        }

        /** {@code pool[i] = value}, an atomic store in a client thread. */
        void poolStore(Variable pool, Expr value) {
            Lvalue el = poolElement(pool);
            CType t = el.type();
            if (!concurrent) {
                add(new Stmt.Assign(el, new Expr.Cast(t, value), loc));
                return;
            }
            add(new Stmt.Call(null, new Expr.FuncRef("__atomic_store_n", new CType.Function(new CType.Void(), List.of(), true)),
                    List.of(new Expr.AddrOf(el, new CType.Pointer(t, program.dataModel().pointerSize)), new Expr.Cast(t, value),
                            new Expr.IntConst(5, intT)), loc));
        }

        void add(Stmt s) {
            int n = nodes++;
            edges.add(new Edge(at, n, s));
            at = n;
        }

        Variable temp(String name, CType t) {
            Variable v = new Variable(nextId++, name, t, Variable.Kind.TEMP, function, false, loc);
            locals.add(v);
            return v;
        }

        /** A value of type {@code t} clients may choose: any scalar; a pointer: a pool object or null. */
        Expr value(CType t) {
            CType u = t.unqualified();
            if (u instanceof CType.Pointer p) {
                if (p.target().unqualified() instanceof CType.Function) {
                    return new Expr.FuncRef("__weft_client_callback", t);
                }
                return new Expr.Cast(t, poolValue(pool(p.target())));
            }
            if (u instanceof StructType || u instanceof CType.Array) {
                // an aggregate passed by value: a temporary whose scalars and pointers clients choose
                Variable agg = temp("__weft_value", u);
                havoc(new Lvalue.Var(agg), u, 0);
                return new Expr.Load(new Lvalue.Var(agg), loc);
            }
            Variable v = temp("__weft_value", u instanceof CType.Int || u instanceof CType.Float ? u : intT);
            add(new Stmt.Call(new Lvalue.Var(v), nondet(u), List.of(), loc));
            return new Expr.Cast(t, new Expr.Load(new Lvalue.Var(v), loc));
        }

        /** {@code pool[i]} for an index {@code i} clients choose (0 or 1). */
        Lvalue poolElement(Variable pool) {
            Variable i = temp("__weft_index", intT);
            add(new Stmt.Call(new Lvalue.Var(i), nondet(intT), List.of(), loc));
            Expr idx = new Expr.Binary(Expr.BinOp.AND, new Expr.Load(new Lvalue.Var(i), loc), new Expr.IntConst(1, intT), intT);
            return new Lvalue.Index(new Lvalue.Var(pool), idx, ((CType.Array) pool.type()).element());
        }

        /** Gives every scalar and pointer of place {@code lv} (of type {@code t}) a client value. */
        void havoc(Lvalue lv, CType t, int depth) {
            CType u = t.unqualified();
            if (u instanceof StructType st) {
                if (depth > TYPE_DEPTH) return;
                for (StructType.Field f : st.fields()) {
                    if (!f.isBitField()) havoc(new Lvalue.Field(lv, st, f), f.type(), depth + 1);
                }
            } else if (u instanceof CType.Array a) {
                Variable i = temp("__weft_index", intT);
                add(new Stmt.Call(new Lvalue.Var(i), nondet(intT), List.of(), loc));
                havoc(new Lvalue.Index(lv, new Expr.Load(new Lvalue.Var(i), loc), a.element()), a.element(), depth + 1);
            } else if (u instanceof CType.Pointer || u instanceof CType.Int || u instanceof CType.Float) {
                add(new Stmt.Assign(lv, value(t), loc));
            }
        }

        /** A loop running {@code body} any number of times: {@code while (nondet()) body}. */
        void loop(Runnable body) {
            Variable more = temp("__weft_more", intT);
            int head = at;
            add(new Stmt.Call(new Lvalue.Var(more), nondet(intT), List.of(), loc));
            int chosen = at;
            Expr flag = new Expr.Load(new Lvalue.Var(more), loc);
            int in = nodes++;
            edges.add(new Edge(chosen, in, new Stmt.Assume(flag, true, loc)));
            at = in;
            body.run();
            edges.add(new Edge(at, head, new Stmt.Skip(loc)));
            int out = nodes++;
            edges.add(new Edge(chosen, out, new Stmt.Assume(flag, false, loc)));
            at = out;
        }
    }

    private Expr nondet(CType t) {
        CType u = t.unqualified();
        String name = u instanceof CType.Int i && i.size() > 4 ? (i.signed() ? "__VERIFIER_nondet_long" : "__VERIFIER_nondet_ulong")
                : u instanceof CType.Float ? "__VERIFIER_nondet_double" : "__VERIFIER_nondet_int";
        CType r = u instanceof CType.Int || u instanceof CType.Float ? u : intT;
        return new Expr.FuncRef(name, new CType.Function(r, List.of(), false));
    }

    /** The client thread of entry point {@code f}: calls it once with client arguments; a pointer result joins its pool. */
    private Function client(Function f) {
        String name = "__weft_client_" + f.linkName();
        Body b = new Body(name, true);
        Variable arg = new Variable(nextId++, "__weft_arg", voidPtr, Variable.Kind.PARAM, name, false, loc);
        List<Expr> args = new ArrayList<>();
        for (Variable p : f.params()) args.add(b.value(p.type()));
        CType ret = f.type().returnType();
        Lvalue result = null;
        if (ret.unqualified() instanceof CType.Pointer rp && !(rp.target().unqualified() instanceof CType.Function)) {
            result = new Lvalue.Var(b.temp("__weft_result", ret));
        }
        b.add(new Stmt.Call(result, new Expr.FuncRef(f.linkName(), new CType.Pointer(f.type(), program.dataModel().pointerSize)), args, f.loc()));
        if (result != null) {
            b.poolStore(pool(((CType.Pointer) ret.unqualified()).target()), new Expr.Load(result, loc));
        }
        b.add(new Stmt.Return(new Expr.Cast(voidPtr, new Expr.IntConst(0, intT)), loc));
        int exit = b.at;
        CType.Function type = new CType.Function(voidPtr, List.of(voidPtr), false);
        return new Function(name, name, type, List.of(arg), b.locals, new Cfg(b.nodes, 0, exit, b.edges), false, f.loc());
    }

    /** The harness's main: fills the pools, gives the external globals client values, starts the clients. */
    private Function main(List<Function> clients) {
        Body b = new Body("main", false);
        List<Variable> globals = new ArrayList<>();
        for (Variable g : program.globals()) {
            if (g.kind() != Variable.Kind.GLOBAL || program.internalLinkage(g) || program.isLibcObject(g) || systemHeader(g.loc())
                    || g.name().startsWith("__")) continue;
            globals.add(g);
            for (CType t : pointees(g.type())) pool(t);
        }
        // every pool exists now; its objects: any number of each type
        List<String> keys = new ArrayList<>(pools.keySet());
        for (String k : keys) {
            Variable pool = pools.get(k);
            CType t = poolTypes.get(k);
            long size = Math.max(1, t instanceof CType.Void ? 64 : t.size());
            b.loop(() -> b.add(new Stmt.Call(b.poolElement(pool),
                    new Expr.FuncRef("malloc", new CType.Function(voidPtr, List.of(ulong), false)),
                    List.of(new Expr.IntConst(size, ulong)), loc)));
        }
        Variable untyped = pools.get("void");
        for (String k : keys) {
            Variable pool = pools.get(k);
            CType t = poolTypes.get(k);
            if (untyped != null && pool != untyped) {
                b.poolStore(untyped, b.poolValue(pool));
            }
            if (t instanceof StructType) {
                b.havoc(new Lvalue.Deref(b.poolValue(pool), t), t, 0);
            }
        }
        // the library's globals that clients can name start with client values
        for (Variable g : globals) b.havoc(new Lvalue.Var(g), g.type(), 0);
        Variable tid = new Variable(nextId++, "__weft_client_tid", ulong, Variable.Kind.LOCAL, "main", false, loc);
        b.locals.add(tid);
        for (Function c : clients) {
            b.loop(() -> b.add(new Stmt.Call(null, new Expr.FuncRef("pthread_create", new CType.Function(intT, List.of(), true)),
                    List.of(new Expr.AddrOf(new Lvalue.Var(tid), new CType.Pointer(ulong, program.dataModel().pointerSize)),
                            new Expr.Cast(voidPtr, new Expr.IntConst(0, intT)),
                            new Expr.FuncRef(c.linkName(), new CType.Pointer(c.type(), program.dataModel().pointerSize)),
                            new Expr.Cast(voidPtr, new Expr.IntConst(0, intT))), c.loc())));
        }
        b.add(new Stmt.Return(new Expr.IntConst(0, intT), loc));
        int exit = b.at;
        CType.Function type = new CType.Function(intT, List.of(), false);
        return new Function("main", "main", type, List.of(), b.locals, new Cfg(b.nodes, 0, exit, b.edges), false, loc);
    }
}
