package weft.soundness;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Line-based mutation of real C programs (the annotated corpus, the dev set's kernels) for the mutation mode of the
 * soundness harness ({@link MutationBench}): each operator takes away one piece of synchronisation or one
 * initialisation, so that a race-free program may become racy, a case the differential check on generated programs
 * cannot reach. Every mutant keeps the program's line numbers (a removed call becomes {@code 0}, a moved line leaves
 * an empty one), so an oracle's lines are the mutant's. Deterministic: the mutants of a text are listed in source
 * order, and {@link #sample} picks with a seeded {@link Random}.
 */
final class Mutator {
    /** The operators. */
    enum Op {
        /** A lock call and the next matching unlock both replaced by {@code 0}. */
        DROP_LOCK_PAIR,
        /** The matching unlock moved up to the line of the lock (the critical section left empty). */
        UNLOCK_EARLY,
        /** A {@code pthread_join} (or {@code thrd_join}) call replaced by {@code 0}. */
        DROP_JOIN,
        /** A statement line holding only a join moved up to before the previous statement line. */
        JOIN_EARLY,
        /** The initialiser of a declaration, or a whole assignment statement, dropped. */
        DROP_STORE,
        /** An atomic read-modify-write, load or store ({@code <stdatomic.h>}, {@code __atomic_*}, {@code __sync_*}) made plain. */
        PLAIN_ATOMIC,
        /** {@code pthread_once(&o, f)} replaced by a plain call {@code f()}, a barrier wait by {@code 0}. */
        DROP_ONCE_BARRIER
    }

    /** One mutant: the operator, the 1-based line it changed, and the mutated text. */
    record Mutant(Op op, int line, String text) {
        String label() {
            return op.name().toLowerCase().replace('_', '-') + "@" + line;
        }
    }

    private static final Pattern LOCK = Pattern.compile("\\b(pthread_mutex_lock|pthread_spin_lock|pthread_rwlock_wrlock|pthread_rwlock_rdlock|mtx_lock)\\s*\\(");
    private static final Pattern JOIN = Pattern.compile("\\b(pthread_join|thrd_join)\\s*\\(");
    private static final Pattern ONCE = Pattern.compile("\\b(pthread_once|call_once)\\s*\\(");
    private static final Pattern BARRIER = Pattern.compile("\\b(pthread_barrier_wait)\\s*\\(");
    private static final Pattern ATOMIC = Pattern.compile("\\b(atomic_fetch_(add|sub|or|and|xor)(_explicit)?|atomic_load(_explicit)?|atomic_store(_explicit)?"
            + "|atomic_exchange(_explicit)?|__atomic_(fetch_(add|sub|or|and|xor)|(add|sub|or|and|xor)_fetch|load_n|store_n|exchange_n)"
            + "|__sync_(fetch_and_(add|sub|or|and|xor)|(add|sub|or|and|xor)_and_fetch|lock_test_and_set))\\s*\\(");
    private static final Pattern DECL_INIT = Pattern.compile("^(\\s*(?:static\\s+|volatile\\s+|unsigned\\s+|signed\\s+|const\\s+)*"
            + "(?:int|long|char|short|_Bool|bool|size_t|unsigned|[A-Za-z_]\\w*_t)\\s*\\**\\s*[A-Za-z_]\\w*)\\s*=\\s*[^=;{][^;{]*;\\s*(//.*)?$");
    private static final Pattern ASSIGN = Pattern.compile("^\\s*[*A-Za-z_][\\w\\[\\]\\.\\->*]*\\s*(=|\\+=|-=|\\|=|&=)\\s*[^=;][^;]*;\\s*(//.*)?$");

    private Mutator() {}

    /** Every mutant of {@code src}, in source order and operator order. */
    static List<Mutant> all(String src) {
        String[] lines = src.split("\n", -1);
        List<Mutant> out = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            if (l.trim().startsWith("#") || l.trim().startsWith("//") || l.trim().startsWith("/*")) continue;
            Call lock = Call.find(LOCK, l);
            if (lock != null) {
                int u = matchingUnlock(lines, i, lock.args().get(0));
                if (u > i) {
                    String[] m = lines.clone();
                    m[i] = lock.replace(l, "0");
                    m[u] = Call.find(UNLOCK, m[u]).replace(m[u], "0");
                    out.add(new Mutant(Op.DROP_LOCK_PAIR, i + 1, String.join("\n", m)));
                    if (u > i + 1 && Call.find(UNLOCK, lines[u]).onlyStatement(lines[u])) {
                        String[] e = lines.clone();
                        e[i] = l + " " + lines[u].trim();
                        e[u] = "";
                        out.add(new Mutant(Op.UNLOCK_EARLY, i + 1, String.join("\n", e)));
                    }
                }
            }
            Call join = Call.find(JOIN, l);
            if (join != null) {
                out.add(new Mutant(Op.DROP_JOIN, i + 1, with(lines, i, join.replace(l, "0"))));
                int prev = i - 1;
                while (prev >= 0 && lines[prev].isBlank()) prev--;
                if (join.onlyStatement(l) && prev >= 0 && lines[prev].trim().endsWith(";") && !lines[prev].contains("{") && !lines[prev].contains("}")) {
                    String[] e = lines.clone();
                    e[prev] = l.trim() + " " + lines[prev];
                    e[i] = "";
                    out.add(new Mutant(Op.JOIN_EARLY, i + 1, String.join("\n", e)));
                }
            }
            Matcher d = DECL_INIT.matcher(l);
            if (d.matches() && !l.contains("(") && !l.contains(",")) {
                out.add(new Mutant(Op.DROP_STORE, i + 1, with(lines, i, d.group(1) + ";")));
            } else if (ASSIGN.matcher(l).matches() && !l.contains("for") && !l.trim().startsWith("return")) {
                out.add(new Mutant(Op.DROP_STORE, i + 1, with(lines, i, l.substring(0, l.indexOf(l.trim())) + ";")));
            }
            Call at = Call.find(ATOMIC, l);
            if (at != null && !at.args().isEmpty()) {
                String plain = plainAtomic(at);
                if (plain != null) out.add(new Mutant(Op.PLAIN_ATOMIC, i + 1, with(lines, i, at.replace(l, plain))));
            }
            Call once = Call.find(ONCE, l);
            if (once != null && once.args().size() == 2) {
                out.add(new Mutant(Op.DROP_ONCE_BARRIER, i + 1, with(lines, i, once.replace(l, "(" + once.args().get(1).trim() + "(), 0)"))));
            }
            Call bar = Call.find(BARRIER, l);
            if (bar != null) out.add(new Mutant(Op.DROP_ONCE_BARRIER, i + 1, with(lines, i, bar.replace(l, "0"))));
        }
        return out;
    }

    /** {@code n} mutants of {@code src} drawn with {@code seed} (all of them when there are at most n). */
    static List<Mutant> sample(String src, int n, long seed) {
        List<Mutant> all = all(src);
        if (all.size() <= n) return all;
        List<Mutant> copy = new ArrayList<>(all);
        java.util.Collections.shuffle(copy, new Random(seed));
        List<Mutant> out = new ArrayList<>(copy.subList(0, n));
        out.sort(java.util.Comparator.comparingInt(Mutant::line).thenComparing(Mutant::op));
        return out;
    }

    private static final Pattern UNLOCK = Pattern.compile("\\b(pthread_mutex_unlock|pthread_spin_unlock|pthread_rwlock_unlock|mtx_unlock)\\s*\\(");

    /** The first line after {@code from} unlocking {@code arg}, before the end of the function (a line starting with '}'), or -1. */
    private static int matchingUnlock(String[] lines, int from, String arg) {
        for (int j = from + 1; j < lines.length && !lines[j].startsWith("}"); j++) {
            Call u = Call.find(UNLOCK, lines[j]);
            if (u != null && !u.args().isEmpty() && u.args().get(0).replace(" ", "").equals(arg.replace(" ", ""))) return j;
            if (Call.find(LOCK, lines[j]) != null) return -1;
        }
        return -1;
    }

    /** The plain C for an atomic call, or null when there is none. */
    private static String plainAtomic(Call c) {
        String obj = c.args().get(0).trim();
        String lv = obj.startsWith("&") ? "(" + obj.substring(1).trim() + ")" : "(*(" + obj + "))";
        String n = c.name();
        String v = c.args().size() > 1 ? c.args().get(1).trim() : null;
        if (n.contains("load")) return lv;
        if (v == null) return null;
        if (n.contains("store")) return "(" + lv + " = " + v + ")";
        if (n.contains("exchange") || n.contains("test_and_set")) return "(" + lv + " = " + v + ")";
        String op = n.contains("add") ? "+" : n.contains("sub") ? "-" : n.contains("or") && !n.contains("xor") ? "|" : n.contains("xor") ? "^" : "&";
        return "(" + lv + " " + op + "= " + v + ")";
    }

    private static String with(String[] lines, int i, String line) {
        String[] m = lines.clone();
        m[i] = line;
        return String.join("\n", m);
    }

    /** A call on one line: its name, its top-level arguments, where it starts and ends. */
    record Call(String name, List<String> args, int start, int end) {
        static Call find(Pattern p, String line) {
            Matcher m = p.matcher(line);
            if (!m.find()) return null;
            int open = m.end() - 1;
            int depth = 0;
            List<String> args = new ArrayList<>();
            int argStart = open + 1;
            for (int k = open; k < line.length(); k++) {
                char ch = line.charAt(k);
                if (ch == '(') depth++;
                else if (ch == ')' && --depth == 0) {
                    String last = line.substring(argStart, k);
                    if (!last.isBlank() || !args.isEmpty()) args.add(last);
                    return new Call(m.group(1), args, m.start(), k + 1);
                } else if (ch == ',' && depth == 1) {
                    args.add(line.substring(argStart, k));
                    argStart = k + 1;
                }
            }
            return null;
        }

        String replace(String line, String by) {
            return line.substring(0, start) + by + line.substring(end);
        }

        /** Whether the line is this call alone as a statement (and perhaps a comment). */
        boolean onlyStatement(String line) {
            return line.substring(0, start).isBlank() && line.substring(end).trim().replaceAll("//.*", "").equals(";");
        }
    }
}
