package weft.frontend;

import weft.ir.DataModel;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.GlobalInit;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.StructType;
import weft.ir.Variable;
import weft.ir.print.IrPrinter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Helpers for front-end tests: load a C snippet from a temporary file, find functions and variables,
 * and render a function's CFG as short strings that are easy to compare.
 */
final class FrontendTestSupport {
    /** One front end per data model: probing the C compiler for its defaults costs a process start. */
    private static final Map<DataModel, Frontend> FRONTENDS = new EnumMap<>(DataModel.class);

    private FrontendTestSupport() {
    }

    static synchronized Frontend frontend(DataModel dm) {
        return FRONTENDS.computeIfAbsent(dm, m -> new Frontend(FrontendOptions.defaults(m)));
    }

    static Path write(Path dir, String name, String code) {
        try {
            Path p = dir.resolve(name);
            Files.createDirectories(p.getParent());
            Files.writeString(p, code);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Loads {@code code} as {@code t.c} under ILP32; fails the test on front-end errors. */
    static Program load(Path dir, String code) {
        return load(dir, "t.c", code, DataModel.ILP32);
    }

    static Program load(Path dir, String name, String code, DataModel dm) {
        return load(write(dir, name, code), dm);
    }

    static Program load(Path file, DataModel dm) {
        try {
            return frontend(dm).load(List.of(file));
        } catch (FrontendException e) {
            fail("front-end errors: " + e.diagnostics().stream().map(Diagnostic::toString).collect(Collectors.joining("\n")));
            return null;
        }
    }

    /** All diagnostics (errors and warnings) of {@code code} as {@code t.c}. */
    static List<Diagnostic> check(Path dir, String code) {
        return frontend(DataModel.ILP32).check(write(dir, "t.c", code));
    }

    /** The function with C name {@code name} (its only definition). */
    static Function fn(Program p, String name) {
        List<Function> fs = p.functions().values().stream().filter(f -> f.name().equals(name)).toList();
        assertEquals(1, fs.size(), "functions named " + name + " in " + p.functions().keySet());
        return fs.get(0);
    }

    /** The one global (or static local, string) object named {@code name}. */
    static Variable global(Program p, String name) {
        List<Variable> vs = p.globals().stream().filter(v -> v.name().equals(name)).toList();
        assertEquals(1, vs.size(), "globals named " + name + ": " + p.globals());
        return vs.get(0);
    }

    /** The parameter, local or temporary of {@code f} named {@code name}. */
    static Variable local(Function f, String name) {
        for (Variable v : f.params()) if (v.name().equals(name)) return v;
        for (Variable v : f.locals()) if (v.name().equals(name)) return v;
        fail("no local " + name + " in " + f.name() + ": " + f.locals());
        return null;
    }

    static StructType struct(Program p, String global) {
        return (StructType) global(p, global).type().unqualified();
    }

    /** The CFG edges, in printer order, as {@code "from -> to  stmt   @file:line:col"}. */
    static List<String> edges(Function f) {
        List<String> out = new ArrayList<>();
        for (String line : IrPrinter.print(f.cfg()).split("\n")) if (!line.isBlank()) out.add(line.strip());
        return out;
    }

    /** The edges' statements in printer order with {@code line:col}, skipping {@code skip} edges. */
    static List<String> stmts(Function f) {
        List<String> out = new ArrayList<>();
        for (Edge e : orderedEdges(f)) {
            if (e.stmt() instanceof Stmt.Skip) continue;
            out.add(e.stmt() + " @" + e.loc().line() + ":" + e.loc().col());
        }
        return out;
    }

    /** The edges' statements in printer order without locations, skipping {@code skip} edges. */
    static List<String> plain(Function f) {
        return orderedEdges(f).stream().filter(e -> !(e.stmt() instanceof Stmt.Skip)).map(e -> e.stmt().toString()).toList();
    }

    static List<Edge> orderedEdges(Function f) {
        List<Edge> out = new ArrayList<>();
        for (int n = 0; n < f.cfg().nodeCount(); n++) out.addAll(f.cfg().out(n));
        return out;
    }

    /** The statements of a given class, in printer order. */
    static <T extends Stmt> List<T> stmtsOf(Function f, Class<T> kind) {
        return orderedEdges(f).stream().map(Edge::stmt).filter(kind::isInstance).map(kind::cast).toList();
    }

    /**
     * The memory accesses of each statement in printer order: reads ({@code R lvalue @line:col}, in
     * evaluation order, including those needed to compute a written address) then the write
     * ({@code W lvalue @line:col}) of an assignment or a call with a result. A branch condition's
     * reads are listed once, on its positive assume edge. Accesses to lowering temporaries are
     * included (they are named {@code __tN}).
     */
    static List<String> accesses(Function f) {
        List<String> out = new ArrayList<>();
        for (Edge e : orderedEdges(f)) accesses(e.stmt(), out);
        return out;
    }

    /** Like {@link #accesses(Function)} without the lowering temporaries. */
    static List<String> userAccesses(Function f) {
        return accesses(f).stream().filter(s -> !s.matches("[RW] __t\\d+ .*")).toList();
    }

    static void accesses(Stmt s, List<String> out) {
        if (s instanceof Stmt.Assign a) {
            reads(a.lhs(), out);
            reads(a.rhs(), out);
            out.add("W " + a.lhs() + " " + at(a.loc()));
        } else if (s instanceof Stmt.Call c) {
            if (!(c.callee() instanceof Expr.FuncRef)) reads(c.callee(), out);
            for (Expr x : c.args()) reads(x, out);
            if (c.result() != null) {
                reads(c.result(), out);
                out.add("W " + c.result() + " " + at(c.loc()));
            }
        } else if (s instanceof Stmt.Assume a && a.positive()) {
            reads(a.cond(), out);
        } else if (s instanceof Stmt.Return r && r.value() != null) {
            reads(r.value(), out);
        }
    }

    /** Reads made to compute the address of {@code lv} (not the read of {@code lv} itself). */
    private static void reads(Lvalue lv, List<String> out) {
        if (lv instanceof Lvalue.Field f) reads(f.base(), out);
        else if (lv instanceof Lvalue.Index i) {
            reads(i.base(), out);
            reads(i.index(), out);
        } else if (lv instanceof Lvalue.Deref d) reads(d.pointer(), out);
    }

    private static void reads(Expr e, List<String> out) {
        if (e instanceof Expr.Load l) {
            reads(l.lvalue(), out);
            out.add("R " + l.lvalue() + " " + at(l.loc()));
        } else if (e instanceof Expr.AddrOf a) {
            reads(a.lvalue(), out);
        } else if (e instanceof Expr.Unary u) {
            reads(u.operand(), out);
        } else if (e instanceof Expr.Binary b) {
            reads(b.left(), out);
            reads(b.right(), out);
        } else if (e instanceof Expr.Cast c) {
            reads(c.operand(), out);
        }
    }

    static String at(SourceLoc loc) {
        return "@" + loc.line() + ":" + loc.col();
    }

    /** Initialiser items of a global as {@code "+offset type = value"}. */
    static List<String> initItems(Program p, String global) {
        GlobalInit gi = p.init(global(p, global));
        assertNotNull(gi, "no initialiser for " + global);
        return gi.items().stream().map(i -> "+" + i.offset() + " " + i.type() + " = " + i.value()).toList();
    }

    /** The last statement of {@code f} of class {@code kind}. */
    static <T extends Stmt> T only(Function f, Class<T> kind) {
        List<T> all = stmtsOf(f, kind);
        assertEquals(1, all.size(), "statements of " + kind.getSimpleName() + " in " + f.name() + ": " + all);
        return all.get(0);
    }
}
