package weft.frontend;

import weft.ir.CType;
import weft.ir.DataModel;
import weft.ir.Function;
import weft.ir.GlobalInit;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.ir.Variable;
import weft.model.LibcFacts;
import weft.model.LibraryModels;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects what the translation units of one program contribute: objects with static storage (one
 * per external name; {@code static} ones per unit), their initialisers and the function definitions,
 * then links them into a {@link Program}.
 */
final class ProgramBuilder {
    private final DataModel dataModel;
    private final LibraryModels models;
    private int nextId;
    private final Map<String, Variable> externalGlobals = new HashMap<>();
    private final List<Variable> globals = new ArrayList<>();
    private final List<GlobalInit> inits = new ArrayList<>();
    private final Map<String, Function> functions = new LinkedHashMap<>();
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    ProgramBuilder(DataModel dataModel, LibraryModels models) {
        this.dataModel = dataModel;
        this.models = models;
    }

    /** File-scope globals declared {@code static}: no other translation unit, external code included, can name them. */
    private final java.util.Set<Variable> internalLinkage = new java.util.HashSet<>();

    void markInternalLinkage(Variable v) {
        internalLinkage.add(v);
    }

    private final Map<Variable, String> stringTexts = new java.util.HashMap<>();

    /** Records the source text of string literal {@code v} (its quotes included), for {@link Program#stringText}. */
    void stringText(Variable v, String text) {
        stringTexts.put(v, text);
    }

    Variable newVariable(String name, CType type, Variable.Kind kind, String function, boolean threadLocal, SourceLoc loc) {
        Variable v = new Variable(nextId++, name, type, kind, function, threadLocal, loc);
        if (v.isStatic()) globals.add(v);
        return v;
    }

    /** The one object of an external-linkage global name, created on first request. */
    Variable externalGlobal(String name, CType type, boolean threadLocal, SourceLoc loc) {
        Variable v = externalGlobals.get(name);
        if (v == null) {
            v = newVariable(name, type, Variable.Kind.GLOBAL, null, threadLocal, loc);
            externalGlobals.put(name, v);
        }
        return v;
    }

    private final java.util.Set<String> definedGlobals = new java.util.HashSet<>();
    /** Functions with a file-scope declaration in an installed library's header, and those with one elsewhere. */
    private final java.util.Set<String> installedDeclared = new java.util.HashSet<>();
    private final java.util.Set<String> programDeclared = new java.util.HashSet<>();

    /**
     * Records a declaration of function {@code linkName} at {@code loc}: an installed library's if it is at file scope in
     * an installed header ({@link SourceLoc#inInstalledHeader}), else the program's.
     */
    void declareFunction(String linkName, SourceLoc loc, boolean fileScope) {
        (fileScope && loc.inInstalledHeader() ? installedDeclared : programDeclared).add(linkName);
    }

    /** Records that the program defines (not only declares) the external global {@code name}. */
    void markDefined(String name) {
        definedGlobals.add(name);
    }

    /** Replaces an external global's declared type by a better (complete) one before any use. */
    void refineExternalGlobal(String name, CType type, boolean threadLocal, SourceLoc loc) {
        Variable old = externalGlobals.get(name);
        if (old == null) {
            externalGlobal(name, type, threadLocal, loc);
            return;
        }
        boolean better = old.type().size() <= 0 && type.size() > 0;
        if (better || (threadLocal && !old.threadLocal())) {
            Variable v = new Variable(old.id(), name, better ? type : old.type(), old.kind(), null,
                    old.threadLocal() || threadLocal, better ? loc : old.loc());
            globals.set(globals.indexOf(old), v);
            externalGlobals.put(name, v);
        }
    }

    Variable lookupExternalGlobal(String name) {
        return externalGlobals.get(name);
    }

    void addInit(GlobalInit init) {
        inits.add(init);
    }

    boolean hasFunction(String linkName) {
        return functions.containsKey(linkName);
    }

    void addFunction(Function f) {
        functions.put(f.linkName(), f);
    }

    void diagnose(Diagnostic d) {
        diagnostics.add(d);
    }

    List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    DataModel dataModel() { return dataModel; }

    LibraryModels models() { return models; }

    Program build() {
        addLibcObjects();
        // library functions with callbacks taken as pointers are unknown code; the others' callbacks become IR
        LibraryModels models = this.models.without(CallbackLowering.addressTaken(functions, this.models));
        Map<String, Variable> libc = new java.util.HashMap<>();
        for (Variable v : globals) if (v.loc().file().equals("<libc>")) libc.put(v.name(), v);
        Map<String, Function> lowered = CallbackLowering.apply(this, functions, models, libc);
        functions.clear();
        functions.putAll(lowered);
        // globals declared extern, defined nowhere, and named by the program's code or initialisers; the C
        // library's own data objects (stdin, tzname...) are not program memory outside code may set
        java.util.Set<Variable> named = new java.util.HashSet<>();
        for (Function f : functions.values()) for (weft.ir.Edge e : f.cfg().edges()) weft.ir.AddressScan.variables(e.stmt(), named);
        for (GlobalInit gi : inits) for (GlobalInit.Item item : gi.items()) weft.ir.AddressScan.variables(item.value(), named);
        java.util.Set<Variable> outside = new java.util.HashSet<>();
        externalGlobals.forEach((name, v) -> {
            if (!definedGlobals.contains(name) && !functions.containsKey(name) && named.contains(v)
                    && !LibraryModels.isLibraryObject(name)) {
                outside.add(v);
            }
        });
        java.util.Set<String> installed = new java.util.HashSet<>(installedDeclared);
        installed.removeAll(programDeclared);
        installed.removeAll(functions.keySet());
        return new Program(dataModel, globals, inits, functions, models, outside, internalLinkage, stringTexts, installed);
    }

    /**
     * The library's own objects used by the C library functions the program names (calls, or takes the
     * address of) ({@link LibcFacts}): one global pseudo-object per hidden-state group (the group's static buffer, if it
     * has one, 1 KiB), one thread-local object per per-thread library object, one mutex per library lock a function
     * holds around its callbacks, the read-only library data, and the variadic arguments of the calls of each of the
     * program's variadic functions ({@link weft.model.VaListBuiltins#objectName}).
     */
    private void addLibcObjects() {
        Map<String, Long> state = new java.util.TreeMap<>();
        java.util.Set<String> tls = new java.util.TreeSet<>(), locks = new java.util.TreeSet<>();
        boolean constData = false;
        // library functions the program names: called directly, or taken as pointers (then called indirectly)
        java.util.Set<String> named = new java.util.TreeSet<>();
        for (Function f : functions.values()) {
            for (weft.ir.Edge e : f.cfg().edges()) weft.ir.AddressScan.functionRefs(e.stmt(), named);
        }
        for (GlobalInit gi : inits) for (GlobalInit.Item item : gi.items()) weft.ir.AddressScan.functionRefs(item.value(), named);
        for (String name : named) {
            if (functions.containsKey(name)) continue;
            LibcFacts facts = models.lookup(name).map(m -> m.facts()).orElse(LibcFacts.NONE);
            for (int i = 0; i < facts.state().size(); i++) {
                long size = i == 0 && facts.hasStaticBuffer() || models.bufferGroups().contains(facts.state().get(i)) ? LIBC_BUFFER_BYTES : LIBC_STATE_BYTES;
                state.merge(facts.state().get(i), size, Math::max);
            }
            for (String g : facts.readState()) state.merge(g, LIBC_STATE_BYTES, Math::max);
            for (LibcFacts.Callback cb : facts.callbacks()) if (cb.lock() != null) locks.add(cb.lock());
            // a group that only holds pointers exists once a call stores one there (setvbuf's buffer; printf follows them)
            if (facts.storesIntoState()) for (String g : facts.pointerState()) state.merge(g, LIBC_STATE_BYTES, Math::max);
            List<LibcFacts.Target> targets = new ArrayList<>(facts.result());
            for (LibcFacts.Store st : facts.stores()) targets.addAll(st.value());
            for (LibcFacts.Target t : targets) {
                if (t.kind() == LibcFacts.Kind.TLS || t.kind() == LibcFacts.Kind.TLS_INT) tls.add(t.name());
                if (t.kind() == LibcFacts.Kind.CONST) constData = true;
            }
        }
        CType ch = new CType.Int("char", 1, 1, true);
        SourceLoc loc = new SourceLoc("<libc>", 0, 0);
        state.forEach((g, size) -> newVariable(LibcFacts.stateObjectName(g), new CType.Array(ch, size), Variable.Kind.GLOBAL, null, false, loc));
        for (String t : tls) newVariable(LibcFacts.threadObjectName(t), new CType.Array(ch, LIBC_STATE_BYTES), Variable.Kind.GLOBAL, null, true, loc);
        for (String g : locks) newVariable(LibcFacts.lockObjectName(g), new CType.Array(ch, LIBC_LOCK_BYTES), Variable.Kind.GLOBAL, null, false, loc);
        if (constData) newVariable(LibcFacts.CONST_OBJECT, new CType.Array(ch, LIBC_STATE_BYTES), Variable.Kind.GLOBAL, null, false, loc);
        for (Function f : functions.values()) {
            if (!f.type().varargs()) continue;
            newVariable(weft.model.VaListBuiltins.objectName(f.linkName()), new CType.Array(ch, LIBC_STATE_BYTES), Variable.Kind.GLOBAL, null,
                    false, loc);
        }
    }

    private static final long LIBC_BUFFER_BYTES = 1024;
    private static final long LIBC_STATE_BYTES = 8;
    /** A library lock's object: a {@code pthread_mutex_t}'s size (40 bytes on LP64, more than on 32-bit), zero: free. */
    private static final long LIBC_LOCK_BYTES = 40;
}
