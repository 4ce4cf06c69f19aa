package weft.race;

/** Two accesses no exclusion rule could separate: a possible data race. */
public record RacePair(Access first, Access second) {}
