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
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Applies a {@link Config} to a loaded program (whose front end already used the configured models):
 *
 * <ul>
 *   <li>Definitions of configured functions are dropped, so calls resolve to the model (a user
 *       definition would otherwise win over a library model).</li>
 *   <li>Each entry point becomes a thread root: {@code main} first runs, per entry point, a loop that
 *       creates any number of threads running it ({@code while (nondet()) pthread_create(&tid, 0, f, 0);}),
 *       then its own body. A create on a loop is not unique, so the analysis treats every entry point as
 *       possibly many concurrent instances that run alongside all of main: sound for callbacks that
 *       the environment may run at any time. The statements carry the configuration's location, so
 *       reports show "created at weft.yml:LINE".</li>
 * </ul>
 */
public final class ConfiguredProgram {
    private ConfiguredProgram() {
    }

    /**
     * In library mode ({@link Config#library()}: {@code --entry}) the configuration's entry points are left to
     * {@link LibraryMode} even when the program has a main.
     */
    public static Program apply(Program program, Config config) throws ConfigException {
        if (config.models().isEmpty() && config.entryPoints().isEmpty()) return program;
        Set<String> modelled = config.models().stream().map(m -> m.name()).collect(Collectors.toSet());
        Map<String, Function> functions = new LinkedHashMap<>();
        for (Function f : program.functions().values()) {
            if (!modelled.contains(f.linkName())) functions.put(f.linkName(), f);
        }
        if (!config.entryPoints().isEmpty() && !config.library()) {
            Function main = functions.get("main");
            // without main the entry points are a library's: LibraryMode calls them
            if (main == null) return program.withFunctions(functions);
            List<Function> routines = new ArrayList<>();
            for (Config.EntryPoint e : config.entryPoints()) {
                List<Function> found = functions.values().stream().filter(f -> f.name().equals(e.function())).toList();
                if (found.isEmpty()) {
                    throw new ConfigException(Diagnostic.error(e.loc(), "entry point '" + e.function() + "' is not defined in the program"));
                }
                routines.addAll(found);
            }
            functions.put("main", startEntryPoints(program, main, routines, config.entryPoints()));
        }
        // keeps which globals outside code defines and which it cannot name: dropping the first lost what extern
        // pointers may point to (missed races with a weft.yml present)
        return program.withFunctions(functions);
    }

    private static Function startEntryPoints(Program program, Function main, List<Function> routines, List<Config.EntryPoint> entries) {
        int nextId = maxVariableId(program) + 1;
        var dm = program.dataModel();
        CType.Int ulong = new CType.Int("unsigned long", dm.longSize, dm.longSize, false);
        CType.Int intT = new CType.Int("int", dm.intSize, dm.intSize, true);
        CType voidPtr = new CType.Pointer(new CType.Void(), dm.pointerSize);
        SourceLoc first = entries.get(0).loc();
        Variable tid = new Variable(nextId++, "__weft_entry_tid", ulong, Variable.Kind.LOCAL, main.linkName(), false, first);
        Variable more = new Variable(nextId, "__weft_entry_more", intT, Variable.Kind.TEMP, main.linkName(), false, first);
        Cfg old = main.cfg();
        List<Edge> edges = new ArrayList<>(old.edges());
        int nodes = old.nodeCount();
        int entry = nodes++;
        int head = nodes++;
        edges.add(new Edge(entry, head, new Stmt.Decl(tid, first)));
        for (Function r : routines) {
            SourceLoc loc = entries.stream().filter(e -> e.function().equals(r.name())).findFirst().orElseThrow().loc();
            int chosen = nodes++;
            int create = nodes++;
            int next = nodes++;
            edges.add(new Edge(head, chosen, new Stmt.Call(new Lvalue.Var(more),
                    new Expr.FuncRef("__VERIFIER_nondet_int", new CType.Function(intT, List.of(), false)), List.of(), loc)));
            Expr flag = new Expr.Load(new Lvalue.Var(more), loc);
            edges.add(new Edge(chosen, create, new Stmt.Assume(flag, true, loc)));
            edges.add(new Edge(chosen, next, new Stmt.Assume(flag, false, loc)));
            Expr routineRef = new Expr.FuncRef(r.linkName(), new CType.Pointer(r.type(), dm.pointerSize));
            Expr nullPtr = new Expr.Cast(voidPtr, new Expr.IntConst(0, intT));
            edges.add(new Edge(create, head, new Stmt.Call(null,
                    new Expr.FuncRef("pthread_create", new CType.Function(intT, List.of(), true)),
                    List.of(new Expr.AddrOf(new Lvalue.Var(tid), new CType.Pointer(ulong, dm.pointerSize)), nullPtr, routineRef, nullPtr), loc)));
            head = next;
        }
        edges.add(new Edge(head, old.entry(), new Stmt.Skip(first)));
        List<Variable> locals = new ArrayList<>(main.locals());
        locals.add(tid);
        locals.add(more);
        return new Function(main.name(), main.linkName(), main.type(), main.params(), locals,
                new Cfg(nodes, entry, old.exit(), edges), main.isStatic(), main.loc());
    }

    /** The largest variable id in {@code program} (new variables take ids above it). */
    static int maxVariableId(Program program) {
        int max = 0;
        for (Variable v : program.globals()) max = Math.max(max, v.id());
        for (Function f : program.functions().values()) {
            for (Variable v : f.params()) max = Math.max(max, v.id());
            for (Variable v : f.locals()) max = Math.max(max, v.id());
        }
        return max;
    }
}
