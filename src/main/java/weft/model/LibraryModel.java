package weft.model;

/**
 * A library function Weft understands: its C name, the event a call to it produces and, for C library
 * functions of the table ({@link LibcTable}), their further facts ({@link LibcFacts#NONE} otherwise).
 */
public record LibraryModel(String name, Event event, LibcFacts facts) {
    public LibraryModel {
        if (facts == null) facts = LibcFacts.NONE;
    }

    public LibraryModel(String name, Event event) {
        this(name, event, LibcFacts.NONE);
    }
}
