package weft.trace;

import java.util.List;
import java.util.Map;

/**
 * A data race witness: executing {@code schedule} from program start reaches a state in which the threads of
 * {@code first} and {@code second} are both able to perform their next statement, and those statements perform the
 * two conflicting accesses. {@code nondetValues} gives the values chosen for nondeterministic inputs (keyed by the
 * function, source location and occurrence). {@code threads} lists the threads of the execution in creation order
 * (index 0 is main) with their creation sites.
 */
public record RaceWitness(RaceAccess first, RaceAccess second, List<Step> schedule, Map<String, String> nondetValues,
                          List<WitnessThread> threads) {
    /**
     * The prefix of the {@link #nondetValues} keys of indeterminate values the execution made inputs (an automatic or
     * fresh heap object read before any write: {@code indeterminate NAME@loc#n}, NAME the variable read or, in
     * parentheses, the object); the other keys name calls.
     */
    public static final String INDETERMINATE = "indeterminate ";

    /**
     * The {@link #nondetValues} name of the command line the run started {@code main} with, when it is not the closed
     * one ({@code argc} 1): its words, {@code argv[0]} first, separated by single spaces (each word has none).
     */
    public static final String COMMAND_LINE = "command line";

    /**
     * The {@link #nondetValues} name of a choice that the handlers registered at its site (signal, exit or fork
     * handlers) did not run there: no signal arrived, the program did not end or fork yet.
     */
    public static final String NO_HANDLER = "no handler";

    /**
     * The {@link #nondetValues} name of the environment's time zone a call of {@code localtime} took (the value:
     * {@code UTC}; the reproducer runs with {@code TZ=UTC}).
     */
    public static final String TIME_ZONE = "time zone";

    /** The form of a {@link #nondetValues} key: group 1 the input's name, 2 its site {@code file:line:col}, 3 the occurrence. */
    public static final java.util.regex.Pattern KEY = java.util.regex.Pattern.compile("(.+)@(.+)#(\\d+)");

    public RaceWitness {
        schedule = List.copyOf(schedule);
        nondetValues = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(nondetValues));
        threads = List.copyOf(threads);
    }

    public RaceWitness(RaceAccess first, RaceAccess second, List<Step> schedule, Map<String, String> nondetValues) {
        this(first, second, schedule, nondetValues, List.of());
    }

    /** The thread with execution index {@code index}, if known. */
    public java.util.Optional<WitnessThread> thread(int index) {
        return threads.stream().filter(t -> t.index() == index).findFirst();
    }
}
