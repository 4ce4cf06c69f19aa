package weft.frontend;

import weft.frontend.CallbackLowering.Body;
import weft.ir.CType;
import weft.ir.DataModel;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.LibcFacts;
import weft.model.LibcFacts.Callback;
import weft.model.Semantics;

import java.util.ArrayList;
import java.util.List;

/**
 * The synchronous callbacks of library functions whose loop the explorer runs as the library does, lowered for
 * {@link CallbackLowering}: a file-tree walk ({@code ftw}, {@code nftw}), a sort or a search ({@code qsort},
 * {@code qsort_r}, {@code bsearch}, {@code lfind}, {@code lsearch}), a binary tree's operation ({@code tsearch},
 * {@code tfind}, {@code tdelete}, {@code twalk}, {@code tdestroy}), a directory's scan ({@code scandir}, two callbacks in
 * one loop: {@link #scanLoop}), the loaded objects ({@code dl_iterate_phdr}: {@link #loadedObjectsLoop}). Each is the
 * same loop, before the library call:
 * <pre>
 *     ret = 0; count = 0;
 *     head: more = NEXT(outs..., args..., count, ret);
 *           if (!more) goto end;
 *           count = count + 1; ret = fn(params); goto head;
 * </pre>
 * where {@code NEXT} ({@code __weft_walk_next}, {@code __weft_sort_next}, {@code __weft_search_next},
 * {@code __weft_lfind_next}, {@code __weft_tree_next}, {@code __weft_scandir_next}) is a function of the tables: for the analyses it writes its
 * out-parameters with what its row says (pointers into the array, the tree's state...), and is any integer, so the
 * loop is the synchronous loop of any number of calls; the explorer answers each ask as glibc's algorithm would
 * ({@code weft.exec.Walks}, {@code Sorts}, {@code Trees}, {@code DirectoryScans}), from the count of calls made and the callback's last result.
 */
final class LibraryLoops {
    /** The functions that give a walk's, a sort's or search's, a tree operation's next call. */
    static final String WALK_NEXT = "__weft_walk_next", SORT_NEXT = "__weft_sort_next", SEARCH_NEXT = "__weft_search_next",
            LFIND_NEXT = "__weft_lfind_next", TREE_NEXT = "__weft_tree_next", SCAN_NEXT = "__weft_scandir_next",
            INFLATE_BACK_NEXT = "__weft_inflate_back_next", LOADED_NEXT = "__weft_phdr_next";

    private final CallbackLowering owner;
    private final DataModel dm;
    private final CType.Int intT;
    private final CType voidPtr;
    private final CType sizeT;
    private final CType.Pointer voidPtrPtr;

    LibraryLoops(CallbackLowering owner, DataModel dm, CType.Int intT, CType voidPtr) {
        this.owner = owner;
        this.dm = dm;
        this.intT = intT;
        this.voidPtr = voidPtr;
        this.sizeT = new CType.Int("unsigned long", dm.longSize, dm.longSize, false);
        this.voidPtrPtr = new CType.Pointer(voidPtr, dm.pointerSize);
    }

    /** Whether the callback {@code cb} of a function of semantics {@code sem} has a loop of its own here. */
    static boolean runsOwnLoop(Callback cb, Semantics sem) {
        return walk(cb) || sem instanceof Semantics.Sort || sem instanceof Semantics.Search || sem instanceof Semantics.Tree;
    }

    /** Emits the loop of {@code cb} ({@link #runsOwnLoop}) from {@code from} to {@code to}. */
    void lower(Body body, int from, int to, Callback cb, Semantics sem, List<Expr> args, SourceLoc loc) {
        if (walk(cb)) walkLoop(body, from, to, cb, args, loc);
        else if (sem instanceof Semantics.Tree tree) treeLoop(body, from, to, cb, args, tree, loc);
        else comparisonLoop(body, from, to, cb, args, sem instanceof Semantics.Sort, sem instanceof Semantics.Search s && s.linear(), loc);
    }

    /** Whether {@code cb} is called with the entries of a file-tree walk ({@code ftw}: a path parameter). */
    private static boolean walk(Callback cb) {
        return cb.params().stream().anyMatch(p -> p.kind() == LibcFacts.ParamKind.ENTRY_PATH);
    }

    // ------------------------------------------------------------------ the loop's skeleton

    /** A loop's counters: the callback's last result and the calls made so far, and its head node. */
    private record Counters(Variable ret, Variable count, int head) {}

    /** {@code from: ret = 0; count = 0; -> head}. */
    private Counters start(Body body, int from, SourceLoc loc) {
        Variable ret = body.temp("__cb_ret", intT, Variable.Kind.TEMP, loc);
        Variable count = body.temp("__cb_count", intT, Variable.Kind.TEMP, loc);
        int init = body.node(), head = body.node();
        body.edges.add(new Edge(from, init, new Stmt.Assign(new Lvalue.Var(ret), new Expr.IntConst(0, intT), loc)));
        body.edges.add(new Edge(init, head, new Stmt.Assign(new Lvalue.Var(count), new Expr.IntConst(0, intT), loc)));
        return new Counters(ret, count, head);
    }

    private static Expr load(Variable v, SourceLoc loc) {
        return new Expr.Load(new Lvalue.Var(v), loc);
    }

    /**
     * {@code at: more = next(args); !more -> to; more -> count = count + 1 ->} the node returned, where the callback's
     * call is to start.
     */
    private int ask(Body body, int at, int to, Expr.FuncRef next, List<Expr> args, Counters k, SourceLoc loc) {
        Expr more = body.moreValue(loc);
        int chosen = body.node(), go = body.node(), call = body.node();
        body.edges.add(new Edge(at, chosen, new Stmt.Call(((Expr.Load) more).lvalue(), next, args, loc)));
        body.edges.add(new Edge(chosen, to, new Stmt.Assume(more, false, loc)));
        body.edges.add(new Edge(chosen, go, new Stmt.Assume(more, true, loc)));
        body.edges.add(new Edge(go, call, new Stmt.Assign(new Lvalue.Var(k.count()),
                new Expr.Binary(Expr.BinOp.ADD, load(k.count(), loc), new Expr.IntConst(1, intT), intT), loc)));
        return call;
    }

    /** {@code at: [ret =] fn(params); -> head} (the result kept when the callback returns an integer). */
    private void call(Body body, int at, Expr fn, List<Expr> params, Counters k, SourceLoc loc) {
        CType.Function t = functionType(fn);
        boolean returnsInt = t != null && t.returnType() instanceof CType.Int;
        body.edges.add(new Edge(at, k.head(), new Stmt.Call(returnsInt ? new Lvalue.Var(k.ret()) : null, fn, params, loc)));
    }

    private static CType.Function functionType(Expr fn) {
        return fn.type() instanceof CType.Pointer fp && fp.target() instanceof CType.Function f ? f
                : fn.type() instanceof CType.Function f ? f : null;
    }

    /** {@code v} cast to the callback's parameter {@code i} when both are pointers. */
    private static Expr asParam(Expr fn, int i, Expr v) {
        CType.Function t = functionType(fn);
        if (t != null && i < t.params().size() && t.params().get(i).isPointer() && v.type().isPointer()) return new Expr.Cast(t.params().get(i), v);
        return v;
    }

    /** {@code at: t = malloc(FRESH_BYTES); ->} the node returned. */
    private int fresh(Body body, int at, Variable t, SourceLoc loc) {
        int next = body.node();
        body.edges.add(new Edge(at, next, new Stmt.Call(new Lvalue.Var(t),
                new Expr.FuncRef("malloc", new CType.Function(voidPtr, List.of(sizeT), false)),
                List.of(new Expr.IntConst(CallbackLowering.FRESH_BYTES, sizeT)), loc)));
        return next;
    }

    private Expr.FuncRef next(String name, CType... params) {
        return new Expr.FuncRef(name, new CType.Function(intT, List.of(params), false));
    }

    // ------------------------------------------------------------------ the loops

    /**
     * A file-tree walk ({@code ftw(dir, fn, n)}): the ask is preceded by fresh buffers for the entry's path and status,
     * which {@code __weft_walk_next(path, (T) stat, dir, count, ret)} fills ({@code T}: the callback's parameter type,
     * so that the explorer knows the layout of {@code struct stat}); the callback gets them, and other library memory
     * ({@code nftw}'s {@code struct FTW}) fresh too. For the analyses this is the synchronous loop with fresh library
     * memory (each call new objects) plus a function that writes those buffers and reads {@code dir} (its row). The
     * explorer runs the walk as the world answers it; the count and the callback's last result let it stop after a few
     * entries and where the real walk would stop (a callback's non-zero result ends it).
     */
    private void walkLoop(Body body, int from, int to, Callback cb, List<Expr> args, SourceLoc loc) {
        Counters k = start(body, from, loc);
        Variable path = body.temp("__cb_buf", voidPtr, Variable.Kind.TEMP, loc);
        Variable stat = body.temp("__cb_buf", voidPtr, Variable.Kind.TEMP, loc);
        int asked = fresh(body, fresh(body, k.head(), path, loc), stat, loc);
        Expr fn = owner.callee(body, cb, args, loc);
        int statParam = 0;
        while (statParam < cb.params().size() && cb.params().get(statParam).kind() != LibcFacts.ParamKind.ENTRY_STAT) statParam++;
        Expr statArg = asParam(fn, statParam, load(stat, loc));
        Expr dir = args.isEmpty() ? owner.nullPtr() : args.get(0);
        int at = ask(body, asked, to, next(WALK_NEXT, voidPtr, voidPtr, new CType.Pointer(new CType.Int("char", 1, 1, true), dm.pointerSize), intT, intT),
                List.of(load(path, loc), statArg, dir, load(k.count(), loc), load(k.ret(), loc)), k, loc);
        List<Expr> params = new ArrayList<>();
        for (LibcFacts.Param p : cb.params()) {
            if (p.kind() == LibcFacts.ParamKind.ENTRY_PATH) {
                params.add(load(path, loc));
            } else if (p.kind() == LibcFacts.ParamKind.ENTRY_STAT) {
                params.add(load(stat, loc));
            } else if (p.kind() == LibcFacts.ParamKind.FRESH) {
                Variable t = body.temp("__cb_buf", voidPtr, Variable.Kind.TEMP, loc);
                at = fresh(body, at, t, loc);
                params.add(load(t, loc));
            } else {
                params.add(owner.param(body, p, args, loc));
            }
        }
        call(body, at, fn, params, k, loc);
    }

    /**
     * A sort or a search that calls the program's comparator ({@code qsort}, {@code qsort_r}: {@code sort};
     * {@code bsearch}: not):
     * <pre>
     *     while (__weft_sort_next(&amp;a, &amp;b, base, n, size, count, ret)) { count++; ret = cmp(a, b[, arg]); }
     *     (bsearch: while (__weft_search_next(&amp;a, base, n, size, count, ret)) { count++; ret = cmp(key, a); })
     *     (lfind, lsearch: while (__weft_lfind_next(&amp;a, base, nmemb, size, count, ret)) ..., nmemb the pointer to the count)
     * </pre>
     * For the analyses {@code a} and {@code b} point anywhere into the array (the functions' table rows:
     * {@code p0=arg2+}), as the sync loop's parameters do; the explorer runs glibc's own algorithm one comparison per
     * ask, its element moves included. The callback's parameters that point into the array ({@code arg0+},
     * {@code arg1+}) are the elements asked about, in order; the others are as the table says.
     */
    private void comparisonLoop(Body body, int from, int to, Callback cb, List<Expr> args, boolean sort, boolean linear, SourceLoc loc) {
        Counters k = start(body, from, loc);
        Variable a = body.temp("__cb_elem", voidPtr, Variable.Kind.LOCAL, loc);
        Variable b = body.temp("__cb_elem", voidPtr, Variable.Kind.LOCAL, loc);
        int baseArg = sort ? 0 : 1;
        Expr base = baseArg < args.size() ? args.get(baseArg) : owner.nullPtr();
        Expr n = baseArg + 1 < args.size() ? args.get(baseArg + 1) : linear ? owner.nullPtr() : new Expr.IntConst(0, sizeT);
        Expr size = baseArg + 2 < args.size() ? args.get(baseArg + 2) : new Expr.IntConst(0, sizeT);
        Expr addrA = new Expr.AddrOf(new Lvalue.Var(a), voidPtrPtr), addrB = new Expr.AddrOf(new Lvalue.Var(b), voidPtrPtr);
        Expr counted = load(k.count(), loc), answered = load(k.ret(), loc);
        int at = sort
                ? ask(body, k.head(), to, next(SORT_NEXT, voidPtrPtr, voidPtrPtr, voidPtr, sizeT, sizeT, intT, intT),
                        List.of(addrA, addrB, base, n, size, counted, answered), k, loc)
                : ask(body, k.head(), to, linear ? next(LFIND_NEXT, voidPtrPtr, voidPtr, new CType.Pointer(sizeT, dm.pointerSize), sizeT, intT, intT)
                        : next(SEARCH_NEXT, voidPtrPtr, voidPtr, sizeT, sizeT, intT, intT), List.of(addrA, base, n, size, counted, answered), k, loc);
        Expr fn = owner.callee(body, cb, args, loc);
        List<Expr> params = new ArrayList<>();
        List<Variable> elements = new ArrayList<>(List.of(a, b));
        for (LibcFacts.Param p : cb.params()) {
            params.add(p.kind() == LibcFacts.ParamKind.INTO_ARG && p.arg() == baseArg && !elements.isEmpty()
                    ? asParam(fn, params.size(), load(elements.remove(0), loc)) : owner.param(body, p, args, loc));
        }
        call(body, at, fn, params, k, loc);
    }

    /**
     * A {@code tsearch}, {@code tfind}, {@code tdelete}, {@code twalk} or {@code tdestroy} call:
     * <pre>
     *     while (__weft_tree_next(&amp;node, &amp;nkey, &amp;visit, &amp;depth, x, y, op, count, ret)) { count++; ret = fn(params); }
     * </pre>
     * {@code x} the key (the walks: the root node), {@code y} the root pointer (the walks: null), {@code op} the
     * operation's code ({@link Semantics.Tree#OPS}). The callback's parameters are as the table says, its
     * {@code static} the node asked about, {@code *static} that node's key, its {@code int}s the walk's visit and depth,
     * in order. For the analyses {@code node} points into the group's state object and {@code nkey} where the pointers
     * stored there point ({@code __weft_tree_next}'s row), as the table's parameters did; the explorer runs glibc's
     * tree one callback per ask.
     */
    private void treeLoop(Body body, int from, int to, Callback cb, List<Expr> args, Semantics.Tree tree, SourceLoc loc) {
        Counters k = start(body, from, loc);
        Variable node = body.temp("__cb_node", voidPtr, Variable.Kind.LOCAL, loc);
        Variable nodeKey = body.temp("__cb_node_key", voidPtr, Variable.Kind.LOCAL, loc);
        Variable visit = body.temp("__cb_visit", intT, Variable.Kind.LOCAL, loc);
        Variable depth = body.temp("__cb_depth", intT, Variable.Kind.LOCAL, loc);
        CType.Pointer intPtr = new CType.Pointer(intT, dm.pointerSize);
        boolean walk = tree.key() < 0;
        Expr x = argOrNull(args, walk ? tree.root() : tree.key());
        Expr y = walk ? owner.nullPtr() : argOrNull(args, tree.root());
        int at = ask(body, k.head(), to, next(TREE_NEXT, voidPtrPtr, voidPtrPtr, intPtr, intPtr, voidPtr, voidPtr, intT, intT, intT),
                List.of(new Expr.AddrOf(new Lvalue.Var(node), voidPtrPtr), new Expr.AddrOf(new Lvalue.Var(nodeKey), voidPtrPtr),
                        new Expr.AddrOf(new Lvalue.Var(visit), intPtr), new Expr.AddrOf(new Lvalue.Var(depth), intPtr), x, y,
                        new Expr.IntConst(Semantics.Tree.OPS.indexOf(tree.op()), intT), load(k.count(), loc), load(k.ret(), loc)), k, loc);
        Expr fn = owner.callee(body, cb, args, loc);
        List<Expr> params = new ArrayList<>();
        List<Variable> ints = new ArrayList<>(List.of(visit, depth));
        for (LibcFacts.Param p : cb.params()) {
            Expr v = switch (p.kind()) {
                case STATIC -> load(node, loc);
                case LOADED_STATIC -> load(nodeKey, loc);
                case INT -> ints.isEmpty() ? new Expr.IntConst(0, intT) : load(ints.remove(0), loc);
                default -> owner.param(body, p, args, loc);
            };
            params.add(asParam(fn, params.size(), v));
        }
        call(body, at, fn, params, k, loc);
    }

    /**
     * A {@code scandir(dir, list, filter, compar)}: its callbacks ({@code sync}: those the call gives, not a constant
     * null) called in one loop, the ask's answer saying which:
     * <pre>
     *     while ((more = __weft_scandir_next(&amp;entry, &amp;a, &amp;b, dir, filter, compar, count, ret))) {
     *         count++;
     *         if (more == 1) ret = filter(entry); else if (more == 2) ret = compar(a, b);   (3: ask again)
     *     }
     * </pre>
     * For the analyses {@code entry}, {@code a} and {@code b} point to fresh library memory ({@code __weft_scandir_next}'s
     * row), as the table's {@code fresh} parameters did; the explorer reads the directory's entries (inputs), calls the
     * filter on each and glibc's {@code qsort} of the list with the comparator ({@code weft.exec.DirectoryScans}).
     */
    void scanLoop(Body body, int from, int to, List<Callback> sync, Semantics.ScanDirectory scan, List<Expr> args, SourceLoc loc) {
        Counters k = start(body, from, loc);
        Variable entry = body.temp("__cb_entry", voidPtr, Variable.Kind.LOCAL, loc);
        Variable a = body.temp("__cb_elem", voidPtr, Variable.Kind.LOCAL, loc);
        Variable b = body.temp("__cb_elem", voidPtr, Variable.Kind.LOCAL, loc);
        Callback filter = null, compar = null;
        for (Callback cb : sync) {
            if (cb.fnArg() == scan.filter()) filter = cb;
            else if (cb.fnArg() == scan.compare()) compar = cb;
        }
        List<Expr> asked = List.of(new Expr.AddrOf(new Lvalue.Var(entry), voidPtrPtr), new Expr.AddrOf(new Lvalue.Var(a), voidPtrPtr),
                new Expr.AddrOf(new Lvalue.Var(b), voidPtrPtr), argOrNull(args, scan.dir()),
                filter == null ? owner.nullPtr() : argOrNull(args, scan.filter()), compar == null ? owner.nullPtr() : argOrNull(args, scan.compare()),
                load(k.count(), loc), load(k.ret(), loc));
        int at = ask(body, k.head(), to, next(SCAN_NEXT, voidPtrPtr, voidPtrPtr, voidPtrPtr, voidPtr, voidPtr, voidPtr, intT, intT), asked, k, loc);
        body.edges.add(new Edge(at, k.head(), new Stmt.Assume(is(body.moreValue(loc), 3), true, loc)));
        branches(body, at, java.util.Arrays.asList(filter, compar), args, k, loc, (which, cb, fn) -> {
            List<Expr> params = new ArrayList<>();
            List<Variable> given = new ArrayList<>(which == 1 ? List.of(entry) : List.of(a, b));
            for (LibcFacts.Param p : cb.params()) {
                params.add(p.kind() == LibcFacts.ParamKind.FRESH && !given.isEmpty() ? asParam(fn, params.size(), load(given.remove(0), loc))
                        : owner.param(body, p, args, loc));
            }
            return params;
        });
    }

    /** A callback's parameters in a branch of a loop with several ({@link #branches}). */
    private interface Params {
        List<Expr> of(int which, Callback cb, Expr fn);
    }

    /**
     * {@code at: more == 1 -> [ret =] cbs[0](params) -> head; more == 2 -> cbs[1](...) -> head; ...}: one branch per
     * callback the call gives (a null one gets none), the ask's answer saying which.
     */
    private void branches(Body body, int at, List<Callback> cbs, List<Expr> args, Counters k, SourceLoc loc, Params params) {
        Expr more = body.moreValue(loc);
        for (int which = 1; which <= cbs.size(); which++) {
            Callback cb = cbs.get(which - 1);
            if (cb == null) continue;
            int go = body.node();
            body.edges.add(new Edge(at, go, new Stmt.Assume(is(more, which), true, loc)));
            Expr fn = owner.callee(body, cb, args, loc);
            call(body, go, fn, params.of(which, cb, fn), k, loc);
        }
    }

    /**
     * zlib's {@code inflateBack(strm, in, in_desc, out, out_desc)}, its two callbacks in one loop:
     * <pre>
     *     head: more = __weft_inflate_back_next(&amp;next, &amp;put, &amp;len, strm, in, in_desc, out, out_desc, count, ret,
     *                                           &amp;strm-&gt;state);
     *           more == 1: ret = in(in_desc, &amp;next);   more == 2: ret = out(out_desc, put, len);   0: the call
     * </pre>
     * {@code next} is zlib's own variable the input function sets to its buffer (a local of the library's), {@code put}
     * and {@code len} the stretch of the window zlib hands the output function. For the analyses the ask reads the input
     * through {@code next}, writes the stream's objects and points {@code put} at what the stream's {@code state} member
     * points to, where {@code inflateBackInit_} keeps the window ({@code __weft_inflate_back_next}'s row: the member's
     * address its last argument, or a pointer anywhere into the stream when its type does not show it); the explorer decompresses as zlib does, asking for input and handing out output in zlib's order
     * ({@code weft.exec.InflateBacks}).
     */
    void inflateBackLoop(Body body, int from, int to, List<Callback> sync, List<Expr> args, SourceLoc loc) {
        Counters k = start(body, from, loc);
        CType uchar = new CType.Int("unsigned char", 1, 1, false);
        CType.Pointer bytes = new CType.Pointer(uchar, dm.pointerSize);
        CType.Int unsigned = new CType.Int("unsigned int", 4, 4, false);
        Variable next = body.temp("__cb_next", bytes, Variable.Kind.LOCAL, loc);
        Variable put = body.temp("__cb_put", bytes, Variable.Kind.LOCAL, loc);
        Variable len = body.temp("__cb_len", unsigned, Variable.Kind.LOCAL, loc);
        Callback input = null, output = null;
        for (Callback cb : sync) {
            if (cb.fnArg() == weft.model.Semantics.InflateBack.IN) input = cb;
            else if (cb.fnArg() == weft.model.Semantics.InflateBack.OUT) output = cb;
        }
        CType.Pointer bytesPtr = new CType.Pointer(bytes, dm.pointerSize), unsignedPtr = new CType.Pointer(unsigned, dm.pointerSize);
        List<Expr> asked = List.of(new Expr.AddrOf(new Lvalue.Var(next), bytesPtr), new Expr.AddrOf(new Lvalue.Var(put), bytesPtr),
                new Expr.AddrOf(new Lvalue.Var(len), unsignedPtr), argOrNull(args, 0),
                input == null ? owner.nullPtr() : argOrNull(args, weft.model.Semantics.InflateBack.IN), argOrNull(args, weft.model.Semantics.InflateBack.IN_DESC),
                output == null ? owner.nullPtr() : argOrNull(args, weft.model.Semantics.InflateBack.OUT), argOrNull(args, weft.model.Semantics.InflateBack.OUT_DESC),
                load(k.count(), loc), load(k.ret(), loc), owner.member(body, args.get(0), "state", loc));
        int at = ask(body, k.head(), to, next(INFLATE_BACK_NEXT, bytesPtr, bytesPtr, unsignedPtr, voidPtr, voidPtr, voidPtr, voidPtr, voidPtr, intT, intT,
                voidPtr), asked, k, loc);
        branches(body, at, java.util.Arrays.asList(input, output), args, k, loc, (which, cb, fn) -> which == 1
                ? List.of(owner.param(body, cb.params().get(0), args, loc), asParam(fn, 1, new Expr.AddrOf(new Lvalue.Var(next), bytesPtr)))
                : List.of(owner.param(body, cb.params().get(0), args, loc), asParam(fn, 1, load(put, loc)), load(len, loc)));
    }

    /**
     * A {@code dl_iterate_phdr(callback, data)}: the loaded objects one per ask, each handed to the callback:
     * <pre>
     *     info = malloc(...);   (once: glibc's one struct on its stack)
     *     while (__weft_phdr_next((T) info, &amp;size, count, ret)) { count++; ret = callback(info, size, data); }
     * </pre>
     * ({@code T}: the callback's parameter type, so that the explorer knows the layout of {@code struct dl_phdr_info}).
     * For the analyses {@code info} is fresh library memory the ask writes, holding pointers to fresh library memory
     * (the name, the program headers: {@code __weft_phdr_next}'s row), as the table's {@code fresh} parameter was; the
     * explorer answers each ask with a loaded object, the world's ({@code weft.exec.LoadedObjects}).
     */
    void loadedObjectsLoop(Body body, int from, int to, Callback cb, List<Expr> args, SourceLoc loc) {
        Variable info = body.temp("__cb_buf", voidPtr, Variable.Kind.TEMP, loc);
        Variable size = body.temp("__cb_size", sizeT, Variable.Kind.LOCAL, loc);
        Counters k = start(body, fresh(body, from, info, loc), loc);
        Expr fn = owner.callee(body, cb, args, loc);
        int at = ask(body, k.head(), to, next(LOADED_NEXT, voidPtr, new CType.Pointer(sizeT, dm.pointerSize), intT, intT),
                List.of(asParam(fn, 0, load(info, loc)), new Expr.AddrOf(new Lvalue.Var(size), new CType.Pointer(sizeT, dm.pointerSize)),
                        load(k.count(), loc), load(k.ret(), loc)), k, loc);
        // the table's first fresh parameter is the object's structure, its first int the structure's size
        java.util.Map<LibcFacts.ParamKind, Variable> given = new java.util.EnumMap<>(java.util.Map.of(LibcFacts.ParamKind.FRESH, info, LibcFacts.ParamKind.INT, size));
        List<Expr> params = new ArrayList<>();
        for (LibcFacts.Param p : cb.params()) {
            Variable v = given.remove(p.kind());
            params.add(asParam(fn, params.size(), v != null ? load(v, loc) : owner.param(body, p, args, loc)));
        }
        call(body, at, fn, params, k, loc);
    }

    private Expr is(Expr v, int k) {
        return new Expr.Binary(Expr.BinOp.EQ, v, new Expr.IntConst(k, intT), intT);
    }

    private Expr argOrNull(List<Expr> args, int i) {
        if (i < 0 || i >= args.size()) return owner.nullPtr();
        Expr a = args.get(i);
        return a.type().isPointer() ? a : new Expr.Cast(voidPtr, a);
    }
}
