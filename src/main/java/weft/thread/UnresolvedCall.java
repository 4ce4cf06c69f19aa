package weft.thread;

import weft.ir.SourceLoc;

/**
 * A call through a function pointer (or a thread creation whose start routine is a pointer) that the
 * analyses could not follow completely, with where it is and why: it may run code no analysis has seen,
 * so it keeps the verdict away from race-free and the report lists it for the user.
 *
 * @param function link name of the function containing the call
 * @param loc      the call's source location
 * @param reason   what is missing, for people (e.g. "call through a function pointer with no known target")
 */
public record UnresolvedCall(String function, SourceLoc loc, String reason) {
    @Override
    public String toString() {
        return loc + " in " + function + ": " + reason;
    }
}
