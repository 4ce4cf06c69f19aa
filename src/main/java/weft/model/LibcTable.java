package weft.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads the C library table, the resource {@code /weft/model/libc.tsv} (its header documents the
 * columns), into {@link LibraryModel}s: functions that touch memory through pointer arguments get an
 * {@link Event.MemAccess}, the others {@link Event.Pure}; both carry their {@link LibcFacts}.
 */
public final class LibcTable {
    public static final String RESOURCE = "/weft/model/libc.tsv";
    /** Every table loaded by {@link #load}: the C library and the libraries real programs commonly link (zlib, OpenSSL). */
    public static final List<String> RESOURCES = List.of(RESOURCE, "/weft/model/zlib.tsv", "/weft/model/openssl.tsv");

    // compiled once: a cold start parses the whole table (String.matches and split compile their pattern per call)
    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");
    private static final java.util.regex.Pattern EFFECT = java.util.regex.Pattern.compile(
            "(r|w|rw)(\\*{0,2}[0-9]+|\\*s|v[0-9]+|[0-9]+:[0-9]+|@[A-Za-z_][A-Za-z_0-9]*)|f[0-9]+|k[0-9]+(=[0-9]+)?|p([0-9]+(\\.[A-Za-z_][A-Za-z_0-9]*)?|s|@[A-Za-z_][A-Za-z_0-9]*)=\\S+");
    private static final java.util.regex.Pattern MEMBER_PARAM = java.util.regex.Pattern.compile("&arg([0-9]+)\\.([A-Za-z_][A-Za-z_0-9]*)");
    private static final java.util.regex.Pattern SPACES = java.util.regex.Pattern.compile(" +");
    private static final java.util.regex.Pattern BAR = java.util.regex.Pattern.compile("\\|");

    private LibcTable() {
    }

    /** The standard tables' models ({@link #RESOURCES}, in that order). */
    public static List<LibraryModel> load() {
        List<LibraryModel> out = new ArrayList<>();
        for (String resource : RESOURCES) {
            try (InputStream in = LibcTable.class.getResourceAsStream(resource)) {
                if (in == null) throw new IllegalStateException("missing resource " + resource);
                out.addAll(parse(resource, new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /** Parses table lines (comments, the column header and blank lines are skipped). */
    public static List<LibraryModel> parse(List<String> lines) {
        return parse(RESOURCE, lines);
    }

    private static List<LibraryModel> parse(String resource, List<String> lines) {
        List<LibraryModel> out = new ArrayList<>();
        int no = 0;
        for (String line : lines) {
            no++;
            if (line.isBlank() || line.startsWith("#") || line.startsWith("name\t")) continue;
            String[] c = line.split("\t", -1);
            if (c.length != 6) throw new IllegalArgumentException(resource + ":" + no + ": expected 6 columns");
            try {
                out.add(row(c[0], c[1], c[2], c[3], c[4], c[5]));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(resource + ":" + no + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    /**
     * One entry from its six columns (as in the table; also used for {@code weft.yml}'s {@code libc} entries).
     *
     * @throws IllegalArgumentException with the reason when a column is malformed
     */
    public static LibraryModel row(String name, String argsCol, String resultCol, String posix, String state, String callbacks) {
        if (!NAME.matcher(name).matches()) throw new IllegalArgumentException("bad function name '" + name + "'");
        String[] c = {name, argsCol.trim(), resultCol.trim(), posix.trim(), state.trim(), callbacks.trim()};
        List<Event.MemArg> args = new ArrayList<>();
        List<LibcFacts.Store> stores = new ArrayList<>();
        List<LibcFacts.GlobalAccess> globals = new ArrayList<>();
        boolean vRead = false, vWrite = false;
        int vFrom = -1, vaList = -1, format = -1;
        LibcFacts.MutexAttr mutexAttr = null;
        LibcFacts.Reach stateTargets = LibcFacts.Reach.NONE;
        if (!c[1].equals("-")) {
            for (String tok : SPACES.split(c[1].trim())) {
                if (!EFFECT.matcher(tok).matches()) {
                    throw new IllegalArgumentException("bad effect '" + tok + "'");
                }
                if (tok.startsWith("p@")) {
                    int eq = tok.indexOf('=');
                    if (eq < 0) throw new IllegalArgumentException("bad store " + tok);
                    stores.add(new LibcFacts.Store(-2, targets(tok.substring(eq + 1)), tok.substring(2, eq)));
                } else if (tok.endsWith("*s")) {
                    boolean rw = tok.startsWith("rw");
                    stateTargets = new LibcFacts.Reach(stateTargets.read() || rw || tok.startsWith("r"),
                            stateTargets.write() || rw || tok.startsWith("w"));
                } else if (tok.startsWith("r@") || tok.startsWith("w@")) {
                    globals.add(new LibcFacts.GlobalAccess(tok.substring(2), tok.charAt(0) == 'w'));
                } else if (tok.startsWith("p")) {
                    int eq = tok.indexOf('=');
                    if (eq < 0) throw new IllegalArgumentException("bad store " + tok);
                    String where = tok.substring(1, eq);
                    int dot = where.indexOf('.');
                    String field = dot < 0 ? null : where.substring(dot + 1);
                    if (dot >= 0) where = where.substring(0, dot);
                    stores.add(new LibcFacts.Store(where.equals("s") ? -1 : Integer.parseInt(where), targets(tok.substring(eq + 1)), null, field));
                } else if (tok.startsWith("k")) {
                    int eq = tok.indexOf('=');
                    if (mutexAttr != null) throw new IllegalArgumentException("two mutex-attribute effects");
                    mutexAttr = new LibcFacts.MutexAttr(Integer.parseInt(tok.substring(1, eq < 0 ? tok.length() : eq)),
                            eq < 0 ? -1 : Integer.parseInt(tok.substring(eq + 1)));
                } else if (tok.startsWith("f")) {
                    format = Integer.parseInt(tok.substring(1));
                } else if (tok.startsWith("rv") || tok.startsWith("wv") || tok.startsWith("rwv")) {
                    boolean rw = tok.startsWith("rw");
                    vRead |= rw || tok.startsWith("r");
                    vWrite |= rw || tok.startsWith("w");
                    vaList = Integer.parseInt(tok.substring(tok.indexOf('v') + 1));
                } else if (tok.contains("**")) {
                    boolean rw = tok.startsWith("rw");
                    boolean w = rw || tok.startsWith("w");
                    int arg = Integer.parseInt(tok.substring(tok.indexOf("**") + 2));
                    if (rw || !w) args.add(new Event.MemArg(arg, false, -1, true));
                    if (w) args.add(new Event.MemArg(arg, true, -1, true));
                } else if (tok.contains("*")) {
                    boolean rw = tok.startsWith("rw");
                    vRead |= rw || tok.startsWith("r");
                    vWrite |= rw || tok.startsWith("w");
                    vFrom = Integer.parseInt(tok.substring(tok.indexOf('*') + 1));
                } else {
                    boolean rw = tok.startsWith("rw");
                    boolean w = rw || tok.startsWith("w");
                    String rest = tok.substring(rw ? 2 : 1);
                    int colon = rest.indexOf(':');
                    int arg = Integer.parseInt(colon < 0 ? rest : rest.substring(0, colon));
                    int size = colon < 0 ? -1 : Integer.parseInt(rest.substring(colon + 1));
                    if (rw || !w) args.add(new Event.MemArg(arg, false, size));
                    if (w) args.add(new Event.MemArg(arg, true, size));
                }
            }
        }
        List<LibcFacts.Target> resultTargets = c[2].equals("int") ? List.of() : targets(c[2]);
        boolean safe = switch (c[3]) {
            case "safe" -> true;
            case "unsafe" -> false;
            default -> throw new IllegalArgumentException("posix column must be safe or unsafe");
        };
        List<String> groups = new ArrayList<>();
        List<String> readGroups = new ArrayList<>();
        List<String> pointerGroups = new ArrayList<>();
        List<String> unlockedGroups = new ArrayList<>();
        if (!c[4].equals("-")) {
            for (String g : c[4].split(",")) {
                if (g.endsWith(":r")) readGroups.add(g.substring(0, g.length() - 2));
                else if (g.endsWith(":p")) pointerGroups.add(g.substring(0, g.length() - 2));
                else if (g.endsWith(":u")) {
                    pointerGroups.add(g.substring(0, g.length() - 2));
                    unlockedGroups.add(g.substring(0, g.length() - 2));
                } else groups.add(g);
            }
        }
        if ((stateTargets.any() || resultTargets.stream().anyMatch(t -> t.kind() == LibcFacts.Kind.DEREF_STATE))
                && groups.isEmpty() && readGroups.isEmpty() && pointerGroups.isEmpty()) {
            throw new IllegalArgumentException(name + ": what the hidden state points to (*s, *state) without a state group");
        }
        if (!safe && groups.isEmpty()) throw new IllegalArgumentException(name + ": unsafe without a state group");
        if (stores.stream().anyMatch(st -> st.throughArg() < 0 && st.global() == null) && groups.isEmpty() && pointerGroups.isEmpty()) {
            throw new IllegalArgumentException(name + ": a store into the hidden state (ps=) without a group it writes or that holds pointers (GROUP:p)");
        }
        List<LibcFacts.Callback> cbs = new ArrayList<>();
        List<String> runs = new ArrayList<>();
        if (!c[5].equals("-")) {
            for (String tok : SPACES.split(c[5])) {
                if (tok.startsWith("run:")) runs.add(tok.substring(4));
                else cbs.add(callback(tok));
            }
        }
        LibcFacts facts = new LibcFacts(resultTargets, stores, safe, groups, cbs, runs, globals, mutexAttr, readGroups, stateTargets, pointerGroups, unlockedGroups);
        if ((facts.hasStaticBuffer() || usesStatic(cbs)) && groups.isEmpty()) throw new IllegalArgumentException(name + ": static without a state group");
        if (format >= 0 && !vRead && !vWrite) throw new IllegalArgumentException(name + ": a format (f" + format + ") without variadic pointers (r*N or rvN)");
        if (vaList >= 0 && vFrom >= 0) throw new IllegalArgumentException(name + ": both variadic arguments and a va_list");
        Event ev = args.isEmpty() && !vRead && !vWrite ? new Event.Pure() : new Event.MemAccess(args, vRead, vWrite, vFrom, vaList, format);
        return new LibraryModel(name, ev, facts);
    }

    private static boolean usesStatic(List<LibcFacts.Callback> cbs) {
        for (LibcFacts.Callback cb : cbs) {
            for (LibcFacts.Param p : cb.params()) {
                if (p.kind() == LibcFacts.ParamKind.STATIC || p.kind() == LibcFacts.ParamKind.LOADED_STATIC) return true;
            }
        }
        return false;
    }

    /**
     * {@code WHENn(params)}, {@code WHEN*n(params)} or {@code WHEN*n.member(params)}, e.g. {@code sync3(arg0+,arg0+)},
     * {@code async*1.__sigaction_handler(int)}; a {@code sync} callback may end in {@code @GROUP}, the library lock the
     * function holds while it calls it ({@code sync0(fresh,int,arg1)@loader}).
     */
    private static LibcFacts.Callback callback(String tok) {
        String lock = null;
        int at = tok.lastIndexOf(")@");
        if (at >= 0) {
            lock = tok.substring(at + 2);
            if (!lock.matches("[a-z_]+")) throw new IllegalArgumentException("bad lock group in callback " + tok);
            tok = tok.substring(0, at + 1);
        }
        int open = tok.indexOf('('), close = tok.lastIndexOf(')');
        if (open < 0 || close != tok.length() - 1) throw new IllegalArgumentException("bad callback " + tok);
        String head = tok.substring(0, open);
        int digit = 0;
        while (digit < head.length() && !Character.isDigit(head.charAt(digit)) && head.charAt(digit) != '*') digit++;
        LibcFacts.When when = switch (head.substring(0, digit)) {
            case "sync" -> LibcFacts.When.SYNC;
            case "async" -> LibcFacts.When.ASYNC;
            case "exit" -> LibcFacts.When.EXIT;
            case "fork" -> LibcFacts.When.FORK;
            default -> throw new IllegalArgumentException("bad callback kind in " + tok + " (expected sync, async, exit or fork)");
        };
        boolean stored = head.startsWith("*", digit);
        int dot = head.indexOf('.', digit);
        String member = stored && dot >= 0 ? head.substring(dot + 1) : null;
        int fn = Integer.parseInt(head.substring(stored ? digit + 1 : digit, dot >= 0 ? dot : head.length()));
        List<LibcFacts.Param> params = new ArrayList<>();
        String inner = tok.substring(open + 1, close);
        if (!inner.isEmpty()) for (String p : inner.split(",")) params.add(param(p));
        return new LibcFacts.Callback(when, fn, stored, member, params, lock);
    }

    private static LibcFacts.Param param(String p) {
        return switch (p) {
            case "int" -> new LibcFacts.Param(LibcFacts.ParamKind.INT, -1);
            case "null" -> new LibcFacts.Param(LibcFacts.ParamKind.NULL, -1);
            case "fresh" -> new LibcFacts.Param(LibcFacts.ParamKind.FRESH, -1);
            case "path" -> new LibcFacts.Param(LibcFacts.ParamKind.ENTRY_PATH, -1);
            case "stat" -> new LibcFacts.Param(LibcFacts.ParamKind.ENTRY_STAT, -1);
            case "static" -> new LibcFacts.Param(LibcFacts.ParamKind.STATIC, -1);
            case "*static" -> new LibcFacts.Param(LibcFacts.ParamKind.LOADED_STATIC, -1);
            default -> {
                java.util.regex.Matcher mm = MEMBER_PARAM.matcher(p);
                if (mm.matches()) yield new LibcFacts.Param(LibcFacts.ParamKind.MEMBER_ARG, Integer.parseInt(mm.group(1)), mm.group(2));
                if (p.startsWith("*arg")) yield new LibcFacts.Param(LibcFacts.ParamKind.LOADED_ARG, Integer.parseInt(p.substring(4)));
                if (p.startsWith("arg") && p.endsWith("+")) yield new LibcFacts.Param(LibcFacts.ParamKind.INTO_ARG, Integer.parseInt(p.substring(3, p.length() - 1)));
                if (p.startsWith("arg")) yield new LibcFacts.Param(LibcFacts.ParamKind.ARG, Integer.parseInt(p.substring(3)));
                throw new IllegalArgumentException("bad callback parameter " + p);
            }
        };
    }

    private static List<LibcFacts.Target> targets(String spec) {
        List<LibcFacts.Target> out = new ArrayList<>();
        for (String t : BAR.split(spec)) {
            if (t.equals("fresh")) out.add(new LibcFacts.Target(LibcFacts.Kind.FRESH, -1, null));
            else if (t.equals("static")) out.add(new LibcFacts.Target(LibcFacts.Kind.STATIC, -1, null));
            else if (t.equals("*state")) out.add(new LibcFacts.Target(LibcFacts.Kind.DEREF_STATE, -1, null));
            else if (t.equals("const")) out.add(new LibcFacts.Target(LibcFacts.Kind.CONST, -1, null));
            else if (t.equals("unknown")) out.add(new LibcFacts.Target(LibcFacts.Kind.UNKNOWN, -1, null));
            else if (t.startsWith("tls:") && t.endsWith(":int")) out.add(new LibcFacts.Target(LibcFacts.Kind.TLS_INT, -1, t.substring(4, t.length() - 4)));
            else if (t.startsWith("tls:")) out.add(new LibcFacts.Target(LibcFacts.Kind.TLS, -1, t.substring(4)));
            else if (t.startsWith("*arg")) out.add(new LibcFacts.Target(LibcFacts.Kind.DEREF_ARG, Integer.parseInt(t.substring(4)), null));
            else if (t.startsWith("arg") && t.endsWith("+")) out.add(new LibcFacts.Target(LibcFacts.Kind.INTO_ARG, Integer.parseInt(t.substring(3, t.length() - 1)), null));
            else if (t.startsWith("arg")) out.add(new LibcFacts.Target(LibcFacts.Kind.ARG, Integer.parseInt(t.substring(3)), null));
            else throw new IllegalArgumentException("unknown target " + t);
        }
        return out;
    }
}
