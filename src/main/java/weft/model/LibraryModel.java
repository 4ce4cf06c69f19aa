package weft.model;

import java.util.List;

/**
 * A library function Weft understands: its C name, the event a call to it produces and, for C library
 * functions of the table ({@link LibcTable}), their further facts ({@link LibcFacts#NONE} otherwise).
 *
 * @param alongside the plain accesses a call of a typed event makes besides what its event says, each the whole object a
 *                  pointer argument points to (none when that argument is null): the attribute object
 *                  {@code pthread_create} and the initialisations read, the timeout a timed wait reads, the condition
 *                  variable or key {@code pthread_cond_init} or {@code pthread_key_create} writes ({@link LibraryModels}).
 *                  Audit D41: without them a thread writing a shared {@code struct timespec} while another waited with it
 *                  was proved race-free.
 * @param alongsideMaybe whether the call may skip those accesses (glibc's timed locks read the timeout only when they must
 *                  wait): counted by proofs, never by a confirmation
 */
public record LibraryModel(String name, Event event, LibcFacts facts, List<Event.MemArg> alongside, boolean alongsideMaybe) {
    public LibraryModel {
        if (facts == null) facts = LibcFacts.NONE;
        alongside = List.copyOf(alongside);
    }

    public LibraryModel(String name, Event event, LibcFacts facts) {
        this(name, event, facts, List.of(), false);
    }

    public LibraryModel(String name, Event event) {
        this(name, event, LibcFacts.NONE);
    }
}
