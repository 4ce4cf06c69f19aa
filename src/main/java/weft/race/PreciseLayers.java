package weft.race;

import weft.bounded.BoundedAnswer;
import weft.budget.Budget;
import weft.budget.WorkMeter;
import weft.explore.ExploreOptions;
import weft.explore.Explorer;
import weft.explore.StateSpace;
import weft.ir.Program;
import weft.trace.RaceWitness;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The precise layers that settle what the thread-modular layer leaves open: the exhaustive state-space exploration
 * ({@link StateSpace}: proves race-freedom or finds a racing state) and the witness search ({@link Explorer}: finds
 * racing executions only). They share one budget of deterministic work ({@link WorkMeter}: interpreter steps and
 * transitions, {@link #workMillis}), capped by the analysis thread's CPU time, in <em>rounds of growing
 * effort</em>: round {@code r} gives each open layer about {@link #FIRST_ROUND_MILLIS}{@code  * 4^r} of it (the
 * exploration first, the witness search what the exploration leaves of the round), at most
 * {@link #FIRST_ROUND_STATES}{@code  * 4^r} states in all and {@link #FIRST_ROUND_EXECUTIONS}{@code  * 4^r}
 * executions, so that an easy answer of either layer comes after a fraction of a second and a hard one gets the
 * rest of the budget. The exploration is resumed from where the previous round stopped (no repeated work); the
 * witness search starts again with four times the executions (at most a third of its time repeats earlier
 * rounds). A layer leaves the rounds when more effort cannot change its outcome (an exploration stopped by an
 * input, an unsupported construct or its memory limit; a search with nothing more to try).
 *
 * <p>Determinism: the states and executions of a round are fixed by the program, the round and the seed, and so is
 * where the budget ends them, since it counts steps, not time: the same program and limit give the same answer on
 * every run, however busy the machine or wherever its JIT compiler and collector stopped the analysis thread. Only
 * the cap, the analysis's CPU time, is not deterministic: it ends the work first on a machine much slower than the
 * one {@link WorkMeter#NANOS_PER_UNIT} was measured on, or where the front end and the thread-modular layer left
 * less than the work's share of the limit (pigz at the 10 s default). The bounded layer counts its work on a meter of
 * its own (its encoding's steps and Z3's deterministic resource count: {@code weft.bounded.bmc.SolverWork}); the replay
 * of its racing run is one guided execution, bounded by its steps (CPU time only its backstop).
 *
 * <p>Soundness: race-free is answered only on a {@link StateSpace.Kind#RACE_FREE} outcome, i.e. a complete
 * exploration, or on a proof of the bounded layer (its arguments are in {@code weft.bounded.DeadSites},
 * {@code weft.bounded.bmc.RaceBmc} and {@link BoundedCandidates}); the bounded layer's racing runs are only replayed
 * by the explorer, whose execution is then the witness; a resumed exploration is the same depth-first search continued from its stack and visited states,
 * so it visits what one exploration with the last round's limits would, and {@link StateSpace}'s argument applies
 * unchanged. A race is answered only with a witness of either layer. Budgets and rounds only decide how far the
 * layers get: running out leaves the answer unknown.
 *
 * <p>{@link AnalysisOptions#provers()} ({@code --prover}, for testing each layer alone): a layer not among them runs
 * only to find races (the exploration, whose complete outcome is then not a proof) or not at all (the bounded layer);
 * with the bounded layer alone, it runs first with the whole budget and no explicit round, then the witness search
 * with what is left. Taking proofs away cannot make a verdict wrong: the argument above applies to each proof alone.
 */
final class PreciseLayers {
    /** Budget of each open layer in the first round; it grows fourfold per round. */
    static final long FIRST_ROUND_MILLIS = 250;
    /** Distinct states the exploration may have visited by the end of the first round; fourfold per round. */
    static final long FIRST_ROUND_STATES = 50_000;
    /** Executions of the witness search in the first round; fourfold per round. */
    static final int FIRST_ROUND_EXECUTIONS = 100;
    /** A layer given less than this (ms) in a round is not started. */
    static final long MIN_LAYER_MILLIS = 100;
    /** States the exploration visits at most, whatever the budget (its memory limit usually comes first). */
    static final long MAX_STATES = 12_000_000;
    /** The bounded layer ({@code weft.bounded}) runs after this round (0-based) of the explicit layers failed. */
    static final int BOUNDED_AFTER_ROUND = 1;
    /** The bounded layer's share of the budget: a third of what is left, at least this (ms) if left. */
    static final long BOUNDED_MIN_MILLIS = 2000;
    /**
     * When the exploration stops at an input, the closed variants explored instead, in this order, as a race finder
     * ({@link StateSpace#closedVariant}: every input its candidate at this index, i.e. one, then zero): a race behind few inputs of small values, e.g. how many threads to start, is found by exhausting the
     * schedules of one variant where random schedules miss it. They take the exploration's share of each round.
     */
    static final int[] CLOSED_INPUTS = {1, 0};
    /**
     * States and bytes of visited states a closed variant may use at most: a race finder, it must not spend the memory
     * (and the collector's CPU time, which the process limit counts) that a proof may: two dev tasks whose variants
     * grew to 280 MB of heap went past the 10 s CPU limit of the whole process.
     */
    static final long CLOSED_MAX_STATES = 100_000;
    /** See {@link #CLOSED_MAX_STATES}. */
    static final long CLOSED_MAX_BYTES = 32L << 20;
    /** CPU time a replay of the bounded layer's racing run may take at most (ms). */
    static final long REPLAY_MILLIS = 2000;
    /**
     * The explicit layers' share of what the nominal budget leaves after the charge ({@link #workMillis}); the rest is
     * for the bounded layer, which counts its work apart ({@link #runBounded}: a third of what the explicit layers have
     * left when it runs, which may take it past this share; the CPU time of the analysis caps both).
     */
    static final double WORK_SHARE = 0.85;
    /** The charge of {@link #workMillis} for any program (ms). */
    static final long FIXED_CHARGE_MILLIS = 300;
    /** The charge of {@link #workMillis} for the program's size: a millisecond for this many statements (IR edges). */
    static final long EDGES_PER_CHARGED_MILLI = 2;
    /** Prints each analysis's units of work and CPU time on stderr ({@code -Dweft.precise.debug=true}): the calibration of {@link WorkMeter}. */
    private static final boolean DEBUG = Boolean.getBoolean("weft.precise.debug");
    private static final int GROWTH_SHIFT = 2;
    private static final int MAX_ROUND_SHIFT = 40;

    /** How the precise layers ended. */
    enum Kind { RACE_FREE, RACE, OPEN }

    /**
     * The outcome: a witness when {@code RACE}, the states the exploration visited, and why the exploration did not
     * settle the question (null when it did, or did not run); for {@code OPEN}, {@code openNotes}: where the layers
     * stopped for reasons more time cannot change (the exploration at an input or an unsupported construct, the
     * bounded layer at its bounds), for the report, which must not depend on the machine's speed.
     */
    record Result(Kind kind, Optional<RaceWitness> witness, long states, String proofIncomplete, int rounds, String boundedProof,
                  List<String> openNotes) {
        Result(Kind kind, Optional<RaceWitness> witness, long states, String proofIncomplete, int rounds) {
            this(kind, witness, states, proofIncomplete, rounds, null, List.of());
        }

        Result(Kind kind, Optional<RaceWitness> witness, long states, String proofIncomplete, int rounds, String boundedProof) {
            this(kind, witness, states, proofIncomplete, rounds, boundedProof, List.of());
        }
    }

    private final AnalysisOptions options;
    /** The candidate races the witness search directs executions at, most promising first. */
    private final List<ExploreOptions.Target> targets;
    /** The program's start as the witness searches of all rounds share it ({@link Explorer.Starts}). */
    private final Explorer.Starts starts = new Explorer.Starts();

    PreciseLayers(AnalysisOptions options) {
        this(options, List.of());
    }

    PreciseLayers(AnalysisOptions options, List<ExploreOptions.Target> targets) {
        this.options = options;
        this.targets = List.copyOf(targets);
    }

    /**
     * The sites of the thread-modular layer's races as targets of directed executions: certain ones first, then the
     * others, in the layer's order, each pair of sites once (issue 35: a directed search per candidate).
     */
    static List<ExploreOptions.Target> targets(List<RacePair> races) {
        java.util.LinkedHashSet<ExploreOptions.Target> out = new java.util.LinkedHashSet<>();
        for (Rank rank : List.of(Rank.CERTAIN, Rank.POSSIBLE)) {
            for (RacePair p : races) {
                if (p.rank() == rank) out.add(new ExploreOptions.Target(p.first().loc(), p.second().loc()));
            }
        }
        return List.copyOf(out);
    }

    /** Runs the rounds on {@code program} within {@code budget} (of the calling thread's CPU time). */
    Result run(Program program, Budget budget, Progress progress) {
        return run(program, budget, progress, b -> weft.bounded.BoundedAnswer.NONE);
    }

    /**
     * Runs the rounds and, once the first two have not settled the question (or the explicit layers have left the
     * rounds earlier), the bounded layer {@code bounded} once with a share of what is left: it returns a proof of
     * race freedom ({@code weft.bounded}), or values of inputs that the witness search tries first in later rounds.
     */
    Result run(Program program, Budget budget, Progress progress, java.util.function.Function<Budget, BoundedAnswer> boundedLayer) {
        if (options.provers().equals(java.util.Set.of(Prover.BOUNDED))) return boundedAlone(program, budget, progress, boundedLayer);
        // the explicit layers' rounds count deterministic work; the analysis's CPU time only caps them
        WorkMeter meter = new WorkMeter();
        WorkMeter boundedMeter = new WorkMeter();
        Budget work = Budget.work(meter, workMillis(options, program)).cappedBy(budget);
        long cpuBefore = budget.clock().nanos();
        Result r = rounds(program, work, budget, boundedMeter, progress, boundedLayer);
        if (r.kind() == Kind.OPEN && work.capped()) {
            // the one outcome that depends on the machine: say so
            List<String> notes = new ArrayList<>(r.openNotes());
            notes.add("the precise layers were stopped by the time limit before their budget of work (a longer --timeout"
                    + " gives them their whole budget)");
            r = new Result(r.kind(), r.witness(), r.states(), r.proofIncomplete(), r.rounds(), r.boundedProof(), List.copyOf(notes));
        }
        if (DEBUG) {
            System.err.printf("precise layers: %d units of work (%d ms; the bounded layer's %d units apart), %d ms of CPU, %s%s%n", meter.units(),
                    meter.nanos() / 1_000_000, boundedMeter.units(), (budget.clock().nanos() - cpuBefore) / 1_000_000, r.kind(),
                    work.capped() ? ", capped by CPU time" : "");
        }
        return r;
    }

    /** The rounds within the work {@code budget}, capped by {@code cpu}, which the bounded layer uses. */
    private Result rounds(Program program, Budget budget, Budget cpu, WorkMeter boundedWork, Progress progress,
                          java.util.function.Function<Budget, BoundedAnswer> boundedLayer) {
        java.util.function.Function<Budget, BoundedAnswer> bounded = options.accepts(Prover.BOUNDED) ? boundedLayer : b -> BoundedAnswer.NONE;
        boolean boundedRan = false;
        String boundedOutcome = null;
        String explorationStop = null;
        String searchSummary = null;
        java.util.Map<String, java.util.List<Long>> hints = java.util.Map.of();
        boolean proveOpen = options.proveMillis() > 0;
        boolean confirmOpen = options.confirm();
        StateSpace space = proveOpen ? StateSpace.of(program, options.atomicSectionsRace(), options.libcStateRaces()) : null;
        boolean closedOpen = false;
        StateSpace closed = null;
        int variant = 0;
        String proof = proveOpen ? "no time left in the budget" : null;
        long states = 0;
        int round = 0;
        for (; proveOpen || closedOpen || confirmOpen; round++) {
            int shift = Math.min(MAX_ROUND_SHIFT, GROWTH_SHIFT * round);
            long effort = FIRST_ROUND_MILLIS << Math.min(shift, 20);
            Budget roundBudget = budget.slice(effort * 2);
            // used up, or ended by its CPU cap (its work, which no run then counts, would never end)
            if (roundBudget.remainingMillis() < MIN_LAYER_MILLIS || budget.expired()) break;
            if (proveOpen) {
                long ms = confirmOpen ? roundBudget.remainingMillis() / 2 : roundBudget.remainingMillis();
                progress.phase("exploring the state space (round " + (round + 1) + ")");
                long maxStates = Math.min(MAX_STATES, saturatedShift(FIRST_ROUND_STATES, shift));
                StateSpace.Outcome o = space.resume(new StateSpace.Limits(maxStates, StateSpace.Limits.defaults().maxBytes(), ms), roundBudget.slice(ms));
                states = o.states();
                switch (o.kind()) {
                    case RACE_FREE -> {
                        if (options.accepts(Prover.EXPLORATION)) return new Result(Kind.RACE_FREE, Optional.empty(), o.states(), null, round + 1);
                        // --prover without the exploration: its proof is not accepted; the witness search explores the same
                        // interleavings, so it stops too (the layers chosen may still run: the bounded layer below)
                        proveOpen = false;
                        confirmOpen = false;
                        proof = "proof not accepted (--prover)";
                        explorationStop = proof;
                        space = null;
                    }
                    case RACE -> {
                        return new Result(Kind.RACE, o.witness(), o.states(), null, round + 1);
                    }
                    case INCOMPLETE -> {
                        proof = o.detail();
                        if (!o.resumable() || o.states() > MAX_STATES) {
                            proveOpen = false;
                            if (!o.resumable()) explorationStop = o.detail();
                            closedOpen = space.metInput();
                            space = null;
                        }
                    }
                }
            }
            if (!proveOpen && closedOpen && roundBudget.remainingMillis() >= MIN_LAYER_MILLIS) {
                long ms = confirmOpen ? roundBudget.remainingMillis() / 2 : roundBudget.remainingMillis();
                if (closed == null) closed = StateSpace.closedVariant(program, options.atomicSectionsRace(), options.libcStateRaces(), CLOSED_INPUTS[variant]);
                progress.phase("exploring a closed variant (inputs " + CLOSED_INPUTS[variant] + ", round " + (round + 1) + ")");
                long maxStates = Math.min(CLOSED_MAX_STATES, saturatedShift(FIRST_ROUND_STATES, shift));
                StateSpace.Outcome o = closed.resume(new StateSpace.Limits(maxStates, CLOSED_MAX_BYTES, ms), roundBudget.slice(ms));
                if (o.kind() == StateSpace.Kind.RACE) return new Result(Kind.RACE, o.witness(), states, proof, round + 1);
                if (!o.resumable() || o.states() > CLOSED_MAX_STATES) {
                    closed = null;
                    closedOpen = ++variant < CLOSED_INPUTS.length;
                }
            }
            long ms = roundBudget.remainingMillis();
            if (confirmOpen && ms >= MIN_LAYER_MILLIS) {
                progress.phase("searching for a racing interleaving (round " + (round + 1) + ")");
                ExploreOptions d = ExploreOptions.defaults();
                int executions = (int) Math.min(Integer.MAX_VALUE, saturatedShift(FIRST_ROUND_EXECUTIONS, shift));
                long steps = d.maxSteps() << Math.min(round / 2, 6);
                Explorer explorer = witnessSearch(program, steps, executions, ms, hints);
                Optional<RaceWitness> w = explorer.findRace(roundBudget.slice(ms));
                if (w.isPresent()) return new Result(Kind.RACE, w, states, proof, round + 1);
                // the first round's, which every run with the same budget makes alike (later rounds depend on the budget)
                if (searchSummary == null) searchSummary = explorer.searchSummary();
                if (!explorer.limited()) confirmOpen = false;
            }
            if (Thread.currentThread().isInterrupted()) break;
            if (!boundedRan && round >= BOUNDED_AFTER_ROUND) {
                boundedRan = true;
                BoundedAnswer a = runBounded(bounded, budget, cpu, boundedWork, progress);
                boundedOutcome = a.outcome();
                if (a.proof() != null) return new Result(Kind.RACE_FREE, Optional.empty(), states, null, round + 1, a.proof());
                Optional<RaceWitness> replayed = replay(program, a, cpu, progress);
                if (replayed.isPresent()) return new Result(Kind.RACE, replayed, states, proof, round + 1);
                hints = a.inputHints();
                // inputs the solver found reopen a witness search that had nothing more to try
                if (!hints.isEmpty()) confirmOpen = options.confirm();
            }
        }
        if (!boundedRan && !Thread.currentThread().isInterrupted() && !budget.expired()) {
            BoundedAnswer a = runBounded(bounded, budget, cpu, boundedWork, progress);
            boundedOutcome = a.outcome();
            if (a.proof() != null) return new Result(Kind.RACE_FREE, Optional.empty(), states, null, round, a.proof());
            Optional<RaceWitness> replayed = replay(program, a, cpu, progress);
            if (replayed.isPresent()) return new Result(Kind.RACE, replayed, states, proof, round + 1);
            if (!a.inputHints().isEmpty() && options.confirm() && budget.remainingMillis() >= MIN_LAYER_MILLIS && !budget.expired()) {
                progress.phase("searching for a racing interleaving with the solver's inputs");
                Explorer explorer = witnessSearch(program, ExploreOptions.defaults().maxSteps(), FIRST_ROUND_EXECUTIONS * 4,
                        budget.remainingMillis(), a.inputHints());
                Optional<RaceWitness> w = explorer.findRace(budget);
                if (w.isPresent()) return new Result(Kind.RACE, w, states, proof, round + 1);
            }
        }
        List<String> notes = new ArrayList<>();
        if (explorationStop != null) notes.add("exhaustive exploration incomplete: " + explorationStop);
        if (searchSummary != null) notes.add("witness search (first round): " + searchSummary);
        if (boundedOutcome != null) notes.add("bounded layer: " + boundedOutcome);
        return new Result(Kind.OPEN, Optional.empty(), states, proof, round, null, notes);
    }

    /**
     * {@code --prover bounded}: the bounded layer alone with the whole budget, before any explicit round (so its answer
     * is seen where the explorer would have found the race first); then its racing run replayed, or the witness search
     * with the inputs it found in what is left.
     */
    private Result boundedAlone(Program program, Budget budget, Progress progress, java.util.function.Function<Budget, BoundedAnswer> bounded) {
        if (budget.remainingMillis() < MIN_LAYER_MILLIS) return new Result(Kind.OPEN, Optional.empty(), 0, null, 0);
        progress.phase("bounded layer: refuting candidate accesses with Z3");
        BoundedAnswer a = bounded.apply(budget);
        if (a.proof() != null) return new Result(Kind.RACE_FREE, Optional.empty(), 0, null, 0, a.proof());
        Optional<RaceWitness> replayed = replay(program, a, budget, progress);
        if (replayed.isPresent()) return new Result(Kind.RACE, replayed, 0, null, 1);
        if (options.confirm() && budget.remainingMillis() >= MIN_LAYER_MILLIS) {
            progress.phase("searching for a racing interleaving");
            Optional<RaceWitness> w = witnessSearch(program, ExploreOptions.defaults().maxSteps(), FIRST_ROUND_EXECUTIONS * 4,
                    budget.remainingMillis(), a.inputHints()).findRace();
            if (w.isPresent()) return new Result(Kind.RACE, w, 0, null, 1);
        }
        List<String> notes = a.outcome() == null ? List.of() : List.of("bounded layer: " + a.outcome());
        return new Result(Kind.OPEN, Optional.empty(), 0, null, 1, null, notes);
    }

    /** The witness search with these limits, the default seed and the inputs the solver found tried first. */
    private Explorer witnessSearch(Program program, long steps, int executions, long ms, java.util.Map<String, java.util.List<Long>> hints) {
        return new Explorer(program, new ExploreOptions(steps, executions, ms, ExploreOptions.defaults().seed(),
                options.atomicSectionsRace(), options.libcStateRaces(), hints, !options.closedCommandLine(), targets), starts);
    }

    /**
     * Replays the racing run the bounded layer read from a solver model ({@code weft.bounded.bmc.Schedule}) in the
     * explorer: its execution, if it reaches a racing state, is the witness (the model itself never is).
     */
    private Optional<RaceWitness> replay(Program program, BoundedAnswer a, Budget budget, Progress progress) {
        if (a.schedule() == null || !options.confirm() || budget.remainingMillis() < MIN_LAYER_MILLIS) return Optional.empty();
        progress.phase("replaying the solver's racing run");
        Explorer explorer = new Explorer(program, new ExploreOptions(ExploreOptions.defaults().maxSteps(), 1, budget.remainingMillis(),
                ExploreOptions.defaults().seed(), options.atomicSectionsRace(), options.libcStateRaces(), a.inputHints()));
        return explorer.follow(a.schedule().guide(), ExploreOptions.defaults().maxSteps(), Math.min(budget.remainingMillis(), REPLAY_MILLIS)).race();
    }

    /**
     * The bounded layer with work of its own ({@code meter}) as large as a share of what is left of the explicit
     * layers' work {@code budget}, capped by {@code cpu}: its parse, its encoding (its steps:
     * {@code weft.bounded.bmc.Effort}) and its solver calls (limited by Z3's deterministic resource count, charged with
     * what they used: {@code weft.bounded.bmc.SolverWork}) count on it. Its work is not taken from the explicit layers'
     * (its share was CPU time beside their work before it counted work, and the search rounds after it keep what they
     * had: qsort_mt's race is confirmed after 9.9 million units of search).
     */
    private static BoundedAnswer runBounded(java.util.function.Function<Budget, BoundedAnswer> bounded, Budget budget, Budget cpu,
                                            WorkMeter meter, Progress progress) {
        if (budget.remainingMillis() < MIN_LAYER_MILLIS || budget.expired()) return BoundedAnswer.NONE;
        progress.phase("bounded layer: refuting candidate accesses with Z3");
        return bounded.apply(Budget.work(meter, Math.max(BOUNDED_MIN_MILLIS, budget.remainingMillis() / 3)).cappedBy(cpu));
    }

    /**
     * The explicit layers' budget of deterministic work ({@link WorkMeter}), in ms: {@link #WORK_SHARE} of what the
     * analysis's nominal budget ({@link AnalysisOptions#nominalMillis}, a function of the user's limit) leaves after a
     * charge for the front end and the thread-modular layer, which count CPU time: {@link #FIXED_CHARGE_MILLIS} and
     * {@link #EDGES_PER_CHARGED_MILLI} statements of the program a millisecond. The charge is a function of the
     * program, not of the CPU those layers took, so the work is the same on every run; measured at the 10 s default
     * (the CPU time of the analysis's budget left at the precise layers' start), it is at least what they used on the
     * real programs (pigz, 11,908 statements: 6.3 s of the nominal 7.7 s charged, 3.5 s of CPU time left; knot,
     * 1,841: 1.2 s charged, 7.2 s left), so that the work ends before the cap (on the 631 SV-COMP tasks of the dev set
     * at the default budget, no run was capped).
     */
    static long workMillis(AnalysisOptions options, Program program) {
        long left = options.nominalMillis() - FIXED_CHARGE_MILLIS - program.statements() / EDGES_PER_CHARGED_MILLI;
        return Math.max(MIN_LAYER_MILLIS, (long) (left * WORK_SHARE));
    }

    private static long saturatedShift(long v, int shift) {
        return shift >= Long.numberOfLeadingZeros(v) - 1 ? Long.MAX_VALUE / 2 : v << shift;
    }
}
