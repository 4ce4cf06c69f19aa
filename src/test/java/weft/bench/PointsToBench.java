package weft.bench;

import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.pointer.Loc;
import weft.pointer.MemObject;
import weft.pointer.PointsTo;
import weft.race.SharedObjects;
import weft.thread.CallGraph;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Speed benchmark of the points-to analysis (a program, not a test). For each input file it prints the
 * time of {@link PointsTo#analyze}, the time of the queries the race analysis makes (building the {@link
 * CallGraph} and {@link SharedObjects}, {@code eval} of every pointer-valued load and address-of in every
 * function, {@code locations} of every lvalue; split into these three), the size of the solution
 * ({@link PointsTo#toString()}, {@link PointsTo#stats()}), and fingerprints of all results so that two
 * implementations can be compared: {@code fp} over the points-to sets of all cells, the incompleteness
 * reasons and all query answers as sets, {@code ofp} also over the iteration order of the answers and
 * reasons (the front end is not timed).
 *
 * <p>How to run, from the project directory:
 *
 * <pre>
 * mvn -B -q -o test-compile
 * mvn -B -q -o dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -Xss16m -cp target/classes:target/test-classes:$(cat target/cp.txt) weft.bench.PointsToBench [-r N] [FILE...]
 * </pre>
 *
 * Without files it runs the four large ldv-linux-3.14-races tasks and a few small ones of
 * {@code ../shared/benchmarks/svcomp-nodatarace-dev} (ILP32). {@code -r N} repeats every file N times
 * (the minimum is printed, the first run is JIT warm-up for the others); {@code --all} runs every ILP32 task
 * of the benchmark set (to compare fingerprints of two implementations on all of them).
 */
public final class PointsToBench {
    private PointsToBench() {
    }

    private static final String[] DEFAULT = {
        "c/ldv-linux-3.14-races/linux-3.14--drivers--media--platform--marvell-ccic--cafe_ccic.ko.cil-1.i",
        "c/ldv-linux-3.14-races/linux-3.14--drivers--media--platform--marvell-ccic--cafe_ccic.ko.cil-2.i",
        "c/ldv-linux-3.14-races/linux-3.14--drivers--net--irda--nsc-ircc.ko.cil.i",
        "c/ldv-linux-3.14-races/linux-3.14--drivers--usb--misc--adutux.ko.cil.i",
        "c/pthread-driver-races/char_pc8736x_gpio_pc8736x_gpio_open_pc8736x_gpio_set.i",
        "c/pthread-driver-races/char_generic_nvram_read_nvram_write_nvram-race.i",
        "c/libvsync/hmcslock.i",
        "c/goblint-regression/02-base_24-malloc_races.i",
        "c/pthread/bigshot_s.i",
        "c/ldv-races/race-1_1-join.i",
    };

    public static void main(String[] args) throws Exception {
        Path project = Path.of("").toAbsolutePath();
        Path bench = project.resolve("../shared/benchmarks/svcomp-nodatarace-dev").normalize();
        int repeat = 1;
        List<Path> files = new ArrayList<>();
        boolean all = false;
        boolean solveOnly = false;
        boolean fingerprint = true;
        boolean timedQueries = true;
        Path dumpDir = null;
        Path traceDir = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("-r")) repeat = Integer.parseInt(args[++i]);
            else if (args[i].equals("--all")) all = true;
            else if (args[i].equals("--solve-only")) solveOnly = true;
            else if (args[i].equals("--no-fingerprint")) fingerprint = false;
            else if (args[i].equals("--fingerprint-only")) timedQueries = false;
            else if (args[i].equals("--dump")) dumpDir = Path.of(args[++i]);
            else if (args[i].equals("--trace")) traceDir = Path.of(args[++i]);
            else files.add(Path.of(args[i]));
        }
        if (all) {
            // every ILP32 task of the benchmark set (results fingerprints for comparing implementations)
            for (ParseBench.Task t : ParseBench.readTasks(bench)) if (t.model() == DataModel.ILP32 && !files.contains(t.input())) files.add(t.input());
        } else if (files.isEmpty()) {
            for (String f : DEFAULT) if (Files.exists(bench.resolve(f))) files.add(bench.resolve(f));
        }
        Frontend fe = new Frontend(FrontendOptions.defaults(DataModel.ILP32));
        System.out.printf("%-58s %8s %8s %8s  %s%n", "file", "solve_ms", "query_ms", "total_ms", "size / fingerprint");
        double sumSolve = 0;
        double sumQuery = 0;
        for (Path file : files) {
            Program program;
            try {
                program = fe.load(List.of(file));
            } catch (Exception | StackOverflowError ex) {
                System.out.println(file.getFileName() + ": front end failed: " + ex);
                continue;
            }
            long bestSolve = Long.MAX_VALUE;
            long bestQuery = Long.MAX_VALUE;
            String info = "";
            double[] split = new double[3];
            for (int r = 0; r < repeat; r++) {
                long t0 = System.nanoTime();
                PointsTo pts = PointsTo.analyze(program);
                long t1 = System.nanoTime();
                if (!solveOnly && timedQueries) runQueries(program, pts, null);
                long t2 = System.nanoTime();
                bestSolve = Math.min(bestSolve, t1 - t0);
                if (t2 - t1 < bestQuery) split = lastSplit;
                bestQuery = Math.min(bestQuery, t2 - t1);
                if (r == 0) {
                    // fingerprint (not timed): the same queries again with their answers, plus all cells
                    Digest d = new Digest();
                    if (traceDir != null) {
                        Files.createDirectories(traceDir);
                        d.trace = new StringBuilder();
                    }
                    if (!solveOnly && fingerprint) runQueries(program, pts, d);
                    String dump = fingerprint || dumpDir != null ? pts.dumpCanonical() : "";
                    d.line(dump);
                    if (dumpDir != null) {
                        Files.createDirectories(dumpDir);
                        Files.writeString(dumpDir.resolve(file.getFileName() + ".pts"), dump + "\n" + String.join("\n", pts.incompleteReasons()) + "\n");
                    }
                    for (String reason : new TreeSet<>(pts.incompleteReasons())) d.line("incomplete " + reason);
                    for (String reason : pts.incompleteReasons()) d.orderedLine("incomplete " + reason);
                    if (d.trace != null) Files.writeString(traceDir.resolve(file.getFileName() + ".trace"), d.trace);
                    info = pts + " " + pts.stats() + (fingerprint ? " fp=" + d.hex() + " ofp=" + d.orderedHex() : "");
                }
            }
            sumSolve += bestSolve / 1e6;
            sumQuery += bestQuery / 1e6;
            String name = file.getFileName().toString();
            if (name.length() > 58) name = "..." + name.substring(name.length() - 55);
            System.out.printf(Locale.ROOT, "%-58s %8.0f %8.0f %8.0f  (queries: call graph %.0f, shared objects %.0f, eval/locations %.0f) %s%n",
                    name, bestSolve / 1e6, bestQuery / 1e6, (bestSolve + bestQuery) / 1e6, split[0], split[1], split[2], info);
            System.out.flush();
        }
        System.out.printf(Locale.ROOT, "%-58s %8.0f %8.0f %8.0f%n", "TOTAL", sumSolve, sumQuery, sumSolve + sumQuery);
    }

    /** The queries of the race analysis: call graph, shared objects, pointer evaluation, lvalue locations. */
    /** Milliseconds of the last timed query pass: call graph, shared objects, evaluation of all expressions. */
    static double[] lastSplit = new double[3];

    static void runQueries(Program program, PointsTo pts, Digest d) {
        long t0 = System.nanoTime();
        CallGraph calls = new CallGraph(program, pts);
        long t1 = System.nanoTime();
        new SharedObjects(program, pts, calls);
        long t2 = System.nanoTime();
        queryAll(program, pts, calls, d);
        if (d == null) lastSplit = new double[] {(t1 - t0) / 1e6, (t2 - t1) / 1e6, (System.nanoTime() - t2) / 1e6};
    }

    private static void queryAll(Program program, PointsTo pts, CallGraph calls, Digest d) {
        for (Function f : program.functions().values()) {
            String fn = f.linkName();
            for (CallGraph.Site s : calls.sites(fn)) {
                TreeSet<String> t = new TreeSet<>();
                for (Function g : s.targets()) t.add(g.linkName());
                if (d != null) {
                    Stmt.Call call = (Stmt.Call) s.edge().stmt();
                    List<String> order = new ArrayList<>();
                    for (Function g : s.kind() == CallGraph.Site.Kind.CREATE ? pts.threadRoutines(fn, call) : pts.callees(fn, call)) order.add(g.linkName());
                    d.orderedLine("targets " + fn + " " + s.edge().from() + "->" + s.edge().to() + " " + order);
                }
                if (d != null) d.line("site " + fn + " " + s.edge().from() + "->" + s.edge().to() + " " + s.kind() + " " + t);
            }
            for (Edge e : f.cfg().edges()) {
                Stmt st = e.stmt();
                String where = fn + " " + e.from() + "->" + e.to();
                if (st instanceof Stmt.Assign a) {
                    lvalue(pts, fn, a.lhs(), d, where);
                    expr(pts, fn, a.rhs(), d, where);
                } else if (st instanceof Stmt.Call c) {
                    if (c.result() != null) lvalue(pts, fn, c.result(), d, where);
                    expr(pts, fn, c.callee(), d, where);
                    for (Expr a : c.args()) expr(pts, fn, a, d, where);
                } else if (st instanceof Stmt.Assume a) {
                    expr(pts, fn, a.cond(), d, where);
                } else if (st instanceof Stmt.Return r && r.value() != null) {
                    expr(pts, fn, r.value(), d, where);
                }
            }
        }
    }

    private static void expr(PointsTo pts, String fn, Expr e, Digest d, String where) {
        if (e instanceof Expr.Load l) {
            if (l.type().isPointer()) {
                Set<Loc> r = pts.eval(fn, l);
                if (d != null) d.set("eval " + where + " " + l, r);
            }
            lvalue(pts, fn, l.lvalue(), d, where);
        } else if (e instanceof Expr.AddrOf a) {
            Set<Loc> r = pts.eval(fn, a);
            if (d != null) d.set("eval " + where + " " + a, r);
            lvalue(pts, fn, a.lvalue(), d, where);
        } else if (e instanceof Expr.Unary u) {
            expr(pts, fn, u.operand(), d, where);
        } else if (e instanceof Expr.Binary b) {
            expr(pts, fn, b.left(), d, where);
            expr(pts, fn, b.right(), d, where);
        } else if (e instanceof Expr.Cast c) {
            expr(pts, fn, c.operand(), d, where);
        }
    }

    private static void lvalue(PointsTo pts, String fn, Lvalue lv, Digest d, String where) {
        Set<Loc> r = pts.locations(fn, lv);
        if (d != null) d.set("loc " + where + " " + lv, r);
        if (lv instanceof Lvalue.Field f) {
            lvalue(pts, fn, f.base(), d, where);
        } else if (lv instanceof Lvalue.Index ix) {
            lvalue(pts, fn, ix.base(), d, where);
            expr(pts, fn, ix.index(), d, where);
        } else if (lv instanceof Lvalue.Deref dr) {
            expr(pts, fn, dr.pointer(), d, where);
        }
    }

    /** Locations as a sorted list of unambiguous names (variables with their id). */
    static String canon(Set<Loc> locs) {
        TreeSet<String> out = new TreeSet<>();
        for (Loc l : locs) out.add(name(l));
        return out.toString();
    }

    static String name(Loc l) {
        MemObject m = l.object();
        String o = m instanceof MemObject.Var v ? v.variable().name() + "#" + v.variable().id() : m.toString();
        return o + (l.offset() == Loc.ANY ? "+?" : "+" + l.offset());
    }

    /**
     * SHA-256 of lines (callers produce them in a deterministic order): {@link #hex} over the answers as
     * sets, {@link #orderedHex} also over the iteration order of the answers.
     */
    static final class Digest {
        private final MessageDigest md;
        private final MessageDigest ordered;

        Digest() throws Exception {
            md = MessageDigest.getInstance("SHA-256");
            ordered = MessageDigest.getInstance("SHA-256");
        }

        void line(String s) {
            update(md, s);
            update(ordered, s);
        }

        /** A query answer: as a set into both, in its iteration order into the ordered one. */
        void set(String query, Set<Loc> answer) {
            update(md, query + " " + canon(answer));
            List<String> names = new ArrayList<>();
            for (Loc l : answer) names.add(name(l));
            update(ordered, query + " " + names);
            if (trace != null) trace.append(query).append(' ').append(names).append('\n');
        }

        void orderedLine(String s) {
            update(ordered, s);
            if (trace != null) trace.append(s).append('\n');
        }

        /** Ordered lines written to a file ({@code --trace}), or null. */
        StringBuilder trace;

        private void update(MessageDigest m, String s) {
            m.update(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            m.update((byte) '\n');
        }

        String hex() {
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        }

        String orderedHex() {
            return HexFormat.of().formatHex(ordered.digest()).substring(0, 16);
        }
    }
}
