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

    private LibcTable() {
    }

    /** The standard table's models. */
    public static List<LibraryModel> load() {
        try (InputStream in = LibcTable.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("missing resource " + RESOURCE);
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses table lines (comments, the column header and blank lines are skipped). */
    public static List<LibraryModel> parse(List<String> lines) {
        List<LibraryModel> out = new ArrayList<>();
        int no = 0;
        for (String line : lines) {
            no++;
            if (line.isBlank() || line.startsWith("#") || line.startsWith("name\t")) continue;
            String[] c = line.split("\t", -1);
            if (c.length != 5) throw new IllegalArgumentException(RESOURCE + ":" + no + ": expected 5 columns");
            try {
                out.add(row(c));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(RESOURCE + ":" + no + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    private static LibraryModel row(String[] c) {
        String name = c[0];
        List<Event.MemArg> args = new ArrayList<>();
        List<LibcFacts.Store> stores = new ArrayList<>();
        boolean vRead = false, vWrite = false;
        int vFrom = -1;
        if (!c[1].equals("-")) {
            for (String tok : c[1].trim().split(" +")) {
                if (tok.startsWith("p")) {
                    int eq = tok.indexOf('=');
                    String where = tok.substring(1, eq);
                    stores.add(new LibcFacts.Store(where.equals("s") ? -1 : Integer.parseInt(where), targets(tok.substring(eq + 1))));
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
        List<LibcFacts.Target> result = c[2].equals("int") ? List.of() : targets(c[2]);
        boolean safe = switch (c[3]) {
            case "safe" -> true;
            case "unsafe" -> false;
            default -> throw new IllegalArgumentException("posix column must be safe or unsafe");
        };
        List<String> state = c[4].equals("-") ? List.of() : List.of(c[4].split(","));
        if (!safe && state.isEmpty()) throw new IllegalArgumentException(name + ": unsafe without a state group");
        LibcFacts facts = new LibcFacts(result, stores, safe, state);
        if (facts.hasStaticBuffer() && state.isEmpty()) throw new IllegalArgumentException(name + ": static without a state group");
        Event ev = args.isEmpty() && !vRead && !vWrite ? new Event.Pure() : new Event.MemAccess(args, vRead, vWrite, vFrom);
        return new LibraryModel(name, ev, facts);
    }

    private static List<LibcFacts.Target> targets(String spec) {
        List<LibcFacts.Target> out = new ArrayList<>();
        for (String t : spec.split("\\|")) {
            if (t.equals("fresh")) out.add(new LibcFacts.Target(LibcFacts.Kind.FRESH, -1, null));
            else if (t.equals("static")) out.add(new LibcFacts.Target(LibcFacts.Kind.STATIC, -1, null));
            else if (t.equals("const")) out.add(new LibcFacts.Target(LibcFacts.Kind.CONST, -1, null));
            else if (t.equals("unknown")) out.add(new LibcFacts.Target(LibcFacts.Kind.UNKNOWN, -1, null));
            else if (t.startsWith("tls:")) out.add(new LibcFacts.Target(LibcFacts.Kind.TLS, -1, t.substring(4)));
            else if (t.startsWith("*arg")) out.add(new LibcFacts.Target(LibcFacts.Kind.DEREF_ARG, Integer.parseInt(t.substring(4)), null));
            else if (t.startsWith("arg") && t.endsWith("+")) out.add(new LibcFacts.Target(LibcFacts.Kind.INTO_ARG, Integer.parseInt(t.substring(3, t.length() - 1)), null));
            else if (t.startsWith("arg")) out.add(new LibcFacts.Target(LibcFacts.Kind.ARG, Integer.parseInt(t.substring(3)), null));
            else throw new IllegalArgumentException("unknown target " + t);
        }
        return out;
    }
}
