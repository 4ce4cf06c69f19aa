package weft.ir.print;

import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.GlobalInit;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.ir.Variable;

import java.util.List;
import java.util.StringJoiner;

/**
 * Deterministic textual dump of a {@link Program}, for debugging and golden tests.
 *
 * <p>The output lists the data model, the globals (with type, kind, thread-local flag and flattened
 * initialiser items), then every function in program order with its signature, parameters, locals and
 * CFG edges, one per line in node order, for example:
 *
 * <pre>
 * function main() : int  @a.c:4:5
 *   local x : int
 *   cfg: 3 nodes, entry 0, exit 2
 *   0 -&gt; 1  x = (y + 1)   @a.c:5:3
 *   1 -&gt; 2  return x   @a.c:6:3
 * </pre>
 *
 * Locations are printed without directories ({@link SourceLoc#shortString()}) so that dumps do not
 * depend on where the sources live.
 */
public final class IrPrinter {
    private IrPrinter() {
    }

    /** The dump of the whole program. */
    public static String print(Program program) {
        StringBuilder sb = new StringBuilder();
        sb.append("program ").append(program.dataModel()).append('\n');
        for (Variable g : program.globals()) {
            appendGlobal(sb, g, program.init(g));
        }
        if (!program.externals().isEmpty()) {
            sb.append("externals ").append(String.join(", ", program.externals())).append('\n');
        }
        for (Function f : program.functions().values()) {
            sb.append('\n');
            appendFunction(sb, f);
        }
        return sb.toString();
    }

    /** The dump of one function: signature line, parameters, locals and edges. */
    public static String print(Function function) {
        StringBuilder sb = new StringBuilder();
        appendFunction(sb, function);
        return sb.toString();
    }

    /** The edges of a CFG, one line each, in order of their source node. */
    public static String print(Cfg cfg) {
        StringBuilder sb = new StringBuilder();
        appendEdges(sb, cfg);
        return sb.toString();
    }

    /** One edge as {@code "  from -> to  stmt   @file:line:col"}. */
    public static String edgeLine(Edge e) {
        return "  " + e.from() + " -> " + e.to() + "  " + oneLine(String.valueOf(e.stmt())) + at(e.loc(), "   ");
    }

    private static void appendGlobal(StringBuilder sb, Variable g, GlobalInit init) {
        sb.append(switch (g.kind()) {
            case GLOBAL -> "global";
            case STATIC_LOCAL -> "static";
            case STRING -> "string";
            default -> g.kind().name().toLowerCase();
        });
        sb.append(' ').append(oneLine(g.name())).append(" : ").append(g.type());
        if (g.threadLocal()) sb.append("  thread_local");
        if (g.function() != null) sb.append("  in ").append(g.function());
        sb.append("  #").append(g.id()).append(at(g.loc(), "  ")).append('\n');
        if (init != null) {
            for (GlobalInit.Item item : init.items()) {
                sb.append("  [+").append(item.offset()).append("] ").append(item.type())
                        .append(" = ").append(oneLine(String.valueOf(item.value()))).append('\n');
            }
        }
    }

    private static void appendFunction(StringBuilder sb, Function f) {
        StringJoiner sig = new StringJoiner(", ", "(", ")");
        List<Variable> params = f.params();
        for (Variable p : params) sig.add(p.name() + " : " + p.type());
        if (f.type().varargs()) sig.add("...");
        sb.append("function ");
        if (f.isStatic()) sb.append("static ");
        sb.append(f.name()).append(sig).append(" : ").append(f.type().returnType());
        if (!f.linkName().equals(f.name())) sb.append("  link ").append(f.linkName());
        sb.append(at(f.loc(), "  ")).append('\n');
        for (Variable p : params) appendVar(sb, "param", p);
        for (Variable l : f.locals()) appendVar(sb, l.kind() == Variable.Kind.TEMP ? "temp" : "local", l);
        Cfg cfg = f.cfg();
        sb.append("  cfg: ").append(cfg.nodeCount()).append(" nodes, entry ").append(cfg.entry())
                .append(", exit ").append(cfg.exit()).append('\n');
        appendEdges(sb, cfg);
    }

    private static void appendVar(StringBuilder sb, String what, Variable v) {
        sb.append("  ").append(what).append(' ').append(v.name()).append(" : ").append(v.type())
                .append("  #").append(v.id()).append('\n');
    }

    private static void appendEdges(StringBuilder sb, Cfg cfg) {
        for (int n = 0; n < cfg.nodeCount(); n++) {
            for (Edge e : cfg.out(n)) sb.append(edgeLine(e)).append('\n');
        }
    }

    private static String at(SourceLoc loc, String sep) {
        if (loc == null || loc.equals(SourceLoc.NONE)) return "";
        return sep + "@" + loc.shortString();
    }

    /** Keeps one item per line even if a statement's text (e.g. inline assembly) spans lines. */
    private static String oneLine(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }
}
