package weft.report;

import weft.ir.SourceLoc;
import weft.race.Rank;

import java.util.List;

/**
 * The report model every output format renders: the verdict after suppressions, the races (confirmed
 * first, each with both accesses, the threads and locks on each side and, when confirmed, the
 * interleaving), figures about the run and, with {@code --explain}, why the other pairs cannot race.
 * Locations carry display paths (relative to the working directory where possible). Immutable.
 *
 * @param status      the verdict after suppressions
 * @param reason      why the verdict is what it is, for people
 * @param races       all races, suppressed ones included (flagged), confirmed first
 * @param figures     counts (deterministic: no timing)
 * @param gaps        what the analyses could not follow
 * @param explanation per shared object, the excluded pairs (empty unless explained)
 * @param explained   whether the explanation was requested
 * @param objects     per shared object, the races on it by rank and their locations (in the order of the
 *                    races, which are sorted by rank, then object, then location)
 * @param calls       every unknown external function called and every call with no known target, with
 *                    their call sites
 * @param witnessFiles the violation witness files written for the confirmed race ({@code --witness}), as shown
 *                    to the user; empty when none was written
 * @param reproducer  the directory of the runnable reproducer written for the confirmed race ({@code --reproducer},
 *                    {@code weft reproduce}), as shown to the user; null when none was written
 */
public record Report(Status status, String reason, List<Race> races, Figures figures, List<String> gaps,
                     List<Explanation> explanation, boolean explained, List<ObjectSummary> objects,
                     List<CallGaps> calls, List<String> witnessFiles, String reproducer) {
    public Report {
        races = List.copyOf(races);
        gaps = List.copyOf(gaps);
        explanation = List.copyOf(explanation);
        objects = List.copyOf(objects);
        calls = List.copyOf(calls);
        witnessFiles = List.copyOf(witnessFiles);
    }

    public Report(Status status, String reason, List<Race> races, Figures figures, List<String> gaps,
                  List<Explanation> explanation, boolean explained, List<ObjectSummary> objects, List<CallGaps> calls) {
        this(status, reason, races, figures, gaps, explanation, explained, objects, calls, List.of(), null);
    }

    public Report(Status status, String reason, List<Race> races, Figures figures, List<String> gaps,
                  List<Explanation> explanation, boolean explained, List<ObjectSummary> objects, List<CallGaps> calls,
                  List<String> witnessFiles) {
        this(status, reason, races, figures, gaps, explanation, explained, objects, calls, witnessFiles, null);
    }

    /** This report naming the witness files written for its confirmed race. */
    public Report withWitnessFiles(List<String> files) {
        return new Report(status, reason, races, figures, gaps, explanation, explained, objects, calls, files, reproducer);
    }

    /** This report naming the reproducer directory written for its confirmed race. */
    public Report withReproducer(String dir) {
        return new Report(status, reason, races, figures, gaps, explanation, explained, objects, calls, witnessFiles, dir);
    }

    /** The verdict: what the exit code and the SV-COMP result say. */
    public enum Status {
        RACE_FREE("race-free"), RACE("race"), UNKNOWN("unknown");

        private final String id;

        Status(String id) {
            this.id = id;
        }

        /** The spelling in JSON and SARIF: {@code race-free}, {@code race}, {@code unknown}. */
        public String id() {
            return id;
        }
    }

    /**
     * Counts. {@code confirmed}, {@code possible} and {@code suppressed} count races of {@link #races()}
     * (a suppressed race counts only as suppressed; {@code possible} counts every race not confirmed);
     * {@code certain}: of the possible ones, those ranked certain; {@code truncated}: the analysis stopped
     * listing races at the limit asked for ({@code --max-races}), so more may exist.
     */
    public record Figures(int threads, int accesses, long pairsChecked, int confirmed, int possible, int suppressed,
                          boolean truncated, int certain) {}

    /**
     * One data race: two accesses to {@code variable} in two threads (or two instances of one thread),
     * standing for every racing pair of accesses at the same two locations with the same kinds.
     *
     * @param id           1-based number in the report
     * @param rank         confirmed (a concrete execution reaches both accesses at once, {@code interleaving}),
     *                     certain or possible (see {@link Rank})
     * @param object       the shared object the race is grouped under (a variable, {@code malloc@file:line},
     *                     a library pseudo-object such as {@code <libc:rand state>}, or unknown memory)
     * @param objects      every object the two locations race on, {@code object} first
     * @param accessPairs  racing pairs of accesses merged into this race (calling contexts, thread instances,
     *                     objects)
     * @param threadPairs  distinct pairs of abstract threads among them
     * @param suppressedBy why the race is suppressed (configuration entry or inline comment), or null
     * @param environment  for a confirmed race, what the world answered in its interleaving: each input the run chose
     *                     ("getpid returned 1 at f.c:20:17"), in the order of the witness
     */
    public record Race(int id, Rank rank, String variable, Side first, Side second, List<Step> interleaving,
                       String suppressedBy, String object, List<String> objects, int accessPairs, int threadPairs,
                       List<String> environment) {
        public Race {
            interleaving = List.copyOf(interleaving);
            objects = List.copyOf(objects);
            environment = List.copyOf(environment);
        }

        public boolean confirmed() {
            return rank == Rank.CONFIRMED;
        }

        /** The race's title in every format: says what its rank says ("Certain data race"), nothing more or less. */
        public String title() {
            return title(rank);
        }

        /** The title of a race of rank {@code r}. */
        public static String title(Rank r) {
            return switch (r) {
                case CONFIRMED -> "Data race";
                case CERTAIN -> "Certain data race";
                case POSSIBLE -> "Possible data race";
            };
        }

        public boolean suppressed() {
            return suppressedBy != null;
        }

        Race withId(int newId) {
            return new Race(newId, rank, variable, first, second, interleaving, suppressedBy, object, objects, accessPairs, threadPairs, environment);
        }

        Race suppressed(String by) {
            return new Race(id, rank, variable, first, second, interleaving, by, object, objects, accessPairs, threadPairs, environment);
        }
    }

    /**
     * The races on one shared object: how many of each rank (suppressed ones apart) and the source locations
     * of their accesses (sorted, without duplicates).
     */
    public record ObjectSummary(String object, int confirmed, int certain, int possible, int suppressed, List<SourceLoc> locations) {
        public ObjectSummary {
            locations = List.copyOf(locations);
        }

        /** Races not suppressed. */
        public int races() {
            return confirmed + certain + possible;
        }

        /** Where to look first: objects with confirmed races, then with certain ones, then with most races. */
        public static final java.util.Comparator<ObjectSummary> WHERE_TO_LOOK = java.util.Comparator
                .comparingInt(ObjectSummary::confirmed).reversed()
                .thenComparing(java.util.Comparator.comparingInt(ObjectSummary::certain).reversed())
                .thenComparing(java.util.Comparator.comparingInt(ObjectSummary::races).reversed());
    }

    /**
     * Calls the analyses could not see into: {@code kind} {@code unknown-function} (a function neither
     * defined nor in the library table; {@code name} is its name) or {@code unresolved-call} (a call or
     * thread routine through a function pointer with no known target; {@code name} is the called
     * expression), with every call site and the function containing it.
     */
    public record CallGaps(String kind, String name, List<CallSite> sites) {
        public CallGaps {
            sites = List.copyOf(sites);
        }
    }

    /** A call site: where, and in which function. */
    public record CallSite(SourceLoc loc, String function) {}

    /**
     * One access of a race.
     *
     * @param what          the accessed lvalue as written, e.g. {@code counter} or {@code p->next}, or the
     *                      object's name when a library call makes the access
     * @param via           for an access a library call makes, its description (e.g.
     *                      {@code memset on &buf}); null for an access the statement itself makes
     * @param function      the function containing the access (null if unknown)
     * @param locks         locks certainly held at the access (sorted)
     * @param atomicSection the access is inside an atomic section
     */
    public record Side(SourceLoc loc, boolean write, boolean atomic, String what, String via, ThreadRef thread,
                       String function, List<String> locks, boolean atomicSection) {
        /**
         * How {@link #locks} names a lock of which one instance is held: a mutex in a heap record whose allocation may
         * run many times ({@code possess(compress_have)}), which two threads may hold as two different locks.
         */
        public static final String ONE_INSTANCE = "one instance of ";

        public Side {
            locks = List.copyOf(locks);
        }

        /** Whether this side certainly holds {@code lock}, one of its {@link #locks}, and not just one instance of it. */
        public static boolean exclusive(String lock) {
            return !lock.startsWith(ONE_INSTANCE);
        }

        /** {@code read}, {@code write}, {@code atomic read} or {@code atomic write}. */
        public String kind() {
            return (atomic ? "atomic " : "") + (write ? "write" : "read");
        }
    }

    /** A thread: its name and where it was created (null for main). */
    public record ThreadRef(String name, SourceLoc createdAt) {}

    /**
     * One executed statement of an interleaving (1-based {@code index}); {@code internal}: a declaration, a no-op or a
     * copy into a compiler temporary ({@code weft.trace.Step#internal}), which the text report folds.
     */
    public record Step(int index, String thread, SourceLoc loc, String statement, boolean internal) {
        public Step(int index, String thread, SourceLoc loc, String statement) {
            this(index, thread, loc, statement, false);
        }
    }

    /** Why the pairs of accesses to one shared object cannot race. */
    public record Explanation(String variable, List<Excluded> pairs) {
        public Explanation {
            pairs = List.copyOf(pairs);
        }
    }

    /** A pair of accesses and the first rule that excluded it ({@code rule} is its stable name). */
    public record Excluded(AccessRef first, AccessRef second, String rule, String reason) {}

    /** An access, briefly: where, read or write, by which thread. */
    public record AccessRef(SourceLoc loc, boolean write, String thread) {
        public String kind() {
            return write ? "write" : "read";
        }
    }
}
