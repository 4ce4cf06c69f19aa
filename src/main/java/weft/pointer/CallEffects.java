package weft.pointer;

import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Variable;
import weft.model.Event;
import weft.model.LibcFacts;
import weft.model.LibraryModel;
import weft.pointer.Calls.CallSite;
import weft.pointer.ConstraintBuilder.Term;

import java.util.ArrayList;
import java.util.List;

/**
 * Points-to effects of calls to library functions (by their {@link Event} model) and to external code.
 *
 * <p><b>External world.</b> Code the analysis cannot see is modelled by the cell of {@link
 * MemObject.Unknown}, written U here: it holds {@code Loc(Unknown, ANY)} and every location that escaped to
 * external code. Arguments of external calls flow into U; U is closed under dereference (external code may
 * follow any pointer it got) and under stores (it may store any pointer it has into any memory it
 * reaches); results of external calls and reads through unknown pointers yield U. Functions whose address
 * reaches U are treated as callbacks, called with U for every parameter, and make the result
 * incomplete: external code might run them at any time, on any thread.
 *
 * <p><b>Globals seen by external code.</b> External code can name every global with external linkage
 * (and, through its own state, anything a previous external call was given): once the program calls an
 * unknown external function (or a library function whose result is {@code unknown}), U also holds the
 * address of every global (any offset), so that what such a call returns or stores through its arguments
 * may point to any global, and to everything reachable from those (U is closed under dereference). Sound
 * because an external function can only obtain a program address by naming a global or by reading it
 * from memory it was given or reaches. A function of a library installed on the system
 * ({@link weft.ir.Program#installedLibraryFunction}: declared only by headers under {@code /usr/include} and the
 * like, never by the program's files) does not make the globals escape: such a library was compiled without the
 * program, so it names none of the program's globals (it cannot know their names) and reaches program memory only
 * through what it is given, which escapes to U as every argument does. The one way a library obtains a global by
 * its name, dynamic symbol lookup ({@code dlsym}, {@code dlvsym}), is in the C library table with result
 * {@code unknown}, which makes the globals escape. (Without this, one call of an unlisted library function, as
 * sol's calls of OpenSSL, put every global and everything reachable from them into U, and U's cell into one cycle
 * with 18,000 of sol's 29,000 cells.) Assumed, not checked: a library that reads or writes a global the program
 * defines for it by a documented name (a configuration variable such as jemalloc's {@code malloc_conf}) is in
 * the table. Globals with internal linkage (file-scope {@code static}, and
 * static locals) are left out: no code outside their translation unit can name them (C11 6.2.2), and
 * code outside the program is never in one of the program's translation units, so it reaches them only
 * through pointers it was given or finds in memory it reaches, which U already follows (a
 * {@code static void *(*my_malloc_f)(size_t) = malloc;} keeps its one target). Before the first external
 * call nothing external has run, so programs without one keep U small.
 *
 * <p><b>Objects defined outside the program.</b> A global declared {@code extern} and never defined
 * (outside code defines and initialises it) initially points to anything outside code may name: any
 * global, or unknown memory.
 *
 * <p><b>C library facts.</b> Functions of the C library table carry {@link LibcFacts}: what their
 * pointer result and the pointers they store may point to (fresh memory, into an argument, the target of
 * a pointer stored at an argument, the static buffer of a hidden-state group, read-only library data, a
 * per-thread library object, or unknown). A static buffer, per-thread object or read-only data object is
 * the front end's pseudo-object ({@code Program#libcObject}); its cells hold pointers to itself, since
 * library structures in such buffers point into library memory (e.g. {@code struct passwd}'s strings).
 * Sound as far as the table is faithful: every target the library may produce is listed.
 */
final class CallEffects {
    private final ConstraintBuilder b;
    private final Calls calls;
    private final Solver s;
    /** Return values of thread start routines and values passed to pthread_exit: what joins may receive. */
    private final int threadReturns;
    /** Values stored with thread-specific-data functions. */
    private final int threadSpecific;
    private final List<CallSite> routineSites = new ArrayList<>();
    private final IntList routineNodes = new IntList();

    CallEffects(ConstraintBuilder b, Calls calls) {
        this.b = b;
        this.calls = calls;
        this.s = b.s;
        this.threadReturns = s.newNode();
        this.threadSpecific = s.newNode();
    }

    void installExternalWorld() {
        int u = s.unknownCell;
        s.addConstraint(u, (sv, l) -> sv.addEdge(sv.readNode(sv.shift(l, Shift.WHOLE)), u, 0));
        s.addConstraint(u, (sv, l) -> sv.addEdge(u, sv.writeNode(sv.shift(l, Shift.WHOLE)), 0));
        calls.callFunctionsOf(u, null, u, u, true, "callback passed to external code");
        s.addConstraint(u, (sv, l) -> {
            if (sv.obj(sv.locObj[l]).object instanceof MemObject.Fn fn) {
                sv.markIncomplete("function " + fn.linkName() + " escapes to external code");
                // external code may call it with variadic arguments of its own
                Variable va = b.program.libcObject(weft.model.VaListBuiltins.objectName(fn.linkName()));
                weft.ir.Function g = b.program.function(fn.linkName());
                if (va != null && g != null && g.type().varargs()) sv.addLoc(sv.anyCell(b.varObj(null, va)), sv.unknownLoc);
            }
        });
        outsideDefined();
        calls.callFunctionsOf(threadSpecific, null, threadSpecific, -1, false, "thread-specific destructor");
        // the thread walk runs them at the end of every thread (weft.thread.ThreadGraph#destructors)
        s.addConstraint(threadSpecific, (sv, l) -> {
            if (sv.obj(sv.locObj[l]).object instanceof MemObject.Fn fn) sv.destructors.add(fn.linkName());
        });
    }

    /**
     * Globals the program declares {@code extern}, does not define and names ({@code Program#outsideDefined}):
     * outside code defines them and initialises them statically, so their cells may initially point to
     * anything outside code can name: any global with external linkage and memory of its own (unknown memory). Outside code runs only when the
     * program calls it, which makes these objects (globals) reachable by it then ({@link #globalsEscape}).
     * Objects declared by system headers are the library's own and are left out.
     */
    private void outsideDefined() {
        int init = -1;
        for (Variable v : b.program.outsideDefined()) {
            if (systemHeader(v.loc())) continue;
            if (init < 0) {
                init = b.temp();
                s.addLoc(init, s.unknownLoc);
                for (Variable g : b.program.globals()) {
                    if (g.kind() == Variable.Kind.GLOBAL && !b.program.internalLinkage(g)) s.addLoc(init, s.loc(b.varObj(null, g), Solver.ANY));
                }
            }
            b.store(Term.at(b.varObj(null, v), Solver.ANY), init);
        }
    }

    static boolean systemHeader(weft.ir.SourceLoc loc) {
        return loc.inSystemHeader();
    }

    /** A call of external code: its arguments escape, its result is unknown memory. */
    void external(CallSite site, String name) {
        if (weft.model.VaListBuiltins.is(name) && vaList(site, name)) return;
        if (!b.program.installedLibraryFunction(name)) globalsEscape();
        for (int k = 0; k < site.args.length; k++) escape(site, k);
        List<Expr> as = site.call.args();
        if (site.result.isEmpty()) return;
        CType rt = site.call.result().type();
        if (ConstraintBuilder.isAggregate(rt)) b.blockCopy(site.result, Term.at(s.unknownObj, ConstraintBuilder.UNKNOWN), -1);
        else if (rt.isPointer()) b.store(site.result, s.unknownCell);
    }

    /**
     * See {@link weft.model.VaListBuiltins}: {@code va_start} / {@code va_copy} point their {@code va_list} (a macro argument
     * in C, given as the variable's value or address) at U; false (not handled) for any other form of argument.
     */
    private boolean vaList(CallSite site, String name) {
        List<Expr> as = site.call.args();
        if (name.equals("__builtin_va_end")) return true;
        if (as.isEmpty()) return false;
        weft.ir.VaLists.ListArgument list = weft.ir.VaLists.listArgument(as.get(0));
        if (list == null) return false; // a va_list given some other way: the effects of external code (sound)
        Variable va = b.program.libcObject(weft.model.VaListBuiltins.objectName(site.caller.linkName()));
        int target = va == null ? s.unknownLoc : s.loc(b.varObj(null, va), Solver.ANY);
        b.store(list.addressOf() ? b.anywhereIn(list.lvalue()) : b.term(list.lvalue()), b.constNode(target));
        return true;
    }

    /**
     * Variadic argument {@code k} of a call of user function {@code callee}: into the callee's variadic-arguments
     * object, where its {@code va_start} points its {@code va_list} ({@link weft.model.VaListBuiltins}); without that
     * object, to external code.
     */
    void variadic(CallSite site, int k, String callee) {
        Variable va = b.program.libcObject(weft.model.VaListBuiltins.objectName(callee));
        if (va == null) {
            escape(site, k);
            return;
        }
        int obj = b.varObj(null, va);
        if (site.args[k] >= 0) b.store(Term.at(obj, Solver.ANY), site.args[k]);
        if (site.aggregates[k] != null) b.blockCopy(Term.at(obj, ConstraintBuilder.UNKNOWN), site.aggregates[k], -1);
    }

    private boolean globalsEscaped;

    /**
     * External code may now have (and hand back) the address of every global: they escape to U. Not the
     * variadic-arguments objects ({@link weft.model.VaListBuiltins#objectName}): each stands for argument lists on
     * the stack, which external code reaches only through a {@code va_list} handed to it (that argument escapes with
     * its target as any other); escaping all of them made every {@code va_arg} of a program with an unknown external
     * call return every escaped object.
     */
    private void globalsEscape() {
        if (globalsEscaped) return;
        globalsEscaped = true;
        for (Variable v : b.program.globals()) {
            if (v.kind() != Variable.Kind.GLOBAL || b.program.internalLinkage(v) || weft.ir.VaLists.isArgumentsObject(b.program, v)) continue;
            s.addLoc(s.unknownCell, s.loc(b.varObj(null, v), Solver.ANY));
        }
    }

    /** Argument {@code k} of the call escapes to external code. */
    void escape(CallSite site, int k) {
        if (site.args[k] >= 0) s.addEdge(site.args[k], s.unknownCell, 0);
        if (site.aggregates[k] != null) b.blockCopy(Term.at(s.unknownObj, ConstraintBuilder.UNKNOWN), site.aggregates[k], -1);
    }

    void library(CallSite site, LibraryModel model) {
        Event ev = model.event();
        LibcFacts facts = model.facts();
        if (ev instanceof Event.MemAccess m) deep(site, m);
        if (!facts.stores().isEmpty()) stores(site, facts);
        if (!facts.result().isEmpty() && resultIsPointer(site)) {
            // the table says where the result points; the event's own guesses below are not needed
            b.store(site.result, targets(site, facts, facts.result()));
            if (ev instanceof Event.MemAccess m) copies(site, m);
            return;
        }
        if (ev instanceof Event.ThreadCreate tc) {
            routine(site, site.arg(tc.routineArg()), site.arg(tc.argArg()), threadReturns);
        } else if (ev instanceof Event.Once o) {
            routine(site, site.arg(o.routineArg()), -1, -1);
        } else if (ev instanceof Event.ThreadJoin j) {
            b.store(Term.through(site.arg(j.resultArg()), 0), threadReturns);
        } else if (ev instanceof Event.ThreadExit) {
            if (site.arg(0) >= 0) s.addEdge(site.arg(0), threadReturns, 0);
        } else if (ev instanceof Event.Alloc a) {
            alloc(site, a);
        } else if (ev instanceof Event.MemAccess m) {
            memAccess(site, m);
        } else if (ev instanceof Event.Atomic a) {
            atomic(site, a);
        } else if (ev instanceof Event.ThreadSpecific ts) {
            // create(&key, destructor) and set(key, value): the destructor and the value (argument 1) go to the
            // values get may return (the destructors, called with those values, are found among them); the key is
            // an integer the library writes into *&key, no pointer, so neither it nor its address goes there
            boolean in = ts.op() == Event.SpecificOp.CREATE || ts.op() == Event.SpecificOp.SET;
            if (in && site.args.length > 1 && site.args[1] >= 0) s.addEdge(site.args[1], threadSpecific, 0);
            if (ts.op() == Event.SpecificOp.GET && resultIsPointer(site)) b.store(site.result, threadSpecific);
        } else if (ev instanceof Event.Nondet || ev instanceof Event.Pure) {
            if (resultIsPointer(site)) b.store(site.result, b.constNode(s.unknownLoc));
        }
        // locks, conditions, barriers, assumptions, program end: no pointer effects
    }

    private static boolean resultIsPointer(CallSite site) {
        return !site.result.isEmpty() && site.call.result().type().isPointer();
    }

    /** Start routines (thread creation, once): called with {@code arg}, returning into {@code result}. */
    private void routine(CallSite site, int routineNode, int arg, int result) {
        routineSites.add(site);
        routineNodes.add(routineNode);
        if (routineNode >= 0) calls.callFunctionsOf(routineNode, site, arg, result, false, "thread routine");
    }

    /**
     * Marks the analysis incomplete for start routines that resolved to no function. An empty points-to set is a gap too:
     * it may hold only constants ({@code SIG_IGN} read from a {@code struct sigaction}), but also bytes a library call
     * wrote ({@code read} of a function pointer another thread sent through a pipe), which the analysis does not take for
     * addresses.
     */
    void checkRoutines() {
        for (int i = 0; i < routineSites.size(); i++) {
            int n = routineNodes.get(i);
            boolean any = false;
            if (n >= 0) {
                for (int l : s.ptsArray(n)) any |= s.obj(s.locObj[l]).object instanceof MemObject.Fn;
            }
            if (!any) s.markIncomplete(routineSites.get(i).caller.linkName(), "start routine with no known target in " + routineSites.get(i).where());
        }
    }

    private void alloc(CallSite site, Event.Alloc a) {
        int heap = b.heapObj(site.version, site.edge);
        int node = s.seededNode(s.loc(heap, 0));
        if (a.kind() == Event.AllocKind.REALLOC && site.arg(a.oldArg()) >= 0) {
            b.blockCopy(Term.through(node, 0), Term.through(site.arg(a.oldArg()), 0), -1);
        }
        b.store(site.result, node);
    }

    /**
     * Where a store through an argument lands relative to the argument: its member {@link LibcFacts.Store#field}
     * when the argument's static type is a pointer to a struct that has it, anywhere in the object when it has
     * not (the layout is unknown), the pointed-to place itself for a store without a member.
     */
    private static int memberShift(CallSite site, LibcFacts.Store st) {
        if (st.field() == null) return 0;
        java.util.List<weft.ir.Expr> args = site.call.args();
        weft.ir.Expr arg = st.throughArg() < args.size() ? args.get(st.throughArg()) : null;
        weft.ir.CType pointee = arg == null ? null : arg.type().pointee();
        if (pointee != null && pointee.unqualified() instanceof weft.ir.StructType t) {
            weft.ir.StructType.Field f = t.field(st.field());
            if (f != null && !f.isBitField()) return Shift.plain(f.offset());
        }
        return Shift.WHOLE;
    }

    /**
     * Pointers the call stores through its arguments or into its hidden state. A target naming a struct passed by value
     * ({@code hsearch}'s {@code ENTRY}: {@code ps=*arg0}) stands for the pointers the struct holds, copied whole into
     * the destination (audit D53: the struct's value node is none, so nothing was stored, and what the library handed
     * back pointed nowhere).
     */
    private void stores(CallSite site, LibcFacts facts) {
        for (LibcFacts.Store st : facts.stores()) {
            int value = targets(site, facts, st.value());
            java.util.List<Term> into = new java.util.ArrayList<>();
            if (st.throughArg() >= 0) {
                into.add(Term.through(site.arg(st.throughArg()), memberShift(site, st)));
            } else if (st.global() != null) {
                Variable g = b.program.globalNamed(st.global());
                if (g != null) into.add(Term.at(b.varObj(null, g), Solver.ANY));
            } else {
                for (String g : facts.storeGroups()) {
                    Variable v = b.program.libcObject(LibcFacts.stateObjectName(g));
                    if (v != null) into.add(Term.at(b.varObj(null, v), Solver.ANY));
                }
            }
            for (Term dst : into) {
                b.store(dst, value);
                for (LibcFacts.Target x : st.value()) {
                    Term agg = aggregate(site, x);
                    if (agg != null) b.blockCopy(dst.isStatic() ? Term.at(dst.obj(), ConstraintBuilder.UNKNOWN) : dst, agg, -1);
                }
            }
        }
    }

    /** The struct passed by value that target {@code x} names ({@code argN}, {@code *argN}), or null. */
    private static Term aggregate(CallSite site, LibcFacts.Target x) {
        boolean named = x.kind() == LibcFacts.Kind.ARG || x.kind() == LibcFacts.Kind.INTO_ARG || x.kind() == LibcFacts.Kind.DEREF_ARG;
        return named && site.arg(x.arg()) < 0 && x.arg() >= 0 && x.arg() < site.aggregates.length ? site.aggregates[x.arg()] : null;
    }

    /** A node holding every location one of {@code targets} may denote at this call. */
    private int targets(CallSite site, LibcFacts facts, java.util.List<LibcFacts.Target> targets) {
        int t = b.temp();
        for (LibcFacts.Target x : targets) {
            switch (x.kind()) {
                case FRESH -> freshLibraryObject(t, b.heapObj(site.version, site.edge));
                case ARG, INTO_ARG -> {
                    if (site.arg(x.arg()) >= 0) s.addEdge(site.arg(x.arg()), t, x.kind() == LibcFacts.Kind.ARG ? 0 : Shift.IN_ARRAY);
                }
                case DEREF_ARG -> {
                    int p = site.arg(x.arg());
                    if (p >= 0) s.addEdge(b.read(Term.through(p, 0)), t, Shift.IN_ARRAY);
                }
                case DEREF_STATE -> {
                    // what the pointers stored in the call's hidden-state objects point to (strtok's saved position)
                    for (String g : facts.allGroups()) {
                        Variable v = b.program.libcObject(LibcFacts.stateObjectName(g));
                        if (v == null) s.addLoc(t, s.unknownLoc);
                        else s.addEdge(b.read(Term.at(b.varObj(null, v), Solver.ANY)), t, Shift.IN_ARRAY);
                    }
                }
                case STATIC -> libraryObject(t, facts.state().isEmpty() ? null : LibcFacts.stateObjectName(facts.state().get(0)), true);
                case CONST -> libraryObject(t, LibcFacts.CONST_OBJECT, true);
                case TLS -> libraryObject(t, LibcFacts.threadObjectName(x.name()), true);
                case TLS_INT -> libraryObject(t, LibcFacts.threadObjectName(x.name()), false);
                case UNKNOWN -> {
                    globalsEscape();
                    s.addEdge(s.unknownCell, t, 0);
                }
            }
        }
        return t;
    }

    /**
     * Adds the library's object {@code name} to node {@code t}. With {@code selfLinked} its cells point into itself
     * (a {@code struct tm}'s {@code tm_zone}, a {@code hostent}'s lists); a per-thread int ({@code errno}) is not
     * linked: the library stores only integers there, so reading it yields no pointer the program did not store
     * (linking it would make every value read from {@code errno} point to {@code errno}, and {@code errno} reachable
     * from whatever shared memory such a value is stored in).
     */
    private void libraryObject(int t, String name, boolean selfLinked) {
        Variable v = name == null ? null : b.program.libcObject(name);
        if (v == null) {
            // no pseudo-object (the call is not a direct one): unknown memory
            s.addLoc(t, s.unknownLoc);
            return;
        }
        int obj = b.varObj(null, v);
        int self = b.constNode(s.loc(obj, Solver.ANY));
        s.addEdge(self, t, 0);
        if (selfLinked && this.selfLinked.add(obj)) b.store(Term.at(obj, Solver.ANY), self);
    }

    private final java.util.Set<Integer> selfLinked = new java.util.HashSet<>();
    /** Objects a deep write reached: each of their cells may hold its pointers moved within their targets. */
    private final java.util.Set<Integer> advanced = new java.util.HashSet<>();

    /**
     * Adds fresh memory the library allocated, {@code obj}, to node {@code t}; its cells point into itself.
     * Unlike {@code malloc}'s block, memory a library function hands back fresh may already hold pointers
     * the library stored (scandir's array of entries, getaddrinfo's list and addresses): they point to
     * memory the library allocated in the same call, which this call site's heap object stands for. Left
     * pointing nowhere, accesses through them would be lost (a wrong race-free).
     */
    private void freshLibraryObject(int t, int obj) {
        int self = b.constNode(s.loc(obj, Solver.ANY));
        s.addLoc(t, s.loc(obj, 0));
        if (selfLinked.add(obj)) b.store(Term.at(obj, Solver.ANY), self);
    }

    /**
     * A written deep argument ({@link Event.MemArg#deep}): for every object reachable from it through stored
     * pointers (collected in a node, at any offset), each of its cells may afterwards hold the pointers it held,
     * at any offset of their targets: the library may advance the pointers it finds ({@code next_in}). It does
     * not move a pointer from one cell to another: what it stores comes from the row's explicit stores ({@code
     * pN=T}: its fresh state, whose cells point into itself, read-only messages, a window it is given). (Letting
     * every cell of a reached object take every pointer the object holds made pigz's {@code g}, whose input
     * buffer the stream reads, one points-to cluster: every pointer of {@code g} in every field.) A function reachable
     * from the argument (zlib's {@code zalloc} stored in the stream) may be called by the library, which the
     * analyses do not see: the analysis is then incomplete, as for a function handed to external code.
     */
    private void deep(CallSite site, Event.MemAccess m) {
        for (Event.MemArg a : m.args()) {
            if (!a.deep() || !a.write() || site.arg(a.ptrArg()) < 0) continue;
            int closure = b.temp();
            s.addEdge(site.arg(a.ptrArg()), closure, Shift.IN_ARRAY);
            String lib = site.call.directName();
            s.addConstraint(closure, (sv, l) -> {
                MemObject o = sv.obj(sv.locObj[l]).object;
                if (o instanceof MemObject.Fn fn) {
                    sv.markIncomplete(site.caller.linkName(), "function " + fn.linkName() + " is handed to " + lib + ", which may call it, in " + site.where());
                    return;
                }
                // the library's read-only data (a message) holds none of the structure's pointers
                if (MemObject.isLibraryConstData(o)) return;
                int all = sv.shift(l, Shift.IN_ARRAY);
                sv.addEdge(sv.readNode(all), closure, Shift.IN_ARRAY);
                int obj = sv.locObj[l];
                if (advanced.add(obj)) sv.watch(obj, (w, cellLoc) -> w.addEdge(w.locCell[cellLoc], w.locCell[cellLoc], Shift.IN_ARRAY));
            });
        }
    }

    /** Copying functions (one pointer written, another read) copy the cells of the source to the destination. */
    private void memAccess(CallSite site, Event.MemAccess m) {
        boolean writes = copies(site, m);
        if (!resultIsPointer(site)) return;
        // copying functions return their destination; reading ones (strchr, strdup...) a pointer into an
        // argument or fresh memory
        int t = b.temp();
        for (Event.MemArg a : m.args()) {
            if (a.write() == writes) s.addEdge(site.arg(a.ptrArg()), t, writes ? 0 : Shift.IN_ARRAY);
        }
        if (!writes) s.addLoc(t, s.loc(b.heapObj(site.version, site.edge), 0));
        b.store(site.result, t);
    }

    /** Copies the cells of every read argument to every written one; whether anything is written. */
    private boolean copies(CallSite site, Event.MemAccess m) {
        boolean writes = false;
        for (Event.MemArg w : m.args()) {
            if (!w.write()) continue;
            writes = true;
            if (w.deep()) continue; // what it stores: deep(), the row's stores
            for (Event.MemArg r : m.args()) {
                if (r.write() || r.deep() || site.arg(w.ptrArg()) < 0 || site.arg(r.ptrArg()) < 0) continue;
                long size = -1;
                if (w.sizeArg() >= 0 && w.sizeArg() < site.call.args().size()) {
                    Long c = Consts.fold(site.call.args().get(w.sizeArg()));
                    if (c != null && c >= 0) size = c;
                }
                b.blockCopy(Term.through(site.arg(w.ptrArg()), 0), Term.through(site.arg(r.ptrArg()), 0), size);
            }
        }
        return writes;
    }

    /**
     * An atomic operation moves values between the object {@code *ptr} and the call's operands exactly as the
     * plain copies would: what is stored there points to what the stored value points to, and a load, exchange,
     * compare-exchange or read-modify-write yields what the object held. The table says how operands are passed
     * ({@link Event.Atomic#valueByPointer}, {@link Event.Atomic#resultArg}): the generic forms copy whole values
     * of any type (a struct with pointer members included) between {@code *ptr} and the caller's memory, as a
     * block copy of the object's size; the value forms copy one value (or a struct, for the C11 functions).
     */
    private void atomic(CallSite site, Event.Atomic a) {
        int ptr = site.arg(a.ptrArg());
        if (ptr < 0) return;
        Term cell = Term.through(ptr, 0);
        Event.AtomicOp op = a.op();
        long size = objectSize(site, a.ptrArg());
        boolean reads = op == Event.AtomicOp.LOAD || op == Event.AtomicOp.EXCHANGE || op == Event.AtomicOp.RMW
                || op == Event.AtomicOp.CAS;
        boolean stores = op == Event.AtomicOp.STORE || op == Event.AtomicOp.EXCHANGE || op == Event.AtomicOp.CAS;
        if (reads) {
            if (a.resultArg() >= 0) b.blockCopy(Term.through(site.arg(a.resultArg()), 0), cell, size);
            else if (!site.result.isEmpty() && ConstraintBuilder.isAggregate(site.call.result().type())) b.blockCopy(site.result, cell, size);
            else if (!site.result.isEmpty()) b.store(site.result, b.read(cell));
            // a failed compare-exchange writes the old value into *expected
            if (op == Event.AtomicOp.CAS && a.expectedIsPointer()) b.blockCopy(Term.through(site.arg(a.expectedArg()), 0), cell, size);
            if (op == Event.AtomicOp.RMW) {
                // arithmetic on an atomic pointer moves it by an unknown amount
                int value = site.arg(a.valueArg());
                b.store(cell, b.union(b.shiftedNode(b.read(cell), Shift.IN_ARRAY), b.shiftedNode(value, Shift.WHOLE)));
                return;
            }
        }
        if (!stores || a.valueArg() < 0) return;
        if (a.valueByPointer()) {
            b.blockCopy(cell, Term.through(site.arg(a.valueArg()), 0), size);
        } else if (a.valueArg() < site.aggregates.length && site.aggregates[a.valueArg()] != null) {
            b.blockCopy(cell, site.aggregates[a.valueArg()], size);
        } else {
            b.store(cell, site.arg(a.valueArg()));
        }
    }

    /** The size of the object argument {@code ptrArg} points to (-1: unknown, the whole object). */
    private static long objectSize(CallSite site, int ptrArg) {
        List<Expr> as = site.call.args();
        if (ptrArg < 0 || ptrArg >= as.size()) return -1;
        CType t = as.get(ptrArg).type().pointee();
        return t == null || t.unqualified() instanceof CType.Void || t.size() <= 0 ? -1 : t.size();
    }
}
