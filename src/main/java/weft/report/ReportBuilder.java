package weft.report;

import weft.ir.SourceLoc;
import weft.pointer.MemObject;
import weft.race.AnalysisResult;
import weft.race.CallGap;
import weft.race.ExcludedPair;
import weft.race.RacePair;
import weft.race.Rank;
import weft.race.Verdict;
import weft.race.pair.Access;
import weft.thread.ThreadId;
import weft.trace.RaceAccess;
import weft.trace.RaceWitness;
import weft.trace.WitnessThread;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns an {@link AnalysisResult} into the {@link Report} model: the witness becomes the confirmed race
 * (static possible races at the same two locations merge into it), the other possible races are listed
 * once per pair of locations, suppressions are applied, and the verdict is decided after them.
 *
 * <p>Verdict after suppressions: a confirmed race that is not suppressed means {@code RACE}. Otherwise, if
 * every race is suppressed, the analysis was complete (no gaps) and did not stop listing races at its
 * limit, the program is race-free apart from the suppressed races ({@code RACE_FREE}, with the count).
 * Otherwise the analysis verdict stands, except that a {@code RACE} whose only confirmed race is
 * suppressed becomes {@code UNKNOWN} while unconfirmed possible races remain.
 */
public final class ReportBuilder {
    /**
     * How to build a report.
     *
     * @param base          directory that locations are shown relative to (null: as given)
     * @param suppressions  races to suppress
     * @param truncated     whether the analysis stopped listing races at its limit
     */
    public record Options(Path base, Suppressions suppressions, boolean truncated) {
        public static Options defaults() {
            return new Options(null, Suppressions.NONE, false);
        }
    }

    private final Options options;
    private final SourceFiles sources;

    public ReportBuilder(Options options, SourceFiles sources) {
        this.options = options;
        this.sources = sources;
    }

    public Report build(AnalysisResult r) {
        threadLabels(r);
        // the analysis deduplicates per pair of locations and kinds; the report merges the kinds too (a
        // `x++` against a `x++` is one race, not three), keeping the best-ranked pair
        Map<Set<SourceLoc>, RacePair> best = new LinkedHashMap<>();
        Map<Set<SourceLoc>, int[]> counts = new HashMap<>();
        for (RacePair p : r.races()) {
            Set<SourceLoc> key = new HashSet<>(List.of(p.first().loc(), p.second().loc()));
            best.merge(key, p, (x, y) -> y.rank().compareTo(x.rank()) < 0 ? y : x);
            int[] c = counts.computeIfAbsent(key, k -> new int[2]);
            c[0] += p.accessPairs();
            c[1] = Math.max(c[1], p.threadPairs());
        }
        List<Report.Race> races = new ArrayList<>();
        if (r.witness().isPresent()) {
            RaceWitness w = r.witness().get();
            Set<SourceLoc> key = new HashSet<>(List.of(w.first().loc(), w.second().loc()));
            races.add(confirmed(w, r.races(), best.remove(key), counts.getOrDefault(key, new int[] {1, 1})));
        }
        for (var e : best.entrySet()) races.add(possible(e.getValue(), counts.get(e.getKey())));
        races.sort(Comparator.comparing(Report.Race::rank)
                .thenComparing(ReportBuilder::bothHoldOneInstance)
                .thenComparing(Report.Race::object)
                .thenComparing(x -> x.first().loc(), ReportBuilder::compareLoc)
                .thenComparing(x -> x.second().loc(), ReportBuilder::compareLoc));
        List<Report.Race> numbered = new ArrayList<>();
        for (Report.Race x : races) {
            Report.Race n = x.withId(numbered.size() + 1);
            Optional<String> by = options.suppressions().match(n, sources);
            numbered.add(by.isPresent() ? n.suppressed(by.get()) : n);
        }
        int confirmed = 0, possible = 0, suppressed = 0, certain = 0;
        for (Report.Race x : numbered) {
            if (x.suppressed()) suppressed++;
            else if (x.confirmed()) confirmed++;
            else possible++;
            if (!x.suppressed() && x.rank() == Rank.CERTAIN) certain++;
        }
        Report.Figures figures = new Report.Figures(r.stats().threads(), r.stats().accesses(), r.stats().pairsChecked(),
                confirmed, possible, suppressed, options.truncated(), certain);
        Report.Status status;
        String reason;
        if (r.verdict() == Verdict.TRUE) {
            status = Report.Status.RACE_FREE;
            reason = r.reason();
        } else if (confirmed > 0) {
            status = Report.Status.RACE;
            reason = r.reason();
        } else if (suppressed > 0 && possible == 0 && r.gaps().isEmpty() && !options.truncated()) {
            status = Report.Status.RACE_FREE;
            reason = "every pair of conflicting accesses is excluded or suppressed";
        } else if (r.verdict() == Verdict.FALSE) {
            status = Report.Status.UNKNOWN;
            reason = possible > 0
                    ? possible + " possible race(s) could be neither excluded nor confirmed (the confirmed race is suppressed)"
                    : "the confirmed race is suppressed, but " + r.gapSummary();
        } else {
            status = Report.Status.UNKNOWN;
            reason = possible == 0 ? r.reason() : possible + " possible race" + (possible == 1 ? "" : "s")
                    + " could be neither excluded nor confirmed" + (r.gaps().isEmpty() ? "" : "; " + r.gapSummary())
                    + (r.openNotes().isEmpty() ? "" : "; " + String.join("; ", r.openNotes()));
        }
        return new Report(status, reason, numbered, figures, r.gaps(), explanation(r), !r.excluded().isEmpty(),
                objectSummaries(numbered), callGaps(r.callGaps()));
    }

    /** Per object, in the order of the (sorted) races: counts per rank and the locations. */
    private static List<Report.ObjectSummary> objectSummaries(List<Report.Race> races) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        Map<String, Set<SourceLoc>> locs = new HashMap<>();
        for (Report.Race x : races) {
            int[] c = counts.computeIfAbsent(x.object(), k -> new int[4]);
            c[x.suppressed() ? 3 : x.rank().ordinal()]++;
            Set<SourceLoc> l = locs.computeIfAbsent(x.object(), k -> new TreeSet<>(ReportBuilder::compareLoc));
            l.add(x.first().loc());
            l.add(x.second().loc());
        }
        List<Report.ObjectSummary> out = new ArrayList<>();
        for (var e : counts.entrySet()) {
            int[] c = e.getValue();
            out.add(new Report.ObjectSummary(e.getKey(), c[0], c[1], c[2], c[3], List.copyOf(locs.get(e.getKey()))));
        }
        return out;
    }

    /** Call gaps grouped by kind and name (already sorted by the analysis), with readable names. */
    private List<Report.CallGaps> callGaps(List<CallGap> gaps) {
        Map<List<String>, List<Report.CallSite>> byName = new LinkedHashMap<>();
        for (CallGap g : gaps) {
            String name = g.kind() == CallGap.Kind.UNRESOLVED_CALL
                    ? SourceLvalue.readable(g.name(), sources.line(g.site().file(), g.site().line()).orElse(null), g.site().col())
                    : g.name();
            byName.computeIfAbsent(List.of(g.kind().id(), name), k -> new ArrayList<>()).add(new Report.CallSite(loc(g.site()), g.function()));
        }
        List<Report.CallGaps> out = new ArrayList<>();
        for (var e : byName.entrySet()) out.add(new Report.CallGaps(e.getKey().get(0), e.getKey().get(1), e.getValue()));
        return out;
    }

    private Report.Race confirmed(RaceWitness w, List<RacePair> statics, RacePair st, int[] counts) {
        Access sa = matching(w.first(), statics);
        Access sb = matching(w.second(), statics);
        Report.Side a = side(w, w.first(), sa);
        Report.Side b = side(w, w.second(), sb);
        List<Report.Step> steps = new ArrayList<>();
        for (var s : w.schedule()) steps.add(new Report.Step(steps.size() + 1, s.threadName(), loc(s.loc()), s.text(), s.internal()));
        String variable = sa != null ? variable(sa) : w.first().object();
        String object = st != null ? objectName(st.object()) : sa != null ? objectName(sa.region().object()) : w.first().object();
        List<String> objects = st != null ? objectNames(st) : List.of(object);
        boolean swap = order(a, b);
        return new Report.Race(0, Rank.CONFIRMED, variable, swap ? b : a, swap ? a : b, steps, null, object, objects,
                Math.max(1, counts[0]), Math.max(1, counts[1]), environment(w));
    }

    /** A byte of the standard input as a person reads it: {@code 'y'}, {@code '\\n'}, 200, or its end. */
    private static String stdinByte(String v) {
        long b = Long.parseLong(v);
        if (b < 0) return "its end (EOF)";
        if (b == '\n') return "'\\n'";
        return b >= 0x20 && b < 0x7f ? "'" + (char) b + "'" : Long.toString(b);
    }

    /**
     * What the world answered in witness {@code w}: per input ({@link RaceWitness#nondetValues}, keyed
     * {@code NAME@file:line:col#n}), "NAME returned V at file:line:col", or for an indeterminate value the run read,
     * "the indeterminate value of X read as V at ...".
     */
    static List<String> environment(RaceWitness w) {
        List<String> out = new ArrayList<>();
        List<Map.Entry<String, String>> entries = new ArrayList<>(w.nondetValues().entrySet());
        for (int i = 0; i < entries.size(); i++) {
            var e = entries.get(i);
            java.util.regex.Matcher k = RaceWitness.KEY.matcher(e.getKey());
            if (!k.matches()) continue;
            String name = k.group(1);
            String where = k.group(2);
            if (WorldAnswers.says(name)) {
                // one call's values, consecutive: said together
                List<Long> values = new ArrayList<>();
                for (int j = i; j < entries.size() && entries.get(j).getKey().startsWith(name + "@" + where + "#"); j++) {
                    values.add(Long.parseLong(entries.get(j).getValue()));
                }
                WorldAnswers.Said said = WorldAnswers.say(name, where, values);
                out.add(said.text());
                i += said.values() - 1;
                continue;
            }
            out.add(name.startsWith(RaceWitness.INDETERMINATE)
                    ? "the indeterminate value of " + name.substring(RaceWitness.INDETERMINATE.length()) + " read as " + e.getValue() + " at " + where
                    : name.equals(RaceWitness.COMMAND_LINE) ? "main started with the command line '" + e.getValue() + "'"
                    : name.equals(RaceWitness.NO_HANDLER) ? "the handlers registered at " + where + " did not run there (no signal arrived)"
                    : weft.model.Semantics.of(name) instanceof weft.model.Semantics.ReadStream
                            ? name + " read " + stdinByte(e.getValue()) + " from the standard input at " + where
                    : name.equals(RaceWitness.TIME_ZONE) ? "the environment's time zone taken to be " + e.getValue() + " at " + where
                    : weft.model.Semantics.of(name) instanceof weft.model.Semantics.OpenStream os && os.process()
                            ? (e.getValue().equals("0") ? name + " started the command, which printed nothing, at " + where : name + " failed (EAGAIN) at " + where)
                    : weft.model.Semantics.of(name) instanceof weft.model.Semantics.OpenStream
                            ? (e.getValue().equals("0") ? name + " opened an empty file at " + where : name + " failed (no such file) at " + where)
                    : name.startsWith("address of ") ? "the " + name + " taken as " + Long.toHexString(Long.parseLong(e.getValue())) + " (hex)"
                    : name + " returned " + e.getValue() + " at " + where);
        }
        return out;
    }

    private Report.Race possible(RacePair p, int[] counts) {
        Report.Side a = side(p.first());
        Report.Side b = side(p.second());
        boolean swap = order(a, b);
        return new Report.Race(0, p.rank(), variable(p.first()), swap ? b : a, swap ? a : b, List.of(), null,
                objectName(p.object()), objectNames(p), counts[0], counts[1], List.of());
    }

    private List<String> objectNames(RacePair p) {
        Set<String> out = new java.util.LinkedHashSet<>();
        for (MemObject o : p.objects()) out.add(objectName(o));
        return List.copyOf(out);
    }

    /** Whether {@code b} should be shown first: the write first, then the earlier location. */
    private static boolean order(Report.Side a, Report.Side b) {
        if (a.write() != b.write()) return b.write();
        return compareLoc(b.loc(), a.loc()) < 0;
    }

    /** A static access at the witness access's location (its locks and function are the static view). */
    private static Access matching(RaceAccess w, List<RacePair> statics) {
        for (RacePair p : statics) {
            for (Access a : List.of(p.first(), p.second())) {
                if (a.loc().equals(w.loc()) && a.isWrite() == w.write()) return a;
            }
        }
        for (RacePair p : statics) {
            for (Access a : List.of(p.first(), p.second())) if (a.loc().equals(w.loc())) return a;
        }
        return null;
    }

    private Report.Side side(RaceWitness w, RaceAccess x, Access st) {
        SourceLoc created = w.thread(x.thread()).map(WitnessThread::createdAt).orElse(SourceLoc.NONE);
        Report.ThreadRef t = new Report.ThreadRef(x.threadName(), created.equals(SourceLoc.NONE) ? null : loc(created));
        String what = st != null ? variable(st) : x.object();
        String via = st != null && st.access().lvalue() == null ? st.access().what() : null;
        return new Report.Side(loc(x.loc()), x.write(), st != null && st.isAtomic(), what, via, t,
                st != null ? st.function().name() : null, st != null ? locks(st) : List.of(),
                st != null && st.state().inAtomicSection());
    }

    private Report.Side side(Access a) {
        return new Report.Side(loc(a.loc()), a.isWrite(), a.isAtomic(), variable(a),
                a.access().lvalue() == null ? a.access().what() : null, thread(a.thread()),
                a.function().name(), locks(a), a.state().inAtomicSection());
    }

    /**
     * The accessed lvalue as written (its source text where the IR form has lowering temporaries, see
     * {@link SourceLvalue}), or the object's name for accesses made by library calls.
     */
    private String variable(Access a) {
        if (a.access().lvalue() == null) return objectName(a.region().object());
        return SourceLvalue.readable(a.access().what(), sources.line(a.loc().file(), a.loc().line()).orElse(null), a.loc().col());
    }

    /** Names of abstract threads: the start routine, with the creation line when several share it. */
    private final Map<ThreadId, String> labels = new java.util.HashMap<>();

    private void threadLabels(AnalysisResult r) {
        Map<String, Set<ThreadId>> byName = new java.util.HashMap<>();
        List<Access> all = new ArrayList<>();
        for (RacePair p : r.races()) all.addAll(List.of(p.first(), p.second()));
        for (ExcludedPair p : r.excluded()) all.addAll(List.of(p.first(), p.second()));
        for (Access a : all) byName.computeIfAbsent(a.thread().displayName(), k -> new HashSet<>()).add(a.thread());
        for (var e : byName.entrySet()) {
            for (ThreadId t : e.getValue()) {
                labels.put(t, e.getValue().size() == 1 || t.isMain() ? e.getKey() : e.getKey() + "@" + t.createEdge().loc().line());
            }
        }
    }

    private String label(ThreadId t) {
        return labels.getOrDefault(t, t.displayName());
    }

    private Report.ThreadRef thread(ThreadId t) {
        return new Report.ThreadRef(label(t), t.isMain() ? null : loc(t.createEdge().loc()));
    }

    /**
     * Whether both sides of {@code x} hold one instance of the same lock ({@link Report.Side#ONE_INSTANCE}): likely the
     * same lock, so such races are listed after the other races of their rank.
     */
    private static boolean bothHoldOneInstance(Report.Race x) {
        for (String l : x.first().locks()) if (!Report.Side.exclusive(l) && x.second().locks().contains(l)) return true;
        return false;
    }

    private List<String> locks(Access a) {
        Set<String> out = new TreeSet<>();
        for (var h : a.state().locks().must()) out.add(lockName(h.lock()) + (h.mode() == weft.model.Event.Mode.READ ? "(read)" : ""));
        for (var h : a.state().locks().some()) {
            out.add(Report.Side.ONE_INSTANCE + lockName(h.lock()) + (h.mode() == weft.model.Event.Mode.READ ? "(read)" : ""));
        }
        return List.copyOf(out);
    }

    /**
     * A lock as the source names it: its object as the report names objects, with the member the lock operation named
     * ({@code queue.lock}, {@code lock in malloc@pool.c:151}); a lock at an offset no member chain named as
     * {@code object+16}, one at an unknown offset as {@code object[?]}.
     */
    private String lockName(weft.lock.Lock l) {
        if (l.object() == null) return l.name();
        String object = objectName(l.object());
        if (l.member() == null) {
            return object + (l.offset() == weft.lock.Lock.ANY_OFFSET ? "[?]" : l.offset() > 0 ? "+" + l.offset() : "");
        }
        if (l.object() instanceof MemObject.Var v) {
            String base = v.variable().name();
            return object.startsWith(base) ? base + l.member() + object.substring(base.length()) : object + l.member();
        }
        return l.member().substring(l.member().startsWith(".") ? 1 : 0) + " in " + object;
    }

    private List<Report.Explanation> explanation(AnalysisResult r) {
        Map<String, Map<List<Object>, Report.Excluded>> byVar = new LinkedHashMap<>();
        for (ExcludedPair p : r.excluded()) {
            Report.AccessRef a = ref(p.first());
            Report.AccessRef b = ref(p.second());
            if (compareRef(b, a) < 0) {
                Report.AccessRef t = a;
                a = b;
                b = t;
            }
            Report.Excluded x = new Report.Excluded(a, b, p.rule(), p.reason());
            byVar.computeIfAbsent(objectName(p.object()), k -> new LinkedHashMap<>())
                    .putIfAbsent(List.of(a, b), x);
        }
        List<Report.Explanation> out = new ArrayList<>();
        for (var e : byVar.entrySet()) {
            List<Report.Excluded> pairs = new ArrayList<>(e.getValue().values());
            pairs.sort(Comparator.comparing(Report.Excluded::first, ReportBuilder::compareRef)
                    .thenComparing(Report.Excluded::second, ReportBuilder::compareRef));
            out.add(new Report.Explanation(e.getKey(), pairs));
        }
        out.sort(Comparator.comparing(Report.Explanation::variable));
        return out;
    }

    private Report.AccessRef ref(Access a) {
        return new Report.AccessRef(loc(a.loc()), a.isWrite(), label(a.thread()));
    }

    /**
     * A stable, readable name of a shared object: a global's name (a static local's as {@code f::name}, a
     * local's as {@code name in f()}), a heap block by its allocation call and site
     * ({@code malloc@file.c:12}; one an allocation wrapper allocates also by the calls that reached it,
     * {@code malloc@file.c:12 (new_node@file.c:40)}; an allocation through a function pointer as
     * {@code allocation@file.c:12}), a library pseudo-object by its name ({@code <libc:rand state>}), or
     * {@code unknown memory} (memory of code outside the program). Names of objects already named are kept: a large
     * report names the same few objects for every race.
     */
    private final Map<MemObject, String> objectNames = new java.util.HashMap<>();

    private String objectName(MemObject o) {
        String name = objectNames.get(o);
        if (name == null) {
            name = nameOf(o);
            objectNames.put(o, name);
        }
        return name;
    }

    private String nameOf(MemObject o) {
        if (o instanceof MemObject.Var v) {
            weft.ir.Variable var = v.variable();
            if (var.kind() == weft.ir.Variable.Kind.STATIC_LOCAL && var.function() != null) return var.function() + "::" + var.name();
            if ((var.kind() == weft.ir.Variable.Kind.LOCAL || var.kind() == weft.ir.Variable.Kind.PARAM) && var.function() != null) {
                return var.name() + " in " + var.function() + "()";
            }
            if (var.kind() == weft.ir.Variable.Kind.STRING) return "string literal at " + display(var.loc());
            return var.name();
        }
        if (o instanceof MemObject.Heap h) {
            String name = callName(h.site(), "allocation");
            if (h.context() == null) return name;
            // a block an allocation wrapper allocates: named by the calls that reached it, outermost first
            StringBuilder sb = new StringBuilder(name).append(" (").append(callName(h.context(), "call"));
            for (weft.ir.Edge e : h.via()) sb.append(" > ").append(callName(e, "call"));
            return sb.append(')').toString();
        }
        if (o instanceof MemObject.Unknown) return "unknown memory";
        return o.toString();
    }

    /** A call edge as {@code f@file.c:12}: the called function's name (else {@code dflt}) and the line. */
    private String callName(weft.ir.Edge e, String dflt) {
        String fn = e.stmt() instanceof weft.ir.Stmt.Call c && c.directName() != null ? c.directName() : dflt;
        if (fn.indexOf('@') > 0) fn = fn.substring(0, fn.indexOf('@')); // a file-scope static's link name: alloc@pigz.c
        return fn + "@" + display(e.loc()).shortString().replaceFirst(":\\d+$", "");
    }

    private SourceLoc loc(SourceLoc l) {
        return display(l);
    }

    /** The location with its file shown relative to the base directory when it lies inside it. */
    private SourceLoc display(SourceLoc l) {
        if (options.base() == null || l.equals(SourceLoc.NONE)) return l;
        try {
            Path p = Path.of(l.file());
            if (!p.isAbsolute()) return l;
            Path n = p.normalize();
            if (!n.startsWith(options.base())) return l;
            return new SourceLoc(options.base().relativize(n).toString(), l.line(), l.col());
        } catch (InvalidPathException e) {
            return l;
        }
    }

    static int compareLoc(SourceLoc a, SourceLoc b) {
        // the file names of one program are mostly one string each: compared by identity first
        int c = a.file() == b.file() ? 0 : a.file().compareTo(b.file());
        if (c != 0) return c;
        c = Integer.compare(a.line(), b.line());
        return c != 0 ? c : Integer.compare(a.col(), b.col());
    }

    private static int compareRef(Report.AccessRef a, Report.AccessRef b) {
        int c = compareLoc(a.loc(), b.loc());
        if (c != 0) return c;
        c = Boolean.compare(b.write(), a.write());
        return c != 0 ? c : a.thread().compareTo(b.thread());
    }
}
