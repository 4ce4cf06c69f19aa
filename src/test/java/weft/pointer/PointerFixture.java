package weft.pointer;

import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** Loads a C snippet (ILP32), runs the analysis and answers questions by variable name. */
final class PointerFixture {
    final Program program;
    final PointsTo pt;

    private PointerFixture(Program program) {
        this.program = program;
        this.pt = PointsTo.analyze(program);
    }

    static PointerFixture of(Path dir, String code) throws Exception {
        return new PointerFixture(load(dir, code));
    }

    static Program load(Path dir, String code) throws Exception {
        Path file = dir.resolve("t" + System.nanoTime() + ".c");
        Files.writeString(file, code);
        return new Frontend(FrontendOptions.defaults(DataModel.ILP32)).load(List.of(file));
    }

    /** A global (or static local) by name, or a local/parameter written "function.name". */
    Variable var(String name) {
        int dot = name.indexOf('.');
        if (dot > 0 && program.function(name.substring(0, dot)) != null) {
            Function f = program.function(name.substring(0, dot));
            String local = name.substring(dot + 1);
            for (Variable v : f.params()) if (v.name().equals(local)) return v;
            for (Variable v : f.locals()) if (v.name().equals(local)) return v;
        }
        for (Variable v : program.globals()) if (v.name().equals(name)) return v;
        throw new AssertionError("no variable " + name);
    }

    Loc loc(String name, long offset) {
        return new Loc(new MemObject.Var(var(name)), offset);
    }

    /** What the pointer stored in variable {@code name} (at {@code offset}) may point to, as strings. */
    Set<String> pts(String name, long offset) {
        return names(pt.contents(loc(name, offset)));
    }

    Set<String> pts(String name) {
        return pts(name, 0);
    }

    static Set<String> names(Set<Loc> locs) {
        return locs.stream().map(Loc::toString).collect(Collectors.toCollection(TreeSet::new));
    }

    /** The edges of {@code function} whose statement is a call of (direct) {@code callee} or, if null, any indirect call. */
    List<Edge> calls(String function, String callee) {
        return program.function(function).cfg().edges().stream()
                .filter(e -> e.stmt() instanceof Stmt.Call c
                        && (callee == null ? c.directName() == null : callee.equals(c.directName())))
                .toList();
    }

    static Set<String> functionNames(Set<Function> fs) {
        return fs.stream().map(Function::linkName).collect(Collectors.toCollection(TreeSet::new));
    }
}
