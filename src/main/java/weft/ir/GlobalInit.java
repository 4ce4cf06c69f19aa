package weft.ir;

import java.util.List;

/**
 * The static initialiser of an object, flattened: each item stores {@code value} at byte {@code offset}
 * with type {@code type}. Bytes no item covers are zero (C static initialisation), except the {@code unknown}
 * ranges: bytes the initialiser gives that the IR does not represent (a wide string literal, or one longer than the
 * front end spells out byte by byte), which every layer must take as unknown, never as zero (audit D33).
 */
public record GlobalInit(Variable variable, List<Item> items, List<Unknown> unknown) {
    public record Item(long offset, CType type, Expr value) {}

    /** {@code size} bytes at {@code offset} whose initial values the IR does not give. */
    public record Unknown(long offset, long size) {}

    public GlobalInit {
        items = List.copyOf(items);
        unknown = List.copyOf(unknown);
    }

    public GlobalInit(Variable variable, List<Item> items) {
        this(variable, items, List.of());
    }
}
